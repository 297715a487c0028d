import { List, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnassignedStudents } from '../../../../queries/analytics-queries.js';

/**
 * The children on this bus whom no single run takes one way (no run serves their school, or two
 * do): they wait in the bell until the office places them in their Edit Student dialog or plans a
 * run for their school. Listed under the bus so that a change of plan shows who it leaves out.
 */
export function ChildrenToPlace({ driverId }: { driverId: string }) {
  const { t } = useTranslation('routes');
  const unassigned = useUnassignedStudents();
  const children = (unassigned.data?.toPlace ?? []).flatMap((child) => child.ways.filter((way) => way.driver.id === driverId).map((way) => ({ child, way })));
  if (children.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {t('plannedRuns.toPlace.title')}
      </Title>
      <List size="sm" spacing={4}>
        {children.map(({ child, way }) => (
          <List.Item key={`${child.id}-${way.direction}`}>
            {t('plannedRuns.toPlace.line', {
              name: `${child.firstName} ${child.lastName}`,
              school: child.school.name,
              direction: t(`plannedRuns.directionShort.${way.direction}`),
            })}{' '}
            {way.runs.length === 0 ? t('plannedRuns.toPlace.noRun') : t('plannedRuns.toPlace.choose', { runs: way.runs.map((run) => run.name).join(', ') })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
