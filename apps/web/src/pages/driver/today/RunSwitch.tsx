import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriverTodayRun } from '@school-transport/contracts';
import { runKey } from './day-state.js';

interface RunSwitchProps {
  runs: readonly DriverTodayRun[];
  /** The key of the run shown (runKey). */
  value: string;
  onChange: (key: string) => void;
}

/**
 * Morning or afternoon: the screen opens on the next one; the driver can look at the others. A
 * driver covering another's run has two of the same name: each is its own choice, keyed by the
 * run and whose it is, the covered one named ('Afternoon – covering for Ahmed').
 */
export function RunSwitch({ runs, value, onChange }: RunSwitchProps) {
  const { t } = useTranslation('driver');
  return (
    <SegmentedControl
      fullWidth
      size="lg"
      color="blue.9"
      aria-label={t('today.runs')}
      value={value}
      onChange={onChange}
      orientation={runs.length > 2 ? 'vertical' : 'horizontal'}
      data={runs.map((run) => ({
        value: runKey(run),
        label: run.coveringFor ? t('today.covering', { run: t(`today.${run.run}Short`), name: run.coveringFor.name }) : t(`today.${run.run}`),
      }))}
    />
  );
}
