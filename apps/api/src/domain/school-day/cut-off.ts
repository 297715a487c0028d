import type { Db } from '@school-transport/db';
import { bahrainToday, plannedStart, type DriverRun, type SchoolDaySettings } from '@school-transport/contracts';

/**
 * An absence can be reported or cancelled for a run until that run starts: when its driver
 * presses Start (or makes its first mark), or when its planned start passes, whichever is first.
 * After that the driver is on the way, and only a phone call reaches them in time.
 */
export async function cutOffPassed(db: Db, settings: SchoolDaySettings, now: Date, driverId: string | null, date: string, run: DriverRun): Promise<boolean> {
  const today = bahrainToday(now);
  if (date < today) return true;
  if (date > today) return false;
  if (plannedStart(settings, date, run).getTime() <= now.getTime()) return true;
  if (!driverId) return false;
  const started = await db
    .selectFrom('schoolRuns')
    .select('id')
    .where('driverId', '=', driverId)
    .where('date', '=', date)
    .where('run', '=', run)
    .where('startedAt', 'is not', null)
    .executeTakeFirst();
  return started !== undefined;
}
