import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminRun, MarkEvent, ReceivedByInput, RiderStatus } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../../../trpc.js';
import { notify } from '../../../../notify.js';
import { formatNumber, formatTime } from '../../../../i18n/format.js';
import { AdminDialog } from '../../../../components/AdminDialog/AdminDialog.js';
import { ListState } from '../ListState.js';
import { refreshOfficeDay, useOfficeRuns } from '../../../../queries/school-day-queries.js';
import { RUN_EVENTS, endRefusalOf } from './run-events.js';
import { ActForHandover } from './ActForHandover.js';
import { runName } from '../../../../components/PlannedRuns/run-label.js';

/** A child's status as a badge's colour: on the bus stands out, absent and off the bus are quiet. */
const STATUS_COLORS: Record<RiderStatus, string> = {
  expected: 'gray',
  absent: 'gray',
  boarded: 'orange',
  dropped: 'teal',
  no_show: 'red',
  returned_to_school: 'violet',
};

/**
 * The office acting for a driver whose phone is dead: the run's children with their statuses as the
 * driver's screen shows them (absent with the family's reason), a mark for each as the driver would make it (recorded as the office member's, in the audit log), and End run, refused
 * while a child who boarded is neither dropped nor returned to school (their names are shown). A
 * young child's drop names who received them, with the crew's choices. The run is named by its
 * planned run's id: a bus may do two runs the same way in a day.
 */
export function ActForDriverModal({ run, onClose }: { run: AdminRun; onClose: () => void }) {
  const { t, i18n } = useTranslation('officeDay');
  const { t: tm } = useTranslation('messages');
  const { t: tDay } = useTranslation('parentDay');
  const driverRun = useQuery(trpc.admin.schoolDay.run.queryOptions({ driverId: run.driver.id, run: run.id, date: run.date }));
  const fresh = useOfficeRuns(run.date).data?.runs.find((each) => each.driver.id === run.driver.id && each.id === run.id) ?? run;
  const [made, setMade] = useState<Record<string, { event: MarkEvent; at: string }>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [handingOver, setHandingOver] = useState<string | null>(null);
  const mark = useMutation(trpc.admin.schoolDay.mark.mutationOptions());
  const end = useMutation(trpc.admin.schoolDay.endRun.mutationOptions());
  const riders = driverRun.data?.run.students ?? [];
  const title = `${run.driver.name}, ${runName({ direction: run.run, name: run.name }, (direction) => t(`runs.runName.${direction}`))}`;

  const markOne = async (student: { id: string; firstName: string; lastName: string }, event: MarkEvent, receivedBy?: ReceivedByInput) => {
    setRefusal(null);
    try {
      const { mark: recorded } = await mark.mutateAsync({
        driverId: run.driver.id,
        run: run.id,
        date: run.date,
        studentId: student.id,
        event,
        clientId: crypto.randomUUID(),
        ...(receivedBy ? { receivedBy } : {}),
      });
      setMade((current) => ({ ...current, [student.id]: { event, at: recorded.at } }));
      setHandingOver(null);
      notify({ title: t('act.marked'), message: `${student.firstName} ${student.lastName}: ${t(`act.event.${run.run}.${event}`)}` });
    } catch (error) {
      const message = errorMessage(error, t('act.markFailed'));
      setRefusal(message);
      notify({ title: t('act.markFailed'), message, variant: 'destructive' });
    }
    await refreshOfficeDay();
  };

  const endRun = async () => {
    setRefusal(null);
    try {
      await end.mutateAsync({ driverId: run.driver.id, run: run.id, date: run.date });
      notify({ title: t('act.ended'), message: title });
      await refreshOfficeDay();
      onClose();
    } catch (error) {
      const refused = endRefusalOf(error);
      const message = refused
        ? tm(`schoolDay.${refused.reason}`, {
            count: refused.students.length,
            names: refused.students.map((student) => `${student.firstName} ${student.lastName}`).join(', '),
          })
        : errorMessage(error, t('act.endFailed'));
      setRefusal(message);
      notify({ title: t('act.endFailed'), message, variant: 'destructive' });
    }
  };

  return (
    <AdminDialog onClose={onClose} title={t('act.title', { run: title })} size="lg" closeButtonProps={{ 'aria-label': t('act.close') }}>
      <Stack>
        <Alert color="blue" variant="light">
          {t('act.note')}
        </Alert>
        <Text size="sm" role="status">
          {t('act.counts', {
            expected: formatNumber(fresh.expected, i18n.language),
            boarded: formatNumber(fresh.boarded, i18n.language),
            dropped: formatNumber(fresh.dropped, i18n.language),
          })}
        </Text>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <ListState query={driverRun}>
          {riders.length === 0 ? (
            <Text c="dimmed">{t('act.noChildren')}</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('act.children')}>
              {riders.map((student) => {
                const name = `${student.firstName} ${student.lastName}`;
                const last = made[student.id];
                const handover = run.run === 'afternoon' ? student.handover : null;
                return (
                  <Paper key={student.id} component="li" withBorder p="xs" radius="sm" style={{ listStyle: 'none' }}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text fw={600} size="sm">
                        {name}
                      </Text>
                      <Badge color={STATUS_COLORS[student.status]} variant="light" style={{ flexShrink: 0 }}>
                        {t(`act.status.${student.status}`)}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {student.automatedId} · {student.schoolName}
                    </Text>
                    {student.markedBy && student.status !== 'expected' && (
                      <Text size="xs" c="dark.6" data-testid="marked-by">
                        {t('act.markedBy', { name: student.markedBy.name ?? '', role: t(`act.markedByRole.${student.markedBy.role}`) })}
                      </Text>
                    )}
                    {student.receivedBy && (
                      <Text size="xs" c="dark.6" data-testid="received-by">
                        {t('act.receivedBy', { name: student.receivedBy.name, relation: tDay(`handover.relation.${student.receivedBy.relation}`) })}
                      </Text>
                    )}
                    {student.status === 'absent' && student.absenceReason && (
                      <Text size="xs" c="dimmed">
                        {t('act.absenceReason', { reason: student.absenceReason })}
                      </Text>
                    )}
                    {last && (
                      <Text size="sm" c="teal.9">
                        {t('act.markedAt', { event: t(`act.event.${run.run}.${last.event}`), time: formatTime(last.at, i18n.language) })}
                      </Text>
                    )}
                    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt="xs">
                      {RUN_EVENTS[run.run].map((event) => {
                        // A child who must be handed to a named adult is not simply dropped: the choices open below.
                        const asksWhoReceived = event === 'dropped' && handover !== null;
                        return (
                          <Button
                            key={event}
                            size="sm"
                            mih={44}
                            variant={asksWhoReceived && handingOver === student.id ? 'filled' : 'light'}
                            disabled={mark.isPending}
                            aria-expanded={asksWhoReceived ? handingOver === student.id : undefined}
                            onClick={() => (asksWhoReceived ? setHandingOver(handingOver === student.id ? null : student.id) : void markOne(student, event))}
                            aria-label={t('act.markLabel', { event: t(`act.event.${run.run}.${event}`), name })}
                          >
                            {t(`act.event.${run.run}.${event}`)}
                          </Button>
                        );
                      })}
                    </SimpleGrid>
                    {handover && handingOver === student.id && (
                      <ActForHandover
                        firstName={student.firstName}
                        handover={handover}
                        pending={mark.isPending}
                        onMark={(event, receivedBy) => void markOne(student, event, receivedBy)}
                      />
                    )}
                  </Paper>
                );
              })}
            </Stack>
          )}
        </ListState>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} mih={44}>
            {t('act.close')}
          </Button>
          <Button color="red" onClick={() => void endRun()} loading={end.isPending} mih={44}>
            {t('act.end')}
          </Button>
        </Group>
      </Stack>
    </AdminDialog>
  );
}
