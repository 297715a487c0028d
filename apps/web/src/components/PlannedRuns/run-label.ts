import type { TFunction } from 'i18next';
import { FIRST_RUN_NAMES, type DriverRun } from '@school-transport/contracts';

/**
 * A run's name as a screen shows it: the names the database gives a bus's first two runs
 * ('Morning', 'Afternoon') in the screen's language and its own words for a direction, any other
 * name ('Afternoon – KG') as the office wrote it.
 */
export function runName(run: { direction: DriverRun; name: string }, directionName: (direction: DriverRun) => string): string {
  return run.name === FIRST_RUN_NAMES[run.direction] ? directionName(run.direction) : run.name;
}

/** A run's name in the words of the office's run screens (the Runs dialog, the student's run fields). */
export function runLabel(run: { direction: DriverRun; name: string }, t: TFunction<'routes'>): string {
  return runName(run, (direction) => t(`plannedRuns.directionShort.${direction}`));
}
