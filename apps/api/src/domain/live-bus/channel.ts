import { sql } from 'kysely';
import type { Db } from '@school-transport/db';

/**
 * The notice channel on which a bus's change is announced to every server process (PostgreSQL's
 * LISTEN/NOTIFY; the embedded database hears its own): the payload is the id of the driver whose
 * bus moved, or whose run changed (a mark, End), never a position.
 */
export const LIVE_BUS_CHANNEL = 'live_bus';

/** Announces that a driver's bus changed (a mark, End): sent when the caller's transaction commits. */
export async function announceBusChange(trx: Db, driverId: string): Promise<void> {
  await sql`SELECT pg_notify(${LIVE_BUS_CHANNEL}, ${driverId})`.execute(trx);
}
