import { Switch } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage, queryClient, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';

/**
 * A child's handover on their card: on, the bus hands them at the afternoon stop only to a parent,
 * an adult on the family's list or the day's delegate. A family may turn it on for any child; a
 * child the school's rule covers keeps it on (only the office lifts it), so the switch is locked.
 */
export function HandoverSwitch({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation('parentDay');
  const current = useQuery(trpc.parent.studentHandover.queryOptions({ id: studentId }));
  const save = useMutation(trpc.parent.setStudentHandover.mutationOptions());
  if (!current.data) return null;
  const locked = current.data.byRule && current.data.required;
  const change = async (required: boolean) => {
    try {
      const saved = await save.mutateAsync({ id: studentId, required });
      queryClient.setQueryData(trpc.parent.studentHandover.queryKey({ id: studentId }), saved);
    } catch (error) {
      notify({ title: t('messages.failed'), message: errorMessage(error, t('messages.failed')), variant: 'destructive' });
    }
  };
  return (
    <Switch
      size="md"
      checked={current.data.required}
      disabled={locked || save.isPending}
      onChange={(event) => void change(event.currentTarget.checked)}
      label={t('handover.switch', { name })}
      description={locked ? t('handover.switchByRule') : t('handover.switchHint')}
    />
  );
}
