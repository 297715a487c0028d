import { useState } from 'react';
import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_BUS_SPEED_KMH, POSITION_RETENTION_DEFAULT_DAYS, addDays, bahrainToday, type DriverRun, type LiveBus } from '@school-transport/contracts';
import { trpc, ADMIN_LIST_QUERY } from '../../../trpc.js';
import { useDrivers } from '../../../queries/admin-queries.js';
import { useBusRuns } from '../../../queries/routes-queries.js';
import { RunPicker } from '../../../components/PlannedRuns/RunPicker.js';
import { runName } from '../../../components/PlannedRuns/run-label.js';
import { shownRun } from '../../../components/PlannedRuns/shown-run.js';
import { ListState } from './ListState.js';
import { LazyRunMap } from '../../../components/RunMap/LazyRunMap.js';
import { TableScrollRegion } from '../../../components/TableScrollRegion/TableScrollRegion.js';
import { datePickerLanguage } from '../../../i18n/date-picker.js';
import { formatNumber, formatTime } from '../../../i18n/format.js';

/** The live map is read again this often while open. */
const REFRESH_MS = 10_000;

/** The run whose trail is shown: a bus, one of its runs (null: its first), a day. */
interface TrailChoice {
  driverId: string | null;
  runId: string | null;
  date: string;
}

/** A run's name in the live map's words ('Morning', 'Afternoon – KG'). */
function useRunName() {
  const { t } = useTranslation('liveBus');
  return (run: { direction: DriverRun; name: string }) => runName(run, (direction) => t(`office.runName.${direction}`));
}

function useAgeText() {
  const { t, i18n } = useTranslation('liveBus');
  return (seconds: number) =>
    seconds < 60 ? t('seconds', { count: seconds, formatted: formatNumber(seconds, i18n.language) }) : t('minutes', { count: Math.floor(seconds / 60) });
}

/** Every bus with a run in progress, on the map and as a table (its fix's age, the children on board). */
function LiveBuses({ onTrail }: { onTrail: (bus: LiveBus) => void }) {
  const { t } = useTranslation('liveBus');
  const age = useAgeText();
  const nameOfRun = useRunName();
  const buses = useQuery({ ...trpc.admin.liveBus.buses.queryOptions(), ...ADMIN_LIST_QUERY, refetchInterval: REFRESH_MS, staleTime: 0 });
  const list = buses.data?.buses ?? [];
  return (
    <ListState query={buses}>
      {list.length === 0 ? (
        <Text c="dark.7">{t('office.none')}</Text>
      ) : (
        <Stack gap="sm">
          <LazyRunMap
            loadingLabel={t('loadingMap')}
            label={t('office.mapLabel')}
            zoomLabels={{ zoomIn: t('zoomIn'), zoomOut: t('zoomOut') }}
            line={false}
            stops={list.map((bus, index) => ({
              id: `${bus.driver.id}:${bus.runId}`,
              number: index + 1,
              title: t('office.busTitle', { driver: bus.driver.name, age: bus.fixAgeSeconds === null ? '' : age(bus.fixAgeSeconds) }),
              location: bus.position,
            }))}
          />
          <TableScrollRegion label={t('office.title')} minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t('office.driver')}</Table.Th>
                  <Table.Th>{t('office.run')}</Table.Th>
                  <Table.Th>{t('office.fix')}</Table.Th>
                  <Table.Th>{t('office.source')}</Table.Th>
                  <Table.Th>{t('office.battery')}</Table.Th>
                  <Table.Th>{t('office.onBoard')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((bus, index) => (
                  <Table.Tr key={`${bus.driver.id}:${bus.runId}`} data-testid="live-bus-row">
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{bus.driver.name}</Table.Td>
                    <Table.Td>{nameOfRun({ direction: bus.run, name: bus.runName })}</Table.Td>
                    {/* An age reads as one piece ('28 s ago'), never its number on one line and its unit on the next. */}
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {bus.fixAgeSeconds === null ? t('office.noFix') : t('office.age', { age: age(bus.fixAgeSeconds) })}
                    </Table.Td>
                    <Table.Td>{bus.source === null ? '' : t(`office.sourceName.${bus.source}`)}</Table.Td>
                    <Table.Td>{bus.battery === null ? t('office.batteryUnknown') : t('office.batteryLevel', { level: Math.round(bus.battery) })}</Table.Td>
                    <Table.Td>{bus.onBoard}</Table.Td>
                    <Table.Td>
                      <Button size="xs" mih={44} variant="default" onClick={() => onTrail(bus)}>
                        {t('office.showTrail')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        </Stack>
      )}
    </ListState>
  );
}

/** The trail of one run of the last 30 days over its stops, the run picked among the bus's runs. */
function RunTrailView({ choice, onChoose }: { choice: TrailChoice; onChoose: (next: TrailChoice) => void }) {
  const { t, i18n } = useTranslation('liveBus');
  // The calendar's controls are named in the words of the office's other date picker (the Today tab's).
  const { t: tCalendar } = useTranslation('officeDay');
  const drivers = useDrivers();
  const busRuns = useBusRuns(choice.driverId);
  const run = shownRun(busRuns.data?.runs ?? [], choice.runId);
  const today = bahrainToday(new Date());
  const trail = useQuery({
    ...trpc.admin.liveBus.trail.queryOptions({ driverId: choice.driverId ?? '', run: run?.id ?? '', date: choice.date }),
    ...ADMIN_LIST_QUERY,
    enabled: choice.driverId !== null && run !== null,
  });
  const answer = trail.data?.trail;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('office.trailTitle')}
      </Title>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('office.trailDriver')}
          data={(drivers.data?.drivers ?? []).map((driver) => ({ value: driver.id, label: driver.name }))}
          value={choice.driverId}
          onChange={(driverId) => onChoose({ ...choice, driverId, runId: null })}
          searchable
          w={{ base: '100%', xs: 260 }}
        />
        {busRuns.data && run && (
          <RunPicker
            runs={busRuns.data.runs}
            value={run.id}
            label={t('office.trailRun')}
            directionName={(direction) => t(`office.runName.${direction}`)}
            onChange={(runId) => onChoose({ ...choice, runId })}
          />
        )}
        <DatePickerInput
          label={t('office.trailDate')}
          {...datePickerLanguage(i18n.language)}
          // Bahrain's week starts on Sunday, and Mantine's weekend (Saturday, Sunday) is not Bahrain's: no day is marked as one.
          weekendDays={[]}
          firstDayOfWeek={0}
          ariaLabels={{
            previousMonth: tCalendar('calendar.previousMonth'),
            nextMonth: tCalendar('calendar.nextMonth'),
            previousYear: tCalendar('calendar.previousYear'),
            nextYear: tCalendar('calendar.nextYear'),
            previousDecade: tCalendar('calendar.previousDecade'),
            nextDecade: tCalendar('calendar.nextDecade'),
            monthLevelControl: tCalendar('calendar.chooseMonth'),
            yearLevelControl: tCalendar('calendar.chooseYear'),
          }}
          minDate={addDays(today, -POSITION_RETENTION_DEFAULT_DAYS)}
          maxDate={today}
          value={choice.date}
          onChange={(date) => onChoose({ ...choice, date: date ?? today })}
          // Big enough for a thumb on a phone.
          styles={{ input: { minHeight: 44 } }}
        />
      </Group>
      {choice.driverId && (
        <ListState query={busRuns}>
          {run && (
            <ListState query={trail}>
              {answer &&
                (answer.points.length === 0 ? (
                  <Text c="dark.7">{t('office.trailEmpty')}</Text>
                ) : (
                  <Stack gap="xs">
                    <Text c="dark.9" data-testid="trail-summary">
                      {t('office.trailPoints', {
                        count: answer.points.length,
                        from: formatTime(answer.points[0]!.at, i18n.language),
                        to: formatTime(answer.points.at(-1)!.at, i18n.language),
                      })}
                    </Text>
                    <LazyRunMap
                      loadingLabel={t('loadingMap')}
                      label={t('office.trailTitle')}
                      zoomLabels={{ zoomIn: t('zoomIn'), zoomOut: t('zoomOut') }}
                      stops={answer.stops.map((stop) => ({
                        id: String(stop.position),
                        number: stop.position,
                        title: String(stop.position),
                        location: { lat: stop.lat, lng: stop.lng },
                      }))}
                      trail={answer.points}
                    />
                  </Stack>
                ))}
            </ListState>
          )}
        </ListState>
      )}
    </Stack>
  );
}

/** Where the server takes positions from (SERVICE_AREA), so the office knows why a bus outside it shows none. */
function ServiceAreaNote() {
  const { t, i18n } = useTranslation('liveBus');
  const settings = useQuery({ ...trpc.public.mapSettings.queryOptions(), staleTime: Infinity });
  const area = settings.data?.map.serviceArea;
  if (!area) return null;
  const degrees = (value: number) => formatNumber(value, i18n.language);
  return (
    <Text c="dimmed" size="sm" data-testid="service-area">
      {t('office.serviceArea', {
        south: degrees(area.south),
        north: degrees(area.north),
        west: degrees(area.west),
        east: degrees(area.east),
        speed: formatNumber(MAX_BUS_SPEED_KMH, i18n.language),
      })}
    </Text>
  );
}

/** Live map: every bus under way now, and the trail of any run of the last 30 days. */
export function LiveMapTab() {
  const { t } = useTranslation('liveBus');
  const [choice, setChoice] = useState<TrailChoice>({ driverId: null, runId: null, date: bahrainToday(new Date()) });
  return (
    <Stack>
      <div>
        <Title order={2}>{t('office.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('office.intro')}
        </Text>
        <ServiceAreaNote />
      </div>
      <LiveBuses onTrail={(bus) => setChoice({ driverId: bus.driver.id, runId: bus.runId, date: bus.date })} />
      <RunTrailView choice={choice} onChoose={setChoice} />
    </Stack>
  );
}
