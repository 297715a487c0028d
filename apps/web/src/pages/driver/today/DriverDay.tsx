import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Container, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CrewRole, DriverTodayRun, MarkEvent, ReceivedByInput } from '@school-transport/contracts';
import { PageLoader } from '../../../components/PageLoader/PageLoader.js';
import { translateMessage } from '../../../i18n/messages.js';
import { DayRequestError } from './day-api.js';
import { hasFirstRunName, nextRunKey, plannedWindow, runKey, runRefOf } from './day-state.js';
import { useDriverDay } from './use-driver-day.js';
import { useOnline } from './use-online.js';
import { DayHeader } from './DayHeader.js';
import { SyncStatus } from './SyncStatus.js';
import { RefusedMarks } from './RefusedMarks.js';
import { RunSwitch } from './RunSwitch.js';
import { RunPanel } from './RunPanel.js';
import { LocationStatus } from './LocationStatus.js';
import { TapResult, type LastTap } from './TapResult.js';
import { usePositionSharing } from './use-position-sharing.js';
import { useAttendantMarks } from './use-attendant-marks.js';

/**
 * The bus's day, for its driver or its attendant: today's runs, the one that comes next open, and
 * the phone's queue of marks. A driver whose bus has an attendant may leave the marks to them.
 */
export function DriverDay({ driver }: { driver: { userId: string; name: string; role: CrewRole } }) {
  const { t } = useTranslation('driver');
  const { day, shown, waiting, refused, dismissRefused, signedOut, start, mark, undo, end, sharePosition, positionSentAt } = useDriverDay(driver);
  const online = useOnline();
  const [chosen, setChosen] = useState<string | null>(null);
  const [lastTap, setLastTap] = useState<LastTap | null>(null);
  const clearTap = useCallback(() => setLastTap(null), []);
  const waitingStudentIds = useMemo(
    () => new Set(waiting.flatMap((action) => (action.kind === 'mark' || action.kind === 'undo' ? [action.studentId] : []))),
    [waiting],
  );
  const runs = shown?.runs ?? [];
  const attendant = driver.role === 'driver' ? (shown?.attendant ?? null) : null;
  const [attendantMarks, setAttendantMarks] = useAttendantMarks(driver.userId, shown?.date ?? null);
  const listOnly = attendant !== null && attendantMarks;
  const shownKey = chosen !== null && runs.some((entry) => runKey(entry) === chosen) ? chosen : shown ? nextRunKey(runs, new Date()) : null;
  const run = runs.find((entry) => runKey(entry) === shownKey);
  // The run the driver works on stays on screen: ending the morning must show it finished, not
  // jump to the afternoon that the clock would open next.
  const keepShowing = (worked: DriverTodayRun) => setChosen(runKey(worked));
  // The bus is shared while a run the driver drives is in progress (the one shown, or another left open).
  const sharing = runs.find((entry) => entry.status === 'in_progress' && !entry.handedTo);
  // While the bus's tracker reports, its fixes are the bus's position: the phone stops sharing its own (sparing its battery), and takes over when the tracker falls silent.
  const fromTracker = sharing !== undefined && (shown?.positionFromTracker ?? false);
  const location = usePositionSharing(sharing && !fromTracker ? { run: sharing.run, date: sharing.date } : null, sharePosition);

  /** Marks children of the run shown; the result and its undo appear at the bottom of the screen. */
  const markChildren = (current: DriverTodayRun, studentIds: readonly string[], event: MarkEvent, receivedBy?: ReceivedByInput) => {
    const students = studentIds.map((id) => current.students.find((student) => student.id === id)).filter((student) => student !== undefined);
    if (students.length === 0) return;
    const what = t(`today.tap.${event}`);
    const text =
      students.length === 1
        ? t('today.tap.one', { what, student: `${students[0]!.firstName} ${students[0]!.lastName}` })
        : t('today.tap.many', { what, count: students.length });
    const tapId = crypto.randomUUID();
    const actions = Promise.all(
      students.map((student) => mark(runRefOf(current, runs), student.id, event, receivedBy).then((action) => ({ action, previous: student.status }))),
    );
    setLastTap({
      id: tapId,
      text,
      at: Date.now(),
      undo: async () => {
        const done = await actions;
        // The latest mark first: each undo names the child's latest.
        const results = [];
        for (const { action, previous } of [...done].reverse()) results.push(await undo(action, previous));
        return results.every(Boolean);
      },
    });
  };

  return (
    <>
      <DayHeader name={driver.name} date={shown?.date ?? null} showStudents={driver.role === 'driver'} />
      <Container size="sm" py="md" px="sm" pb={120} component="main">
        <Stack gap="md">
          {day.isLoading && <PageLoader />}
          {day.error && !shown && (
            <Alert color="red" title={t('today.loadFailed')} role="alert">
              {day.error instanceof DayRequestError && day.error.status === 401
                ? t('today.signedOut')
                : day.error instanceof DayRequestError
                  ? translateMessage(day.error.message, day.error.code)
                  : t('today.loadFailed')}
              <Button size="md" variant="light" ms="md" onClick={() => void day.refetch()}>
                {t('retry')}
              </Button>
            </Alert>
          )}
          {shown && (
            <>
              <SyncStatus waiting={waiting.length} savedAt={day.data?.fromPhone ? day.data.savedAt : null} signedOut={signedOut} />
              <RefusedMarks refused={refused} today={shown} onDismiss={dismissRefused} />
              <LocationStatus state={location} online={online} positionSentAt={positionSentAt} fromTracker={fromTracker} />
              {attendant && (
                <Switch
                  size="lg"
                  checked={attendantMarks}
                  onChange={(event) => setAttendantMarks(event.currentTarget.checked)}
                  label={t('today.crew.attendantMarks')}
                  description={t('today.crew.attendantMarksHelp', { name: attendant.name })}
                />
              )}
              {shown.noService !== null && (
                <Alert color="blue" title={t('today.noService', { name: shown.noService })}>
                  <Text c="dark.9">{t('today.noServiceText')}</Text>
                </Alert>
              )}
              {shown.noService === null && shown.runs.length === 0 && <Text c="dark.7">{t('today.noSchool')}</Text>}
              {shown.runs.length > 0 && shownKey && <RunSwitch runs={shown.runs} value={shownKey} onChange={setChosen} />}
              {run && (
                <section aria-labelledby="run-title">
                  <Title order={2} size="h3" id="run-title" mb="sm" c="dark.9">
                    {hasFirstRunName(run) ? t(`today.${run.run}`) : run.name} · {t(`today.${run.run}Hint`)}
                    {plannedWindow(run) && ` · ${plannedWindow(run)}`}
                    {run.coveringFor && ` · ${t('today.coveringShort', { name: run.coveringFor.name })}`}
                  </Title>
                  <RunPanel
                    key={runKey(run)}
                    run={run}
                    listOnly={listOnly}
                    waitingStudentIds={waitingStudentIds}
                    onStart={() => {
                      keepShowing(run);
                      void start(runRefOf(run, runs));
                    }}
                    onMark={(studentId, event, receivedBy) => {
                      keepShowing(run);
                      markChildren(run, [studentId], event, receivedBy);
                    }}
                    onMarkAll={(studentIds, event) => {
                      keepShowing(run);
                      markChildren(run, studentIds, event);
                    }}
                    onEnd={() => {
                      keepShowing(run);
                      return end(runRefOf(run, runs));
                    }}
                    onReload={() => day.refetch()}
                  />
                </section>
              )}
            </>
          )}
        </Stack>
      </Container>
      <TapResult tap={lastTap} onDone={clearTap} />
    </>
  );
}
