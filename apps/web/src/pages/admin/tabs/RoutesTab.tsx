import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderByDistance, type DriverRun, type LatLng, type RunStop } from '@school-transport/contracts';
import { trpc } from '../../../trpc.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { LazyRunMap } from '../../../components/RunMap/LazyRunMap.js';
import { formatDateTime } from '../../../i18n/format.js';
import { useCan } from '../../../auth/permissions.js';
import { useDrivers } from '../../../queries/admin-queries.js';
import { refreshRoutes, showRunStops, useBusRuns, useRunStops } from '../../../queries/routes-queries.js';
import { RunPicker } from '../../../components/PlannedRuns/RunPicker.js';
import { runName } from '../../../components/PlannedRuns/run-label.js';
import { shownRun } from '../../../components/PlannedRuns/shown-run.js';
import { ListState } from './ListState.js';
import { SortableStops } from './routes/SortableStops.js';
import { StopDistances } from './routes/StopDistances.js';
import { PinStop } from './routes/PinStop.js';

/**
 * Routes: one run of a bus as the bus drives it, picked among the bus's runs (a bus may drive two
 * afternoon runs, each with its own stops and order). The office orders the stops (drag and drop,
 * or by keyboard), orders them by distance once stops have positions, pins where a stop is, and
 * sees the run on a map or as a list with the distances between stops.
 */
export function RoutesTab() {
  const { t, i18n } = useTranslation('routes');
  const can = useCan();
  const manage = can('routes.manage');
  const drivers = useDrivers();
  const [driverId, setDriverId] = useState<string | null>(null);
  const [pickedRunId, setPickedRunId] = useState<string | null>(null);
  const [view, setView] = useState<'map' | 'list'>('map');
  const [pinning, setPinning] = useState<string | null>(null);
  const busRuns = useBusRuns(driverId);
  const chosenRun = shownRun(busRuns.data?.runs ?? [], pickedRunId);
  const run = chosenRun?.id ?? null;
  const stops = useRunStops(driverId, run);
  const directionName = (direction: DriverRun) => t(`runName.${direction}`);
  const order = useMutation(trpc.admin.routes.order.mutationOptions());
  // mutateAsync is stable across renders: the map's handlers are not made again on every render.
  const { mutateAsync: saveLocation, isPending: savingLocation } = useMutation(trpc.admin.routes.setLocation.mutationOptions());
  const clearLocation = useMutation(trpc.admin.routes.clearLocation.mutationOptions());
  // The order just dropped, shown until the server has answered.
  const [pending, setPending] = useState<string[] | null>(null);

  const driverName = drivers.data?.drivers.find((driver) => driver.id === driverId)?.name ?? '';
  const answer = stops.data;
  const shown = useMemo(() => {
    const list = answer?.stops ?? [];
    if (!pending) return list;
    return pending.flatMap((id) => list.filter((stop) => stop.id === id));
  }, [answer, pending]);

  const saveOrder = async (stopIds: string[]) => {
    if (!driverId || !run || order.isPending) return;
    setPending(stopIds);
    const saved = await runAdminChange(
      () => order.mutateAsync({ driverId, run, stopIds }),
      { success: () => ({ title: t('stops.saved') }), failure: t('stops.failed') },
      { after: async () => undefined },
    );
    // Refused (a child joined or left since): the server's order is read again.
    if (saved) showRunStops(driverId, run, saved);
    else await refreshRoutes();
    setPending(null);
  };

  const place = useCallback(
    async (stopId: string, at: LatLng) => {
      if (!driverId || !run || !manage) return;
      const pin = { driverId, run, stopId, lat: Number(at.lat.toFixed(6)), lng: Number(at.lng.toFixed(6)) };
      const saved = await runAdminChange(
        () => saveLocation(pin),
        { success: () => ({ title: t('pin.saved') }), failure: t('pin.failed') },
        { after: async () => undefined },
      );
      if (!saved) return refreshRoutes();
      showRunStops(driverId, run, saved);
      setPinning(null);
    },
    [driverId, run, manage, saveLocation, t],
  );
  const placeOnMap = useCallback((stopId: string, at: LatLng) => void place(stopId, at), [place]);

  const unpin = async (stop: RunStop) => {
    if (!driverId || !run) return;
    const saved = await runAdminChange(
      () => clearLocation.mutateAsync({ driverId, run, stopId: stop.id }),
      { success: () => ({ title: t('pin.removed') }), failure: t('pin.failed') },
      { after: async () => undefined },
    );
    if (!saved) return;
    showRunStops(driverId, run, saved);
    setPinning(null);
  };

  const byDistance = answer ? orderByDistance(answer.stops) : [];
  const placedCount = answer?.stops.filter((stop) => stop.location).length ?? 0;
  const pinningStop = shown.find((stop) => stop.id === pinning);
  const mapStops = useMemo(
    () =>
      shown.map((stop, index) => ({
        id: stop.id,
        number: index + 1,
        title: t('map.stopTitle', { number: index + 1, names: stop.students.map((student) => student.firstName).join(', ') }),
        location: stop.location,
      })),
    [shown, t],
  );

  return (
    <Stack>
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </div>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('driver')}
          placeholder={t('driverPlaceholder')}
          data={(drivers.data?.drivers ?? []).map((driver) => ({ value: driver.id, label: driver.name }))}
          value={driverId}
          onChange={(value) => {
            setDriverId(value);
            setPickedRunId(null);
            setPinning(null);
          }}
          searchable
          w={{ base: '100%', xs: 280 }}
        />
        {busRuns.data && run && (
          <RunPicker
            runs={busRuns.data.runs}
            value={run}
            label={t('run')}
            directionName={directionName}
            onChange={(runId) => {
              setPickedRunId(runId);
              setPinning(null);
            }}
          />
        )}
      </Group>
      {!driverId && <Text c="dark.7">{t('noDriver')}</Text>}
      {driverId && <ListState query={busRuns}>{busRuns.data?.runs.length === 0 && <Text c="dark.7">{t('noRuns')}</Text>}</ListState>}
      {driverId && run && (
        <ListState query={stops}>
          {answer && (
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" gap="xs">
                <Stack gap={2}>
                  <Text fw={700} data-testid="route-riders">
                    {answer.seats === null ? t('noSeatLimit', { riders: answer.riders }) : t('seats', { riders: answer.riders, seats: answer.seats })}
                  </Text>
                  <Text size="sm" c="dark.7" data-testid="route-ordered-by">
                    {answer.orderedBy
                      ? t('orderedBy', { name: answer.orderedBy.name, time: formatDateTime(answer.orderedBy.at, i18n.language) })
                      : t('neverOrdered')}
                  </Text>
                  {chosenRun?.direction === 'afternoon' && !answer.orderedBy && (
                    <Text size="sm" c="dark.7">
                      {t('afternoonFollows')}
                    </Text>
                  )}
                </Stack>
                {manage && (
                  <Stack gap={2} maw={320}>
                    <Button
                      mih={44}
                      variant="default"
                      disabled={placedCount < 2 || order.isPending}
                      onClick={() => void saveOrder(byDistance.map((stop) => stop.id))}
                    >
                      {t('orderByDistance')}
                    </Button>
                    <Text size="xs" c="dark.7">
                      {t('orderByDistanceHint')}
                    </Text>
                  </Stack>
                )}
              </Group>
              {answer.stops.length === 0 ? (
                <Alert color="gray" variant="light">
                  {t('empty')}
                </Alert>
              ) : (
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  <Stack gap="xs">
                    <Title order={3} size="h4">
                      {t('stops.title')}
                    </Title>
                    <SortableStops
                      stops={shown}
                      onReorder={(ids) => void saveOrder(ids)}
                      onPin={(stop) => setPinning(stop.id)}
                      disabled={!manage || order.isPending}
                    />
                  </Stack>
                  <Stack gap="xs">
                    <SegmentedControl
                      aria-label={t('view.label')}
                      data={[
                        { value: 'map', label: t('view.map') },
                        { value: 'list', label: t('view.list') },
                      ]}
                      value={view}
                      onChange={(value) => setView(value as 'map' | 'list')}
                    />
                    {pinningStop && manage && (
                      <PinStop
                        key={pinningStop.id}
                        stop={pinningStop}
                        number={shown.indexOf(pinningStop) + 1}
                        saving={savingLocation || clearLocation.isPending}
                        onSave={(at) => placeOnMap(pinningStop.id, at)}
                        onRemove={() => void unpin(pinningStop)}
                        onClose={() => setPinning(null)}
                      />
                    )}
                    {view === 'map' ? (
                      <>
                        {placedCount === 0 && (
                          <Text size="sm" c="dark.7">
                            {t('map.noPositions')}
                          </Text>
                        )}
                        <LazyRunMap
                          stops={mapStops}
                          label={t('map.label', { run: chosenRun ? runName(chosenRun, directionName) : '', driver: driverName })}
                          loadingLabel={t('map.loading')}
                          zoomLabels={{ zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') }}
                          placing={pinning}
                          onPlace={manage ? placeOnMap : undefined}
                        />
                      </>
                    ) : (
                      <StopDistances stops={shown} />
                    )}
                  </Stack>
                </SimpleGrid>
              )}
            </Stack>
          )}
        </ListState>
      )}
    </Stack>
  );
}
