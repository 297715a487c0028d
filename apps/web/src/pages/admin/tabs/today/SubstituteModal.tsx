import { useState } from 'react';
import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminRun } from '@school-transport/contracts';
import { trpc } from '../../../../trpc.js';
import { AdminDialog } from '../../../../components/AdminDialog/AdminDialog.js';
import { runAdminChange } from '../../../../components/AdminForm/run-admin-change.js';
import { OverCapacityField } from '../../../../components/Seats/OverCapacityField.js';
import { useOverCapacity } from '../../../../components/Seats/use-over-capacity.js';
import { useDrivers } from '../../../../queries/admin-queries.js';
import { refreshOfficeDay } from '../../../../queries/school-day-queries.js';
import { runName } from '../../../../components/PlannedRuns/run-label.js';

/**
 * Hands one day's run to another driver (the run's own driver is ill, the bus is in the garage):
 * the substitute sees it as their own that day. No substitute hands it back. Audited. A substitute
 * whose bus is full for the run is refused; the dialog stays open with the refusal and, for an
 * admin, 'Allow over capacity' with its reason, as the student dialogs have it.
 */
export function SubstituteModal({ run, onClose }: { run: AdminRun; onClose: () => void }) {
  const { t } = useTranslation('officeDay');
  const title = `${run.driver.name}, ${runName({ direction: run.run, name: run.name }, (direction) => t(`runs.runName.${direction}`))}`;
  const drivers = useDrivers();
  const [substitute, setSubstitute] = useState<string>(run.substitute?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.admin.schoolDay.substitute.mutationOptions());
  const overCapacity = useOverCapacity();
  const others = (drivers.data?.drivers ?? []).filter((driver) => driver.id !== run.driver.id && driver.status === 'active');

  const send = async () => {
    if (save.isPending) return;
    const done = await runAdminChange(
      () => save.mutateAsync({ driverId: run.driver.id, run: run.run, date: run.date, substituteDriverId: substitute || null, ...overCapacity.choice() }),
      { success: () => ({ title: t('substitute.saved'), message: title }), failure: t('substitute.failed') },
      {
        after: refreshOfficeDay,
        setErrors: (errors) => setError(typeof errors.substituteDriverId === 'string' ? errors.substituteDriverId : null),
        refused: (error) => overCapacity.refusedWith(error),
      },
    );
    if (done) onClose();
  };

  return (
    <AdminDialog onClose={onClose} title={t('substitute.title', { run: title })} closeButtonProps={{ 'aria-label': t('substitute.close') }}>
      <Stack>
        <Alert color="blue" variant="light">
          {t('substitute.note')}
        </Alert>
        <Select
          label={t('substitute.driver')}
          data={[{ value: '', label: t('substitute.none', { name: run.driver.name }) }, ...others.map((driver) => ({ value: driver.id, label: driver.name }))]}
          value={substitute}
          onChange={(value) => {
            setSubstitute(value ?? '');
            setError(null);
            // Another driver's bus: the last refusal was about a different bus.
            overCapacity.refusedWith(null);
            overCapacity.setAllowed(false);
          }}
          allowDeselect={false}
          searchable
          error={error}
        />
        <OverCapacityField state={overCapacity} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} mih={44}>
            {t('substitute.close')}
          </Button>
          <Button onClick={() => void send()} loading={save.isPending} mih={44}>
            {t('substitute.save')}
          </Button>
        </Group>
      </Stack>
    </AdminDialog>
  );
}
