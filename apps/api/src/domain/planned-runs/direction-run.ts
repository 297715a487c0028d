import type { Db } from '@school-transport/db';
import { SCHOOL_DAY_MESSAGES, type DriverRun } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { ambiguousDirection } from './day-runs.js';
import { plannedRunsOfDrivers } from './read.js';

/**
 * The planned run a path names by direction alone, whatever the day (the office's routes, a
 * substitute): the bus's one run that way. None: 409 no run; two or more: 409 with the runs, so
 * that the caller names the run by its id rather than the server guessing.
 */
export async function plannedRunOfDirection(db: Db, driverId: string, direction: DriverRun): Promise<string> {
  const runs = (await plannedRunsOfDrivers(db, [driverId])).filter((run) => run.direction === direction);
  if (runs.length > 1) throw ambiguousDirection(runs);
  if (runs.length === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.noRunOnDate);
  return runs[0]!.id;
}
