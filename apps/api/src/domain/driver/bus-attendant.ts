import type { Db } from '@school-transport/db';

/** The attendant riding a driver's bus, while their account is active; null when the bus has none. */
export async function busAttendant(db: Db, driverId: string): Promise<{ name: string } | null> {
  const row = await db
    .selectFrom('attendants')
    .innerJoin('users', 'users.id', 'attendants.userId')
    .select('users.name')
    .where('attendants.driverId', '=', driverId)
    .where('users.status', '=', 'active')
    .executeTakeFirst();
  return row ? { name: row.name } : null;
}
