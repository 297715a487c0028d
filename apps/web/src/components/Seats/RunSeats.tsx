import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DRIVER_RUNS, isFull, type DriverRun, type RunSeats as RunSeatsFigures } from '@school-transport/contracts';
import { formatNumber } from '../../i18n/format.js';

/**
 * Riders against seats of each run of a driver ('Morning 22 / 24'); a run with no seat left (or
 * more riders than seats, allowed by an admin) says so in words as well as colour. A driver without a seat count shows the riders alone.
 */
export function RunSeats({ runs }: { runs: Record<DriverRun, RunSeatsFigures> }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Stack gap={2}>
      {DRIVER_RUNS.map((run) => {
        const figures = runs[run];
        const riders = formatNumber(figures.riders, i18n.language);
        const full = isFull(figures);
        return (
          <Group key={run} gap={6} wrap="nowrap">
            <Text span size="sm" c={full ? 'red.9' : undefined} fw={full ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
              {figures.seats === null
                ? t('seats.ridersOnly', { run: t(`seats.runs.${run}`), riders })
                : t('seats.ridersOfSeats', { run: t(`seats.runs.${run}`), riders, seats: formatNumber(figures.seats, i18n.language) })}
            </Text>
            {full && (
              <Badge size="sm" color="red" variant="light">
                {figures.seats !== null && figures.riders > figures.seats ? t('seats.over') : t('seats.full')}
              </Badge>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
