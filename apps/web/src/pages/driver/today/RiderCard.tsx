import { useId } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockUp, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DriverRun, MarkEvent, ReceivedByInput, RiderStatus, RunStudent } from '@school-transport/contracts';
import { marksFor } from './day-state.js';
import { IsolatedLine } from '../../../components/Isolated/Isolated.js';
import { HandoverChoices } from './HandoverChoices.js';
import { wrappingLabel } from '../../../components/wrapping-label.js';

/** Green and orange dark enough for white text in sunlight (WCAG AA: Mantine's green.9 and orange.9 are not). */
const GREEN = '#1b6b30';
const ORANGE = '#a63c06';

/** Filled badges dark enough for white text in sunlight (WCAG AA). */
const STATUS_COLOUR: Record<RiderStatus, string> = {
  expected: 'blue.9',
  absent: 'gray.8',
  boarded: ORANGE,
  dropped: GREEN,
  no_show: 'red.9',
  returned_to_school: 'grape.9',
};

/** The mark buttons: boarding and dropping filled, the exceptions outlined, all a thumb's size (50 px). */
const MARK_STYLE: Record<MarkEvent, { variant: 'filled' | 'outline'; color: string }> = {
  boarded: { variant: 'filled', color: 'blue.9' },
  dropped: { variant: 'filled', color: GREEN },
  no_show: { variant: 'outline', color: 'red.9' },
  returned_to_school: { variant: 'outline', color: 'grape.9' },
};

const LONG_LABEL = wrappingLabel(50);

interface RiderCardProps {
  run: DriverRun;
  student: RunStudent;
  /** The run is in progress: the child can be marked. */
  marking: boolean;
  /** A mark of this child is still on the phone, not yet received. */
  waiting: boolean;
  onMark: (event: MarkEvent, receivedBy?: ReceivedByInput) => void;
}

/** One child on a run: who, where, their status now and, while the run is on, the marks their status allows. */
export function RiderCard({ run, student, marking, waiting, onMark }: RiderCardProps) {
  const { t } = useTranslation('driver');
  const headingId = useId();
  const name = `${student.firstName} ${student.lastName}`;
  const absent = student.status === 'absent';
  const allowed = marking ? marksFor(run, student.status) : [];
  // A young child at their stop: handed to a named adult, or back to school (the handover's own buttons).
  const handover = student.handover && allowed.includes('dropped') ? student.handover : null;
  const marks = handover ? allowed.filter((event) => event !== 'returned_to_school') : allowed;
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="sm" bg={absent ? 'gray.1' : undefined} data-status={student.status}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={headingId} c={absent ? 'dark.6' : 'dark.9'} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="sm" c="dark.6">
              <Text span fw={700} c="dark.9" data-testid="stop-number">
                {t('today.stops.number', { number: student.stop.number })}
              </Text>
              {' · '}
              <IsolatedLine parts={[student.automatedId, student.schoolName]} />
            </Text>
          </div>
          <Badge size="lg" variant="filled" color={STATUS_COLOUR[student.status]} style={{ flexShrink: 0 }}>
            {t(`today.rider.${student.status}`)}
          </Badge>
        </Group>
        {absent && student.absenceReason && (
          <Text size="sm" c="dark.6">
            {t('today.rider.absentReason', { reason: student.absenceReason })}
          </Text>
        )}
        <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
          {student.address}
        </Text>
        {student.markedBy && !waiting && student.status !== 'expected' && (
          <Text size="sm" c="dark.7" data-testid="marked-by">
            {student.markedBy.name ? t('today.rider.markedBy', { name: student.markedBy.name }) : t('today.rider.markedByOffice')}
          </Text>
        )}
        {student.receivedBy && !waiting && (
          <Text size="sm" c="dark.7" data-testid="received-by">
            {t('today.handover.receivedBy', { name: student.receivedBy.name, relation: t(`today.handover.relation.${student.receivedBy.relation}`) })}
          </Text>
        )}
        {waiting && (
          <Group gap={4} c="dark.7">
            <IconClockUp size={16} aria-hidden />
            <Text size="sm">{t('today.rider.waiting')}</Text>
          </Group>
        )}
        {marks.length > 0 && (
          <Stack gap="xs">
            {marks.map((event) => (
              <Button
                key={event}
                size="lg"
                fullWidth
                variant={MARK_STYLE[event].variant}
                color={MARK_STYLE[event].color}
                onClick={() => onMark(event)}
                styles={LONG_LABEL}
              >
                {t(`today.mark.${run}.${event}`)}
              </Button>
            ))}
          </Stack>
        )}
        {handover && <HandoverChoices firstName={student.firstName} handover={handover} onMark={onMark} />}
        {!absent && (
          <Button
            component="a"
            href={`tel:${student.contactNumber1}`}
            size="md"
            variant="default"
            leftSection={<IconPhone size={18} aria-hidden />}
            aria-label={t('today.rider.callLabel', { number: student.contactNumber1, student: name })}
            mih={48}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('today.rider.call', { number: student.contactNumber1 })}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
