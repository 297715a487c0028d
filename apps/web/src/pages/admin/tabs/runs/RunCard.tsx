import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isFull, type AdminSchool, type PlannedRunWithRiders } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../../../trpc.js';
import { notify } from '../../../../notify.js';
import { formatNumber } from '../../../../i18n/format.js';
import { refreshAdminData } from '../../../../queries/admin-queries.js';
import { runLabel } from '../../../../components/PlannedRuns/run-label.js';

/**
 * One run of a bus: its direction and planned window, its weekdays and schools, its riders against
 * the bus's seats, the runs it overlaps (a warning: the office may know better), and Edit and
 * Delete. A refused delete (children placed on it by hand, in progress today, the last run of its
 * direction) says why beside the button.
 */
export function RunCard({
  run,
  overlapsWith,
  schools,
  canManage,
  onEdit,
}: {
  run: PlannedRunWithRiders;
  /** The names of the bus's runs whose planned windows overlap this one's. */
  overlapsWith: readonly string[];
  schools: readonly AdminSchool[];
  canManage: boolean;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation('routes');
  const { t: tDay } = useTranslation('officeDay');
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useMutation(trpc.admin.plannedRuns.remove.mutationOptions());
  const name = runLabel(run, t);
  const figures = { riders: formatNumber(run.riders, i18n.language), seats: run.seats === null ? '' : formatNumber(run.seats, i18n.language) };
  const full = isFull(run);
  const schoolNames = run.schoolIds.map((id) => schools.find((school) => school.id === id)?.name ?? id);

  const confirmDelete = async () => {
    setRefusal(null);
    try {
      await remove.mutateAsync({ runId: run.id });
      notify({ title: t('plannedRuns.deleted'), message: name });
      await refreshAdminData();
    } catch (error) {
      setConfirming(false);
      setRefusal(errorMessage(error, t('plannedRuns.deleteFailed')));
    }
  };

  return (
    <Paper withBorder p="sm" component="li" data-testid="planned-run" aria-labelledby={`run-name-${run.id}`}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={700} c="dark.9" id={`run-name-${run.id}`} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm" c="dark.7">
            {t(`plannedRuns.directionShort.${run.direction}`)} · {t('plannedRuns.window', { start: run.plannedStart, end: run.plannedEnd })}
          </Text>
        </Group>
        <Text size="sm" c="dark.7">
          {run.weekdays ? run.weekdays.map((day) => tDay(`settings.weekday.${day}`)).join(', ') : t('plannedRuns.followsSchoolWeek')}
        </Text>
        <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
          {schoolNames.length > 0 ? schoolNames.join(', ') : t('plannedRuns.everySchool')}
        </Text>
        <Group gap={6}>
          <Text size="sm" c={full ? 'red.9' : 'dark.9'} fw={full ? 700 : 500} data-testid="run-riders">
            {run.seats === null ? t('plannedRuns.ridersOnly', figures) : t('plannedRuns.riders', figures)}
          </Text>
          {full && (
            <Badge size="sm" color="red" variant="light">
              {run.seats !== null && run.riders > run.seats ? t('plannedRuns.over') : t('plannedRuns.full')}
            </Badge>
          )}
        </Group>
        {overlapsWith.length > 0 && (
          // A note rather than an alert: it is read with the run, not announced over what the office is doing.
          <Alert color="yellow" variant="light" p="xs" role="note" data-testid="run-overlap">
            {overlapsWith.map((other) => (
              <Text key={other} size="sm" fw={600} c="dark.9">
                {t('plannedRuns.overlaps', { name: other })}
              </Text>
            ))}
            <Text size="xs" c="dark.7">
              {t('plannedRuns.overlapsHint')}
            </Text>
          </Alert>
        )}
        {canManage && (
          <Stack gap={4} mt={4}>
            {confirming ? (
              <>
                <Text size="sm" c="dark.9">
                  {t('plannedRuns.deleteConfirm', { name })}
                </Text>
                <Group gap="xs">
                  <Button size="xs" color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
                    {t('plannedRuns.deleteYes')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                    {t('plannedRuns.deleteNo')}
                  </Button>
                </Group>
              </>
            ) : (
              <Group gap="xs" wrap="wrap" align="center">
                <Button size="xs" variant="light" onClick={onEdit} aria-label={t('plannedRuns.editLabel', { name })}>
                  {t('plannedRuns.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => {
                    setRefusal(null);
                    setConfirming(true);
                  }}
                  aria-label={t('plannedRuns.deleteLabel', { name })}
                  aria-describedby={refusal ? `run-refusal-${run.id}` : undefined}
                >
                  {t('plannedRuns.delete')}
                </Button>
                {refusal && (
                  <Text size="sm" c="red.9" role="alert" id={`run-refusal-${run.id}`} style={{ flexBasis: '100%' }}>
                    {refusal}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
