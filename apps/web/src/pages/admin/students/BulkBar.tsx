import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminDriver, PaymentStatus } from '@school-transport/contracts';
import { trpc } from '../../../trpc.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { OverCapacityField } from '../../../components/Seats/OverCapacityField.js';
import { useOverCapacity } from '../../../components/Seats/use-over-capacity.js';

/** Shown while rows are selected: one driver (or none) or one payment status for all of them, in one step. */
export function BulkBar({
  studentIds,
  drivers,
  onDone,
  onClear,
}: {
  studentIds: string[];
  drivers: AdminDriver[];
  onDone: () => Promise<void>;
  onClear: () => void;
}) {
  const { t } = useTranslation('students');
  const [driverId, setDriverId] = useState<string | null>(null);
  const bulk = useMutation(trpc.admin.students.bulkUpdate.mutationOptions());
  const overCapacity = useOverCapacity();
  const driverOptions = [
    { value: 'none', label: t('form.noDriver') },
    ...drivers.filter((d) => d.status === 'active').map((d) => ({ value: d.id, label: d.name })),
  ];

  const apply = (change: { driverId?: string; paymentStatus?: PaymentStatus }) =>
    runAdminChange(
      () => bulk.mutateAsync({ studentIds, ...change, ...(change.driverId ? overCapacity.choice() : {}) }),
      { success: (result) => ({ title: t('bulk.done', { count: result.updated }) }), failure: t('bulk.failed') },
      {
        refused: overCapacity.refusedWith,
        after: async () => {
          onClear();
          await onDone();
        },
      },
    );

  return (
    <Paper withBorder p="sm" role="region" aria-label={t('selection.count', { count: studentIds.length })}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Text fw={600} mr="auto">
            {t('selection.count', { count: studentIds.length })}
          </Text>
          <Select label={t('bulk.driver')} data={driverOptions} value={driverId} onChange={setDriverId} searchable w={220} />
          <Button disabled={!driverId || bulk.isPending} onClick={() => driverId && void apply({ driverId })} mih={44}>
            {t('bulk.assign')}
          </Button>
          <Button variant="light" color="green" disabled={bulk.isPending} onClick={() => void apply({ paymentStatus: 'paid' })} mih={44}>
            {t('bulk.markPaid')}
          </Button>
          <Button variant="light" color="yellow" disabled={bulk.isPending} onClick={() => void apply({ paymentStatus: 'unpaid' })} mih={44}>
            {t('bulk.markPending')}
          </Button>
          <Button variant="subtle" onClick={onClear} mih={44}>
            {t('selection.clear')}
          </Button>
        </Group>
        <OverCapacityField state={overCapacity} />
      </Stack>
    </Paper>
  );
}
