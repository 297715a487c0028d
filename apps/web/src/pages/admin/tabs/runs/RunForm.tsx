import { Checkbox, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DRIVER_RUNS, newPlannedRunInput, WEEKDAYS, type AdminSchool, type DriverRun, type PlannedRun, type Weekday } from '@school-transport/contracts';
import { trpc } from '../../../../trpc.js';
import { zodErrors } from '../../../../forms/validation.js';
import { FormActions } from '../../../../components/AdminForm/FormActions.js';
import { runAdminChange } from '../../../../components/AdminForm/run-admin-change.js';
import { refreshAdminData } from '../../../../queries/admin-queries.js';

interface RunValues {
  direction: DriverRun;
  name: string;
  schoolIds: string[];
  /** 'HH:MM', or empty: a new run's times default on the server, an edited run's stay. */
  plannedStart: string;
  plannedEnd: string;
  weekdays: Weekday[];
}

function valuesOf(run: PlannedRun | null): RunValues {
  return {
    direction: run?.direction ?? 'afternoon',
    name: run?.name ?? '',
    schoolIds: run?.schoolIds ?? [],
    plannedStart: run?.plannedStart ?? '',
    plannedEnd: run?.plannedEnd ?? '',
    weekdays: run?.weekdays ?? [],
  };
}

/** The run as the server takes it: empty times left out, no weekday ticked sent as none (the school week). */
function payloadOf(values: RunValues) {
  return {
    direction: values.direction,
    name: values.name,
    schoolIds: values.schoolIds,
    weekdays: values.weekdays.length > 0 ? values.weekdays : null,
    ...(values.plannedStart ? { plannedStart: values.plannedStart } : {}),
    ...(values.plannedEnd ? { plannedEnd: values.plannedEnd } : {}),
  };
}

/**
 * Adds a run to a bus (run = null) or edits one, in place of the bus's list of runs: the name, the
 * direction, the schools it serves, its planned times and its weekdays. Checked with the same
 * contract as the server before it is sent.
 */
export function RunForm({ driverId, run, schools, onDone }: { driverId: string; run: PlannedRun | null; schools: readonly AdminSchool[]; onDone: () => void }) {
  const { t } = useTranslation('routes');
  const { t: tDay } = useTranslation('officeDay');
  const form = useForm<RunValues>({
    mode: 'controlled',
    initialValues: valuesOf(run),
    validate: (values) => zodErrors(newPlannedRunInput, { driverId, ...payloadOf(values) }),
  });
  const create = useMutation(trpc.admin.plannedRuns.create.mutationOptions());
  const update = useMutation(trpc.admin.plannedRuns.update.mutationOptions());
  // A school the office deactivated since stays choosable on the run that names it.
  const schoolOptions = schools
    .filter((school) => school.active || run?.schoolIds.includes(school.id))
    .map((school) => ({ value: school.id, label: school.name }));
  const directionOptions = DRIVER_RUNS.map((direction) => ({ value: direction, label: t(`plannedRuns.directions.${direction}`) }));

  const submit = async (values: RunValues) => {
    const saved = await runAdminChange(
      () => (run ? update.mutateAsync({ runId: run.id, ...payloadOf(values) }) : create.mutateAsync({ driverId, ...payloadOf(values) })),
      { success: () => ({ title: run ? t('plannedRuns.updated') : t('plannedRuns.added'), message: values.name }), failure: t('plannedRuns.saveFailed') },
      { after: refreshAdminData, setErrors: form.setErrors },
    );
    if (saved) onDone();
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-labelledby="run-form-title">
      <Stack>
        <Title order={3} size="h4" id="run-form-title">
          {run ? t('plannedRuns.editTitle') : t('plannedRuns.addTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('plannedRuns.name')} placeholder={t('plannedRuns.namePlaceholder')} withAsterisk maxLength={80} {...form.getInputProps('name')} />
          <Select label={t('plannedRuns.direction')} data={directionOptions} allowDeselect={false} withAsterisk {...form.getInputProps('direction')} />
        </SimpleGrid>
        <MultiSelect
          label={t('plannedRuns.schools')}
          description={t('plannedRuns.schoolsHint')}
          data={schoolOptions}
          searchable
          clearable
          {...form.getInputProps('schoolIds')}
        />
        <Stack gap={4}>
          <SimpleGrid cols={2}>
            <TextInput type="time" label={t('plannedRuns.plannedStart')} {...form.getInputProps('plannedStart')} />
            <TextInput type="time" label={t('plannedRuns.plannedEnd')} {...form.getInputProps('plannedEnd')} />
          </SimpleGrid>
          {!run && (
            <Text size="xs" c="dark.6">
              {t('plannedRuns.timesHint')}
            </Text>
          )}
        </Stack>
        <Checkbox.Group
          label={t('plannedRuns.weekdays')}
          description={t('plannedRuns.weekdaysHint')}
          value={form.values.weekdays}
          onChange={(value) =>
            form.setFieldValue(
              'weekdays',
              WEEKDAYS.filter((day) => value.includes(day)),
            )
          }
          error={form.errors.weekdays}
        >
          <Group gap="sm" mt="xs">
            {WEEKDAYS.map((day) => (
              <Checkbox key={day} value={day} label={tDay(`settings.weekday.${day}`)} />
            ))}
          </Group>
          {form.values.weekdays.length === 0 && (
            <Text size="sm" c="dark.7" mt="xs" data-testid="follows-school-week">
              {t('plannedRuns.followsSchoolWeek')}
            </Text>
          )}
        </Checkbox.Group>
        <FormActions pending={create.isPending || update.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
