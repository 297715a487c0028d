import { Stack, Switch, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StudentHandover } from '@school-transport/contracts';
import { queryClient, trpc } from '../../trpc.js';
import { runAdminChange } from '../AdminForm/run-admin-change.js';

/**
 * The office's switch for a child's safe handover, in the student's edit dialog: on, the bus hands
 * the child at the afternoon stop only to a parent, an adult on the family's list or the day's
 * delegate. The school's rule for the grade is the default: switching it off for a child the rule
 * covers lifts it for that child alone; switching it back on returns the child to the rule (and on
 * for a child the rule does not cover requires it). Saved at once and audited, apart from the form.
 */
export function StudentHandoverSwitch({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation('students');
  const queryOptions = trpc.admin.handover.student.queryOptions({ id: studentId });
  const current = useQuery(queryOptions);
  const save = useMutation(trpc.admin.handover.setStudent.mutationOptions());
  if (!current.data) return null;
  const { required, byRule } = current.data;
  const change = async (on: boolean) => {
    // Only a departure from the school's rule is stored: the rule's own answer is null.
    const choice = on === byRule ? null : on;
    const saved = await runAdminChange(
      () => save.mutateAsync({ id: studentId, required: choice }),
      {
        success: (result: StudentHandover) => ({ title: result.required ? t('handover.required') : t('handover.notRequired'), message: name }),
        failure: t('handover.failed'),
      },
      { after: async () => undefined },
    );
    if (saved) queryClient.setQueryData(queryOptions.queryKey, saved);
  };
  const hint = byRule ? (required ? 'byRule' : 'lifted') : required ? 'asked' : 'noRule';
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('handover.title')}
      </Title>
      <Switch
        size="md"
        checked={required}
        disabled={save.isPending}
        onChange={(event) => void change(event.currentTarget.checked)}
        label={t('handover.switch', { name })}
        description={t(`handover.${hint}`)}
      />
    </Stack>
  );
}
