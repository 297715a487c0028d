import type { Db } from '@school-transport/db';
import type { DriverRun } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { SCHOOL_DAY_MESSAGES } from '@school-transport/contracts';

/**
 * The planned run a bus drives in a direction when a caller names only the direction: the first
 * of that direction by planned start. Every bus starts with one of each direction (the database
 * gives a new driver 'Morning' and 'Afternoon').
 */
export async function plannedRunOfDirection(db: Db, driverId: string, direction: DriverRun): Promise<string> {
  const row = await db
    .selectFrom('plannedRuns')
    .select('id')
    .where('driverId', '=', driverId)
    .where('direction', '=', direction)
    .where('deletedAt', 'is', null)
    .orderBy('plannedStart')
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!row) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.noRunOnDate);
  return row.id;
}
