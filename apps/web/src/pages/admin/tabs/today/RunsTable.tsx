import { Badge, Button, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useTranslation } from 'react-i18next';
import type { AdminRun, RunStatus } from '@school-transport/contracts';
import { formatNumber, formatTime } from '../../../../i18n/format.js';
import { tableRegionProps } from '../data-table-region.js';
import { runName } from '../../../../components/PlannedRuns/run-label.js';

const STATUS_COLORS: Record<RunStatus, string> = { not_started: 'gray', in_progress: 'blue', done: 'teal' };

/**
 * Every driver's runs of the day with their counts: an overdue run (children still on board past
 * the planned end) is red and says so, and comes first, as the server orders them.
 */
export function RunsTable({
  runs,
  fetching,
  onSubstitute,
  onActForDriver,
}: {
  runs: AdminRun[];
  fetching: boolean;
  /** A substitute can be named for today or a day to come. */
  onSubstitute?: (run: AdminRun) => void;
  /** The office acts for a driver on today's runs. */
  onActForDriver?: (run: AdminRun) => void;
}) {
  const { t, i18n } = useTranslation('officeDay');
  const count = (value: number) => formatNumber(value, i18n.language);
  const nameOf = (run: AdminRun) => runName({ direction: run.run, name: run.name }, (direction) => t(`runs.runName.${direction}`));
  const runLabel = (run: AdminRun) => `${run.driver.name}, ${nameOf(run)}`;
  return (
    <DataTable<AdminRun>
      aria-label={t('runs.title')}
      withTableBorder
      borderRadius="sm"
      striped
      minHeight={runs.length === 0 ? 140 : undefined}
      noRecordsText={t('runs.empty')}
      records={runs}
      // One row per planned run: a bus may do two runs the same way in a day.
      idAccessor={(run) => run.id}
      fetching={fetching}
      scrollAreaProps={tableRegionProps(t('runs.title'))}
      // The actions stay in reach at the table's end while its figures scroll beneath them.
      pinLastColumn={Boolean(onSubstitute || onActForDriver)}
      rowStyle={(run) => (run.overdue ? { backgroundColor: 'var(--mantine-color-red-0)', boxShadow: 'inset 4px 0 0 var(--mantine-color-red-7)' } : undefined)}
      columns={[
        {
          accessor: 'driver',
          title: t('runs.driver'),
          render: (run) => (
            <Stack gap={0} miw={120}>
              <Text size="sm" fw={600}>
                <bdi>{run.driver.name}</bdi>
              </Text>
              {run.substitute && (
                <Text size="xs" c="dimmed">
                  {t('runs.substitute', { name: run.substitute.name })}
                </Text>
              )}
            </Stack>
          ),
        },
        { accessor: 'run', title: t('runs.run'), noWrap: true, render: nameOf },
        {
          accessor: 'status',
          title: t('runs.status'),
          noWrap: true,
          render: (run) => (
            <Stack gap={4} align="flex-start">
              <Badge color={STATUS_COLORS[run.status]} variant="light" miw="max-content">
                {t(`runs.statusName.${run.status}`)}
              </Badge>
              {run.overdue && (
                <Badge color="red" variant="filled" miw="max-content" title={t('runs.overdueLabel')}>
                  {t('runs.overdue')}
                </Badge>
              )}
              {run.trackerSilent && (
                <Badge color="yellow" variant="filled" c="dark.9" miw="max-content" title={t('runs.trackerSilentLabel')} data-testid="tracker-silent">
                  {t('runs.trackerSilent')}
                </Badge>
              )}
            </Stack>
          ),
        },
        { accessor: 'expected', title: t('runs.expected'), textAlign: 'center', render: (run) => count(run.expected) },
        {
          accessor: 'boarded',
          title: t('runs.boarded'),
          textAlign: 'center',
          render: (run) =>
            run.boarded > 0 ? (
              <Text fw={700} size="sm" c={run.overdue ? 'red.9' : undefined}>
                {count(run.boarded)}
              </Text>
            ) : (
              count(run.boarded)
            ),
        },
        { accessor: 'dropped', title: t('runs.dropped'), textAlign: 'center', render: (run) => count(run.dropped) },
        { accessor: 'absent', title: t('runs.absent'), textAlign: 'center', render: (run) => count(run.absent) },
        { accessor: 'noShow', title: t('runs.noShow'), textAlign: 'center', render: (run) => count(run.noShow) },
        { accessor: 'returnedToSchool', title: t('runs.returnedToSchool'), textAlign: 'center', render: (run) => count(run.returnedToSchool) },
        {
          accessor: 'startedAt',
          title: t('runs.times'),
          noWrap: true,
          render: (run) =>
            run.startedAt ? (
              <Stack gap={0}>
                <Text size="sm">{t('runs.started', { time: formatTime(run.startedAt, i18n.language) })}</Text>
                {run.endedAt && <Text size="sm">{t('runs.ended', { time: formatTime(run.endedAt, i18n.language) })}</Text>}
              </Stack>
            ) : (
              t('runs.notStarted')
            ),
        },
        ...(onSubstitute || onActForDriver
          ? [
              {
                accessor: 'actions',
                title: t('runs.actions'),
                render: (run: AdminRun) =>
                  run.status === 'done' ? null : (
                    <Stack gap={6} miw={150}>
                      {onActForDriver && (
                        <Button
                          size="sm"
                          mih={44}
                          variant="light"
                          color="orange"
                          onClick={() => onActForDriver(run)}
                          aria-label={t('act.openLabel', { run: runLabel(run) })}
                        >
                          {t('act.open')}
                        </Button>
                      )}
                      {onSubstitute && (
                        <Button
                          size="sm"
                          mih={44}
                          variant="light"
                          onClick={() => onSubstitute(run)}
                          aria-label={t('substitute.openLabel', { run: runLabel(run) })}
                        >
                          {t('substitute.open')}
                        </Button>
                      )}
                    </Stack>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
