import { SegmentedControl } from '@mantine/core';
import type { DriverRun, PlannedRun } from '@school-transport/contracts';
import { runName } from './run-label.js';

interface RunPickerProps {
  /** The bus's runs in planned-start order. */
  runs: readonly PlannedRun[];
  /** The id of the run shown. */
  value: string;
  onChange: (runId: string) => void;
  label: string;
  /** The screen's own word for a direction, for the bus's first two runs ('Morning', 'Afternoon'). */
  directionName: (direction: DriverRun) => string;
}

/**
 * The office picks one of a bus's runs, not a direction: a bus with two afternoon runs shows both
 * by name. Past two runs the choices stand one above the other with their planned times, so that
 * they fit a phone and two runs of one direction read apart, as on the driver's screen.
 */
export function RunPicker({ runs, value, onChange, label, directionName }: RunPickerProps) {
  const many = runs.length > 2;
  return (
    <SegmentedControl
      aria-label={label}
      value={value}
      onChange={onChange}
      orientation={many ? 'vertical' : 'horizontal'}
      fullWidth={many}
      data={runs.map((run) => {
        const name = runName(run, directionName);
        return { value: run.id, label: many ? `${name} · ${run.plannedStart}–${run.plannedEnd}` : name };
      })}
    />
  );
}
