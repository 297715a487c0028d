import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedRun } from '@school-transport/contracts';
import { barOf, TIMELINE_HOURS } from './timeline.js';
import { runLabel } from '../../../../components/PlannedRuns/run-label.js';

const BAR_COLOUR = { morning: 'var(--mantine-color-blue-2)', afternoon: 'var(--mantine-color-orange-2)' } as const;
const BAR_EDGE = { morning: 'var(--mantine-color-blue-8)', afternoon: 'var(--mantine-color-orange-8)' } as const;

/**
 * A bus's runs as a day from 06:00 to 16:00: one line per run in planned-start order, its bar
 * placed by its planned start and end, so two runs that overlap show it at a glance. The bars
 * start at the line's inline start (the right in Arabic), like the text around them.
 */
export function RunTimeline({ runs }: { runs: readonly PlannedRun[] }) {
  const { t } = useTranslation('routes');
  return (
    <Stack gap={6} component="figure" m={0} aria-label={t('plannedRuns.timeline')}>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {runs.map((run) => {
          const bar = barOf(run);
          const name = runLabel(run, t);
          return (
            <li key={run.id} data-testid="timeline-run">
              <Text size="sm" c="dark.9" style={{ overflowWrap: 'anywhere' }}>
                {t('plannedRuns.timelineBar', { name, start: run.plannedStart, end: run.plannedEnd })}
              </Text>
              <Box pos="relative" h={14} bg="gray.1" style={{ borderRadius: 4 }} aria-hidden>
                <Box
                  pos="absolute"
                  top={0}
                  h={14}
                  style={{
                    insetInlineStart: `${bar.start}%`,
                    width: `${bar.width}%`,
                    background: BAR_COLOUR[run.direction],
                    border: `1px solid ${BAR_EDGE[run.direction]}`,
                    borderRadius: 4,
                  }}
                />
              </Box>
            </li>
          );
        })}
      </Stack>
      {/* Equal-width marks spread edge to edge: each sits at its hour, in either direction. */}
      <Group justify="space-between" wrap="nowrap" gap={0} aria-hidden>
        {TIMELINE_HOURS.map((hour) => (
          <Text key={hour} span size="xs" c="dark.6">
            {hour}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
