import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriverTodayRun } from '@school-transport/contracts';
import { hasFirstRunName, plannedWindow, runKey } from './day-state.js';

interface RunSwitchProps {
  runs: readonly DriverTodayRun[];
  /** The key of the run shown (runKey). */
  value: string;
  onChange: (key: string) => void;
}

/**
 * Today's runs in planned-start order: the screen opens on the next one; the driver can look at
 * the others. Each run is its own choice, keyed by its id: a bus with two afternoon runs shows both
 * by name and planned times, and a run covered for another driver is named ('Afternoon – covering
 * for Ahmed').
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
      data={runs.map((run) => {
        const name = hasFirstRunName(run) ? t(`today.${run.run}`) : run.name;
        const window = plannedWindow(run);
        const label = run.coveringFor
          ? t('today.covering', { run: hasFirstRunName(run) ? t(`today.${run.run}Short`) : run.name, name: run.coveringFor.name })
          : name;
        return { value: runKey(run), label: window && runs.length > 2 ? `${label} · ${window}` : label };
      })}
    />
  );
}
