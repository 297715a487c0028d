import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FullRun } from '@school-transport/contracts';
import { formatNumber } from '../../i18n/format.js';
import { runName } from '../PlannedRuns/run-label.js';

/** The runs with no seat left, under the students who need a bus: '{driver}: morning 24 / 24', a run of its own name by it ('Afternoon – KG 24 / 24'). */
export function FullRunsList({ runs }: { runs: FullRun[] }) {
  const { t, i18n } = useTranslation('analytics');
  if (runs.length === 0) return null;
  return (
    <Box px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text fw={600} size="sm" id="full-runs-title">
        {t('bell.fullRuns')}
      </Text>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="full-runs-title">
        {runs.map((run) => (
          <Text component="li" size="sm" c="red.9" key={run.runId}>
            {t('bell.fullRun', {
              driver: run.driverName,
              run: runName({ direction: run.run, name: run.runName }, (direction) => t(`bell.runs.${direction}`)),
              riders: formatNumber(run.riders, i18n.language),
              seats: formatNumber(run.seats, i18n.language),
            })}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
