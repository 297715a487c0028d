import type { TFunction } from 'i18next';
import type { DriverRun } from '@school-transport/contracts';

/** The names the database gives a bus's first two runs: shown in the screen's language rather than as written. */
const FIRST_RUN_NAMES: Record<DriverRun, string> = { morning: 'Morning', afternoon: 'Afternoon' };

/** A run's name as the office reads it: 'Morning' and 'Afternoon' in the screen's language, any other name as the office wrote it. */
export function runLabel(run: { direction: DriverRun; name: string }, t: TFunction<'routes'>): string {
  return run.name === FIRST_RUN_NAMES[run.direction] ? t(`plannedRuns.directionShort.${run.direction}`) : run.name;
}
