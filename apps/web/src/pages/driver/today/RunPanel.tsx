import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriverTodayRun, MarkEvent, ReceivedByInput } from '@school-transport/contracts';
import i18n from '../../../i18n/index.js';
import { translateMessage } from '../../../i18n/messages.js';
import { formatTime } from '../../../i18n/format.js';
import { notMarked, stillOnBus } from './day-state.js';
import type { EndRefusal } from './use-driver-day.js';
import { RiderCard } from './RiderCard.js';
import { StopOrder } from './StopOrder.js';
import { ConfirmTap } from './ConfirmTap.js';

interface RunPanelProps {
  run: DriverTodayRun;
  /** The attendant marks today: the driver sees the list and its statuses, without Start, marks, End or the stops' order. */
  listOnly?: boolean;
  /** Students with a mark still on the phone. */
  waitingStudentIds: ReadonlySet<string>;
  onStart: () => void;
  onMark: (studentId: string, event: MarkEvent, receivedBy?: ReceivedByInput) => void;
  /** One mark for each of these children, in one confirmed tap. */
  onMarkAll: (studentIds: readonly string[], event: MarkEvent) => void;
  onEnd: () => Promise<EndRefusal | null>;
  /** Reads the day again (after the driver saved a new order of stops). */
  onReload: () => Promise<unknown>;
}

type Refusal = { text: string; notMarkedIds: string[] };

const names = (students: readonly { firstName: string; lastName: string }[]) =>
  students.map((student) => `${student.firstName} ${student.lastName}`).join(', ');

/** Why End was refused, in the screen's language: who is still on the bus, who nobody marked, or the server's own message. */
function refusalOf(refusal: EndRefusal): Refusal {
  if ('stillOnBus' in refusal)
    return { text: i18n.t('schoolDay.stillOnBus', { ns: 'messages', count: refusal.stillOnBus.length, names: names(refusal.stillOnBus) }), notMarkedIds: [] };
  if ('notMarked' in refusal)
    return {
      text: i18n.t('schoolDay.notMarked', { ns: 'messages', count: refusal.notMarked.length, names: names(refusal.notMarked) }),
      notMarkedIds: refusal.notMarked.map((student) => student.id),
    };
  const { students, code } = refusal.error;
  if (students && students.length > 0) {
    const key = code?.startsWith('schoolDay.notMarked') ? 'schoolDay.notMarked' : 'schoolDay.stillOnBus';
    return {
      text: i18n.t(key, { ns: 'messages', count: students.length, names: names(students) }),
      notMarkedIds: key === 'schoolDay.notMarked' ? students.map((student) => student.id) : [],
    };
  }
  return { text: translateMessage(refusal.error.message, refusal.error.code), notMarkedIds: [] };
}

/** One run: its status, Start and End, 'All dropped at school' in the morning, and each child's card. */
export function RunPanel({ run, listOnly = false, waitingStudentIds, onStart, onMark, onMarkAll, onEnd, onReload }: RunPanelProps) {
  const { t } = useTranslation('driver');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [ending, setEnding] = useState(false);
  const [ordering, setOrdering] = useState(false);
  const refusalRef = useRef<HTMLDivElement>(null);
  // The driver orders only their own run, not one handed to a substitute or covered for another driver.
  const mayOrder = !listOnly && run.coveringFor === null && run.handedTo === null && new Set(run.students.map((student) => student.stop.id)).size > 1;
  const onBus = stillOnBus(run);
  // A run handed to a substitute is theirs today: this driver sees it, and cannot start, mark or end it.
  const drives = run.handedTo === null && !listOnly;
  const inProgress = drives && run.status === 'in_progress';
  const absent = run.students.filter((student) => student.status === 'absent').length;
  const left = notMarked(run);
  // The children End named as not marked and still not marked now.
  const stillUnmarked = refusal ? left.filter((student) => refusal.notMarkedIds.includes(student.id)) : [];

  // The refusal appears beside End, where the driver is looking, even at the bottom of a long list.
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);

  const end = async () => {
    setEnding(true);
    try {
      const refused = await onEnd();
      setRefusal(refused ? refusalOf(refused) : null);
    } finally {
      setEnding(false);
    }
  };

  const mark = (studentId: string, event: MarkEvent, receivedBy?: ReceivedByInput) => {
    setRefusal(null);
    onMark(studentId, event, receivedBy);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text fw={700} c="dark.9">
          {t(`today.status.${run.status}`)}
          {run.startedAt && ` · ${t('today.startedAt', { time: formatTime(run.startedAt) })}`}
          {run.endedAt && ` · ${t('today.endedAt', { time: formatTime(run.endedAt) })}`}
        </Text>
        {run.students.length > 0 && (
          <Text size="sm" c="dark.7">
            {t('today.counts', { onBus: onBus.length, left: left.length, absent })}
          </Text>
        )}
      </Group>
      {run.handedTo && (
        <Alert color="blue" title={t('today.handedTo', { name: run.handedTo.name })} data-testid="handed-to">
          <Text c="dark.9">{t('today.handedToHelp')}</Text>
        </Alert>
      )}
      {drives && run.status === 'not_started' && (
        <Button size="xl" fullWidth color="blue.9" onClick={onStart}>
          {t('today.start')}
        </Button>
      )}
      {inProgress && run.run === 'morning' && onBus.length > 0 && (
        <ConfirmTap
          label={t('today.allDropped')}
          question={t('today.allDroppedConfirm', { count: onBus.length })}
          confirm={t('today.allDroppedYes', { count: onBus.length })}
          color="#1b6b30"
          onConfirm={() => {
            setRefusal(null);
            onMarkAll(
              onBus.map((student) => student.id),
              'dropped',
            );
          }}
        />
      )}
      {run.students.length === 0 && <Text c="dark.7">{t('today.emptyRun')}</Text>}
      {ordering && <StopOrder run={run} onSaved={onReload} onClose={() => setOrdering(false)} />}
      {!ordering && mayOrder && (
        <Button variant="default" mih={48} onClick={() => setOrdering(true)} style={{ alignSelf: 'flex-start' }}>
          {t('today.stops.change')}
        </Button>
      )}
      {!ordering &&
        run.students.map((student) => (
          <RiderCard
            key={student.id}
            run={run.run}
            student={student}
            marking={inProgress}
            waiting={waitingStudentIds.has(student.id)}
            onMark={(event, receivedBy) => mark(student.id, event, receivedBy)}
          />
        ))}
      {inProgress && (
        <Stack gap="sm" ref={refusalRef} style={{ scrollMarginBottom: 96 }}>
          {/* Always in the page, so that screen readers announce a refusal as it appears. */}
          <div role="alert" data-testid="end-refusal">
            {refusal && (
              <Alert color="red" title={t('today.endRefused')}>
                <Text c="dark.9">{refusal.text}</Text>
              </Alert>
            )}
          </div>
          {stillUnmarked.length > 0 && (
            <ConfirmTap
              label={t('today.notHereAll', { count: stillUnmarked.length })}
              question={t('today.notHereConfirm', { count: stillUnmarked.length, names: names(stillUnmarked) })}
              confirm={t('today.notHereYes', { count: stillUnmarked.length })}
              color="red.9"
              onConfirm={() => {
                setRefusal(null);
                onMarkAll(
                  stillUnmarked.map((student) => student.id),
                  'no_show',
                );
              }}
            />
          )}
          <Button size="xl" fullWidth variant="outline" color="dark.9" onClick={() => void end()} loading={ending}>
            {t('today.end')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
