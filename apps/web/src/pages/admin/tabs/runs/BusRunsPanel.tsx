import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminDriver, DriverRunsList, PlannedRun } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../../../trpc.js';
import { useCan } from '../../../../auth/permissions.js';
import { useSchools } from '../../../../queries/admin-queries.js';
import { ListState } from '../ListState.js';
import { RunTimeline } from './RunTimeline.js';
import { RunCard } from './RunCard.js';
import { RunForm } from './RunForm.js';
import { runLabel } from '../../../../components/PlannedRuns/run-label.js';
import { ChildrenToPlace } from './ChildrenToPlace.js';

/** For each run, the runs whose planned windows overlap it on a day both operate. */
function overlapsOf(list: DriverRunsList): Map<string, string[]> {
  const byId = new Map(list.runs.map((run) => [run.id, run]));
  const found = new Map<string, string[]>();
  for (const { runIds } of list.overlaps) {
    const [first, second] = runIds.map((id) => byId.get(id));
    if (!first || !second) continue;
    found.set(first.id, [...(found.get(first.id) ?? []), second.id]);
    found.set(second.id, [...(found.get(second.id) ?? []), first.id]);
  }
  return found;
}

/**
 * A bus's runs (the Drivers tab's Runs dialog, loaded only when opened): the day as a timeline, each
 * run with its riders against the seats and any overlap, and, for those who manage routes, adding,
 * editing and deleting runs, and the bus's children no single run takes. The form takes the list's
 * place, which suits a phone's one column.
 */
export function BusRunsPanel({ driver }: { driver: AdminDriver }) {
  const { t } = useTranslation('routes');
  const canManage = useCan()('routes.manage');
  const list = useQuery({ ...trpc.admin.plannedRuns.list.queryOptions({ driverId: driver.id }), ...ADMIN_LIST_QUERY });
  const schools = useSchools();
  const schoolList = schools.data?.schools ?? [];
  /** undefined: the list; null: adding a run; a run: editing it. */
  const [editing, setEditing] = useState<PlannedRun | null | undefined>(undefined);

  if (editing !== undefined) return <RunForm driverId={driver.id} run={editing} schools={schoolList} onDone={() => setEditing(undefined)} />;

  return (
    <Stack>
      <Text size="sm" c="dark.7">
        {t('plannedRuns.intro')}
      </Text>
      {canManage && (
        <Group>
          <Button onClick={() => setEditing(null)} aria-label={t('plannedRuns.addLabel', { driver: driver.name })}>
            {t('plannedRuns.add')}
          </Button>
        </Group>
      )}
      <ListState query={list}>
        {list.data &&
          (list.data.runs.length === 0 ? (
            <Text c="dark.7">{t('plannedRuns.empty')}</Text>
          ) : (
            <RunsOfBus list={list.data} schools={schoolList} canManage={canManage} onEdit={setEditing} />
          ))}
      </ListState>
      <ChildrenToPlace driverId={driver.id} />
    </Stack>
  );
}

function RunsOfBus({
  list,
  schools,
  canManage,
  onEdit,
}: {
  list: DriverRunsList;
  schools: Parameters<typeof RunCard>[0]['schools'];
  canManage: boolean;
  onEdit: (run: PlannedRun) => void;
}) {
  const { t } = useTranslation('routes');
  const overlaps = overlapsOf(list);
  const nameOf = (id: string) => {
    const run = list.runs.find((entry) => entry.id === id);
    return run ? runLabel(run, t) : id;
  };
  return (
    <Stack>
      <RunTimeline runs={list.runs} />
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.runs.map((run) => (
          <RunCard
            key={run.id}
            run={run}
            overlapsWith={(overlaps.get(run.id) ?? []).map(nameOf)}
            schools={schools}
            canManage={canManage}
            onEdit={() => onEdit(run)}
          />
        ))}
      </Stack>
    </Stack>
  );
}
