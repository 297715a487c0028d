import type { Db } from '@school-transport/db';
import { PLANNED_RUN_MESSAGES, SCHOOL_DAY_MESSAGES, isDirection, type DriverRun } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { ambiguousDirection } from './day-runs.js';
import { findPlannedRun, plannedRunsOfDrivers, type PlannedRunRow } from './read.js';

/**
 * The planned run a path names by direction alone, whatever the day (the office's routes, a
 * driver's stop order): the bus's one run that way. None: 409 no run; two or more: 409 with the
 * runs, so that the caller names the run by its id rather than the server guessing.
 */
export async function plannedRunOfDirection(db: Db, driverId: string, direction: DriverRun): Promise<PlannedRunRow> {
  const runs = (await plannedRunsOfDrivers(db, [driverId])).filter((run) => run.direction === direction);
  if (runs.length > 1) throw ambiguousDirection(runs);
  if (runs.length === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.noRunOnDate);
  return runs[0]!;
}

/**
 * The bus's planned run a path names whatever the day: its id (a run of this bus, not removed
 * unless asked for a past day's records: else 404), or its direction (plannedRunOfDirection).
 */
export async function plannedRunOfBus(db: Db, driverId: string, ref: string, options: { withRemoved?: boolean } = {}): Promise<PlannedRunRow> {
  if (isDirection(ref)) return plannedRunOfDirection(db, driverId, ref);
  const run = isUuid(ref) ? await findPlannedRun(db, ref, options) : undefined;
  if (!run || run.driverId !== driverId) throw new AppError('NOT_FOUND', PLANNED_RUN_MESSAGES.runNotFound);
  return run;
}
