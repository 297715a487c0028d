import { useMemo, useState } from 'react';
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriverRun } from '@school-transport/contracts';
import { PageLoader } from '../../../components/PageLoader/PageLoader.js';
import { translateMessage } from '../../../i18n/messages.js';
import { DayRequestError } from './day-api.js';
import { nextRun } from './day-state.js';
import { useDriverDay } from './use-driver-day.js';
import { DayHeader } from './DayHeader.js';
import { SyncStatus } from './SyncStatus.js';
import { RefusedMarks } from './RefusedMarks.js';
import { RunSwitch } from './RunSwitch.js';
import { RunPanel } from './RunPanel.js';
import { LocationStatus } from './LocationStatus.js';
import { usePositionSharing } from './use-position-sharing.js';

/** The driver's day: today's runs, the one that comes next open, and the phone's queue of marks. */
export function DriverDay({ driver }: { driver: { userId: string; name: string } }) {
  const { t } = useTranslation('driver');
  const { day, shown, waiting, refused, dismissRefused, signedOut, start, mark, end, sharePosition } = useDriverDay(driver);
  const [chosen, setChosen] = useState<DriverRun | null>(null);
  const waitingStudentIds = useMemo(() => new Set(waiting.flatMap((action) => (action.kind === 'mark' ? [action.studentId] : []))), [waiting]);
  const runName = chosen ?? (shown ? nextRun(shown.runs, new Date()) : null);
  const run = shown?.runs.find((entry) => entry.run === runName);
  // The bus is shared while a run the driver drives is in progress (the one shown, or another left open).
  const sharing = shown?.runs.find((entry) => entry.status === 'in_progress' && !entry.handedTo);
  const location = usePositionSharing(sharing ? { run: sharing.run, date: sharing.date } : null, sharePosition);

  return (
    <>
      <DayHeader name={driver.name} date={shown?.date ?? null} />
      <Container size="sm" py="md" px="sm" component="main">
        <Stack gap="md">
          {day.isLoading && <PageLoader />}
          {day.error && !shown && (
            <Alert color="red" title={t('today.loadFailed')} role="alert">
              {day.error instanceof DayRequestError && day.error.status === 401 ? t('today.signedOut') : day.error instanceof DayRequestError ? translateMessage(day.error.message, day.error.code) : t('today.loadFailed')}
              <Button size="md" variant="light" ms="md" onClick={() => void day.refetch()}>
                {t('retry')}
              </Button>
            </Alert>
          )}
          {shown && (
            <>
              <SyncStatus waiting={waiting.length} savedAt={day.data?.fromPhone ? day.data.savedAt : null} signedOut={signedOut} />
              <RefusedMarks refused={refused} today={shown} onDismiss={dismissRefused} />
              <LocationStatus state={location} />
              {shown.noService !== null && (
                <Alert color="blue" title={t('today.noService', { name: shown.noService })}>
                  <Text c="dark.9">{t('today.noServiceText')}</Text>
                </Alert>
              )}
              {shown.noService === null && shown.runs.length === 0 && <Text c="dark.7">{t('today.noSchool')}</Text>}
              {shown.runs.length > 0 && runName && (
                <RunSwitch runs={shown.runs} value={runName} onChange={setChosen} />
              )}
              {run && (
                <section aria-labelledby="run-title">
                  <Title order={2} size="h3" id="run-title" mb="sm" c="dark.9">
                    {t(`today.${run.run}`)} · {t(`today.${run.run}Hint`)}
                  </Title>
                  <RunPanel
                    run={run}
                    waitingStudentIds={waitingStudentIds}
                    onStart={() => void start(run.run)}
                    onMark={(studentId, event) => void mark(run.run, studentId, event)}
                    onEnd={() => end(run.run)}
                    onReload={() => day.refetch()}
                  />
                </section>
              )}
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
