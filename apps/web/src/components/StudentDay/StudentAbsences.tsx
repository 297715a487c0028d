import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Absence } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { formatDate } from '../../i18n/format.js';
import { refreshParentDay } from './parent-day-queries.js';

/** '1 Dec 2026' or '1 Dec 2026 – 3 Dec 2026': the days of an absence. */
export function useAbsenceDates(): (absence: Pick<Absence, 'from' | 'to'>) => string {
  const { t, i18n } = useTranslation('parentDay');
  return (absence) =>
    absence.from === absence.to
      ? t('absences.oneDay', { date: formatDate(absence.from, i18n.language) })
      : t('absences.range', { from: formatDate(absence.from, i18n.language), to: formatDate(absence.to, i18n.language) });
}

/**
 * A student's upcoming absences on the card, each with Cancel. Cancelling is refused once a run it
 * covers has started: the server's words say so ('Too late… Please call the driver').
 */
export function StudentAbsences({ absences }: { absences: Absence[] }) {
  const { t } = useTranslation('parentDay');
  const datesOf = useAbsenceDates();
  const cancel = useMutation(trpc.parent.absences.cancel.mutationOptions());
  if (absences.length === 0) return null;

  const cancelOne = async (absence: Absence) => {
    try {
      await cancel.mutateAsync({ id: absence.id });
      notify({ title: t('absences.cancelled'), message: datesOf(absence) });
    } catch (error) {
      notify({ title: t('absences.cancelFailed'), message: errorMessage(error, t('absences.cancelFailed')), variant: 'destructive' });
    }
    await refreshParentDay();
  };

  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label={t('absences.title')}>
      {absences.map((absence) => {
        const dates = datesOf(absence);
        const run = t(`absences.run.${absence.run}`);
        return (
          <Paper key={absence.id} component="li" withBorder radius="sm" p="xs" style={{ listStyle: 'none' }}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {dates}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {absence.reason ? `${run} · ${absence.reason}` : run}
                </Text>
              </div>
              <Button
                variant="light"
                color="red"
                mih={44}
                disabled={cancel.isPending}
                onClick={() => void cancelOne(absence)}
                aria-label={t('absences.cancelLabel', { dates, run })}
              >
                {t('absences.cancel')}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
