import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminStudent } from '@school-transport/contracts';
import { trpc } from '../../../trpc.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { AdminDialog } from '../../../components/AdminDialog/AdminDialog.js';
import { OverCapacityField } from '../../../components/Seats/OverCapacityField.js';
import { useOverCapacity } from '../../../components/Seats/use-over-capacity.js';

/** A restore refused because the student's bus filled up meanwhile: the admin may restore over capacity, with a reason. */
export function RestoreOverCapacityDialog({
  student,
  refusal,
  onClose,
  onDone,
}: {
  student: AdminStudent;
  refusal: unknown;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('students');
  const restore = useMutation(trpc.admin.students.restore.mutationOptions());
  const overCapacity = useOverCapacity(refusal);
  const { refusedWith } = overCapacity;
  const name = `${student.firstName} ${student.lastName}`;

  const confirm = async () => {
    const done = await runAdminChange(
      () => restore.mutateAsync({ id: student.id, ...overCapacity.choice() }),
      { success: () => ({ title: t('toasts.restored'), message: name }), failure: t('toasts.restoreFailed') },
      { after: onDone, refused: refusedWith },
    );
    if (done) onClose();
  };
  return (
    <AdminDialog onClose={onClose} title={t('actions.restore', { name })}>
      <Stack>
        <OverCapacityField state={overCapacity} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} mih={44}>
            {t('remove.cancel')}
          </Button>
          <Button loading={restore.isPending} disabled={!overCapacity.allowed} onClick={() => void confirm()} mih={44}>
            {t('actions.restoreLabel')}
          </Button>
        </Group>
      </Stack>
    </AdminDialog>
  );
}
