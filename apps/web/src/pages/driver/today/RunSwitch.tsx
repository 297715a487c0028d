import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DriverRun, DriverTodayRun } from '@school-transport/contracts';

interface RunSwitchProps {
  runs: readonly DriverTodayRun[];
  value: DriverRun;
  onChange: (run: DriverRun) => void;
}

/** Morning or afternoon: the screen opens on the next one; the driver can look at the other. */
export function RunSwitch({ runs, value, onChange }: RunSwitchProps) {
  const { t } = useTranslation('driver');
  return (
    <SegmentedControl
      fullWidth
      size="lg"
      color="blue.9"
      aria-label={t('today.runs')}
      value={value}
      onChange={(next) => onChange(next as DriverRun)}
      data={runs.map((run) => ({ value: run.run, label: t(`today.${run.run}`) }))}
    />
  );
}
