import type { Db } from '@school-transport/db';
import {
  ADMIN_MESSAGES,
  PLANNED_RUN_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  isDirection,
  isSchoolDay,
  runWeekdays,
  weekdayOf,
  type SchoolDaySettings,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { findPlannedRun, plannedRunsOfDrivers, type PlannedRunRow } from './read.js';

/**
 * Which planned runs a day's request names. A run is named by its id (the same every day), or by
 * its direction, which older phones send: that names the bus's one run that way on the date, and
 * with two or more answers 409 with the runs, so that the phone reloads rather than the server
 * guessing which run was meant.
 */

/** Whether a run operates on a date: a school day, on one of its weekdays (its own, else the school week). */
export function operatesOn(run: Pick<PlannedRunRow, 'weekdays'>, settings: SchoolDaySettings, date: string): boolean {
  return isSchoolDay(settings, date) && runWeekdays(run, settings.schoolDays).includes(weekdayOf(date));
}

/** The runs of these buses operating on a date, in planned-start order. */
export async function runsOfBusesOn(db: Db, driverIds: readonly string[], settings: SchoolDaySettings, date: string): Promise<PlannedRunRow[]> {
  return (await plannedRunsOfDrivers(db, driverIds)).filter((run) => operatesOn(run, settings, date));
}

export function ambiguousDirection(runs: readonly PlannedRunRow[]): AppError {
  return new AppError('CONFLICT', PLANNED_RUN_MESSAGES.directionAmbiguous, undefined, { runs: runs.map((run) => ({ id: run.id, name: run.name })) });
}

/**
 * The bus's own run a reference names on a date: by id (a run of this bus, removed ones included
 * for a past day's records), or by direction (its one run that way operating that day). None that
 * way that day: 409 no run; two or more: 409 with the runs.
 */
export async function ownRunOn(db: Db, driverId: string, ref: string, settings: SchoolDaySettings, date: string): Promise<PlannedRunRow> {
  if (!isDirection(ref)) {
    const run = isUuid(ref) ? await findPlannedRun(db, ref, { withRemoved: true }) : undefined;
    if (!run || run.driverId !== driverId) throw new AppError('NOT_FOUND', PLANNED_RUN_MESSAGES.runNotFound);
    return run;
  }
  const ways = (await runsOfBusesOn(db, [driverId], settings, date)).filter((run) => run.direction === ref);
  if (ways.length > 1) throw ambiguousDirection(ways);
  if (ways.length === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.noRunOnDate);
  return ways[0]!;
}

/** The bus a path names, or 404. */
export async function assertBus(db: Db, driverId: string): Promise<void> {
  const driver = isUuid(driverId) ? await db.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst() : undefined;
  if (!driver) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
}
