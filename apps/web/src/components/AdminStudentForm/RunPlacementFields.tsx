import { Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ridesOnRun, type DriverRun } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../trpc.js';
import { runLabel } from '../PlannedRuns/run-label.js';
import type { StudentFormValues } from './form-values.js';

/** The runs of a bus in one direction as the picker's choices, after 'By school'; none while no bus is chosen. */
function useRunChoices(driverId: string, direction: DriverRun) {
  const { t } = useTranslation('students');
  const { t: tRoutes } = useTranslation('routes');
  const bus = driverId === 'none' ? null : driverId;
  const runs = useQuery({ ...trpc.admin.plannedRuns.list.queryOptions({ driverId: bus ?? '' }), ...ADMIN_LIST_QUERY, enabled: bus !== null });
  const own = (runs.data?.runs ?? []).filter((run) => run.direction === direction);
  return [
    { value: 'none', label: t('form.byRule') },
    ...own.map((run) => ({ value: run.id, label: t('form.runOption', { name: runLabel(run, tRoutes), start: run.plannedStart, end: run.plannedEnd }) })),
  ];
}

/**
 * Edit Student's runs: the run the child rides each way ('By school', or one of the bus's runs
 * that way, where two serve the school) and another bus home ('Same bus as the morning' or one
 * of the buses). A direction the service type leaves out shows no picker.
 */
export function RunPlacementFields({ form, driverOptions }: { form: UseFormReturnType<StudentFormValues>; driverOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('students');
  const values = form.getValues();
  const afternoonBus = values.afternoonDriverId === 'none' ? values.driverId : values.afternoonDriverId;
  const morningChoices = useRunChoices(values.driverId, 'morning');
  const afternoonChoices = useRunChoices(afternoonBus, 'afternoon');
  const busHomeOptions = [{ value: 'none', label: t('form.sameBus') }, ...driverOptions.filter((option) => option.value !== 'none')];
  const morning = ridesOnRun(values.serviceType, 'morning');
  const afternoon = ridesOnRun(values.serviceType, 'afternoon');
  if (!morning && !afternoon) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {morning && (
        <Select
          label={t('form.morningRun')}
          description={t('form.runHint')}
          data={morningChoices}
          allowDeselect={false}
          {...form.getInputProps('morningRunId')}
        />
      )}
      {afternoon && (
        <Select
          label={t('form.afternoonRun')}
          description={t('form.runHint')}
          data={afternoonChoices}
          allowDeselect={false}
          {...form.getInputProps('afternoonRunId')}
        />
      )}
      {afternoon && (
        <Select
          label={t('form.afternoonDriver')}
          description={t('form.afternoonDriverHint')}
          data={busHomeOptions}
          searchable
          allowDeselect={false}
          {...form.getInputProps('afternoonDriverId')}
        />
      )}
    </SimpleGrid>
  );
}
