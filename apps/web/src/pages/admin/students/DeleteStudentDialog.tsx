import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminStudent } from '@school-transport/contracts';
import { trpc } from '../../../trpc.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { AdminDialog } from '../../../components/AdminDialog/AdminDialog.js';

/** Delete asks first; the delete is soft (restorable), and the dialog says so. */
export function DeleteStudentDialog({ student, onClose, onDone }: { student: AdminStudent; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation('students');
  const remove = useMutation(trpc.admin.students.remove.mutationOptions());
  const name = `${student.firstName} ${student.lastName}`;
  const confirm = async () => {
    const done = await runAdminChange(
      () => remove.mutateAsync({ id: student.id }),
      { success: () => ({ title: t('toasts.deleted'), message: name }), failure: t('toasts.deleteFailed') },
      { after: onDone },
    );
    if (done) onClose();
  };
  return (
    <AdminDialog onClose={onClose} title={t('remove.title')}>
      <Stack>
        <Text>{t('remove.text', { name, id: student.automatedId })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('remove.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            {t('remove.confirm')}
          </Button>
        </Group>
      </Stack>
    </AdminDialog>
  );
}
