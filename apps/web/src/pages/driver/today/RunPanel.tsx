import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriverTodayRun, MarkEvent } from '@school-transport/contracts';
import i18n from '../../../i18n/index.js';
import { translateMessage } from '../../../i18n/messages.js';
import { formatTime } from '../../../i18n/format.js';
import { stillOnBus } from './day-state.js';
import type { EndRefusal } from './use-driver-day.js';
import { RiderCard } from './RiderCard.js';
import { StopOrder } from './StopOrder.js';

interface RunPanelProps {
  run: DriverTodayRun;
  /** Students with a mark still on the phone. */
  waitingStudentIds: ReadonlySet<string>;
  onStart: () => void;
  onMark: (studentId: string, event: MarkEvent) => void;
  onEnd: () => Promise<EndRefusal | null>;
  /** Reads the day again (after the driver saved a new order of stops). */
  onReload: () => Promise<unknown>;
}

/** Why End was refused, in the screen's language: who is still on the bus, or the server's own message. */
function refusalText(refusal: EndRefusal): string {
  const students = 'stillOnBus' in refusal ? refusal.stillOnBus : refusal.error.students;
  if (students && students.length > 0) {
    const names = students.map((student) => `${student.firstName} ${student.lastName}`).join(', ');
    return i18n.t('schoolDay.stillOnBus', { ns: 'messages', count: students.length, names });
  }
  return 'error' in refusal ? translateMessage(refusal.error.message, refusal.error.code) : '';
}

/** One run: its status, Start and End, 'All dropped at school' in the morning, and each child's card. */
export function RunPanel({ run, waitingStudentIds, onStart, onMark, onEnd, onReload }: RunPanelProps) {
  const { t } = useTranslation('driver');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const [ordering, setOrdering] = useState(false);
  // The driver orders only their own run, not one handed to a substitute or covered for another driver.
  const mayOrder = run.coveringFor === null && run.handedTo === null && new Set(run.students.map((student) => student.stop.id)).size > 1;
  const onBus = stillOnBus(run);
  const inProgress = run.status === 'in_progress';
  const absent = run.students.filter((student) => student.status === 'absent').length;
  const left = run.students.filter((student) => student.status === 'expected').length;

  const end = async () => {
    setEnding(true);
    try {
      const refused = await onEnd();
      setRefusal(refused ? refusalText(refused) : null);
    } finally {
      setEnding(false);
    }
  };

  const mark = (studentId: string, event: MarkEvent) => {
    setRefusal(null);
    onMark(studentId, event);
  };

  // Everyone on the bus gets off at school: one mark per child, each of its own, in one tap.
  const dropAll = () => {
    for (const student of onBus) mark(student.id, 'dropped');
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
            {t('today.counts', { onBus: onBus.length, left, absent })}
          </Text>
        )}
      </Group>
      {run.status === 'not_started' && (
        <Button size="xl" fullWidth color="blue.9" onClick={onStart}>
          {t('today.start')}
        </Button>
      )}
      {refusal && (
        <Alert color="red" title={t('today.endRefused')} role="alert">
          {refusal}
        </Alert>
      )}
      {inProgress && run.run === 'morning' && onBus.length > 0 && (
        <Button size="xl" fullWidth color="#1b6b30" onClick={dropAll}>
          {t('today.allDropped')}
        </Button>
      )}
      {run.students.length === 0 && <Text c="dark.7">{t('today.emptyRun')}</Text>}
      {ordering && <StopOrder run={run} onSaved={onReload} onClose={() => setOrdering(false)} />}
      {!ordering && mayOrder && (
        <Button variant="default" mih={48} onClick={() => setOrdering(true)} style={{ alignSelf: 'flex-start' }}>
          {t('today.stops.change')}
        </Button>
      )}
      {!ordering && run.students.map((student) => (
        <RiderCard key={student.id} run={run.run} student={student} marking={inProgress} waiting={waitingStudentIds.has(student.id)} onMark={(event) => mark(student.id, event)} />
      ))}
      {inProgress && (
        <Button size="xl" fullWidth variant="outline" color="dark.9" onClick={() => void end()} loading={ending}>
          {t('today.end')}
        </Button>
      )}
    </Stack>
  );
}
