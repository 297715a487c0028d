import type { Db } from '@school-transport/db';
import {
  bahrainInstant,
  bahrainToday,
  busOfChild,
  plannedStart,
  runOfChild,
  weekdayOf,
  type ChildToPlace,
  type DriverRun,
  type SchoolDaySettings,
} from '@school-transport/contracts';
import { plannedRunsOfDrivers } from '../planned-runs/read.js';

/**
 * An absence can be reported or cancelled for a run until that run starts: when its driver
 * presses Start (or makes its first mark), or when its planned start passes, whichever is first.
 * After that the driver is on the way, and only a phone call reaches them in time. The run is the
 * child's own that day (a kindergarten's 11:30 run closes at 11:30, not at the school's 13:30); a
 * child no run of their bus takes yet closes at the settings' planned start.
 */
export async function cutOffPassed(db: Db, settings: SchoolDaySettings, now: Date, child: ChildToPlace, date: string, direction: DriverRun): Promise<boolean> {
  const today = bahrainToday(now);
  if (date < today) return true;
  if (date > today) return false;
  const bus = busOfChild(child, direction);
  const run = bus ? runOfChild(await plannedRunsOfDrivers(db, [bus]), child, direction, weekdayOf(date), settings.schoolDays) : null;
  const start = run ? bahrainInstant(date, run.plannedStart) : plannedStart(settings, date, direction);
  if (start.getTime() <= now.getTime()) return true;
  if (!run) return false;
  const started = await db
    .selectFrom('schoolRuns')
    .select('id')
    .where('plannedRunId', '=', run.id)
    .where('date', '=', date)
    .where('startedAt', 'is not', null)
    .executeTakeFirst();
  return started !== undefined;
}
