import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainToday, type PositionsAccepted, type positionsInput, type ServiceArea } from '@school-transport/contracts';
import type { z } from 'zod';
import { recordPositions } from './positions.js';
import { sendBusNearMessages } from './bus-near.js';
import type { LiveBusHub } from './hub.js';
import type { LiveBusReader } from './reader.js';
import { BROWSER, type FixOrigin } from './positions-statement.js';

/**
 * A batch of fixes from the driver's phone (or one from the bus's tracker, tracker-fixes.ts): recorded, then, when the bus moved, the families
 * following it are told and the 'bus is near' messages looked at (after the write, which the
 * outbox's key makes safe to repeat).
 */
export async function receivePositions(
  db: Kysely<Database>,
  liveBus: { hub: LiveBusHub; reader: LiveBusReader },
  now: Date,
  driverId: string,
  input: z.output<typeof positionsInput>,
  serviceArea: ServiceArea,
  origin: FixOrigin = BROWSER,
): Promise<PositionsAccepted> {
  const { accepted, dropped, moved, nearWanted } = await recordPositions(db, now, driverId, input, serviceArea, origin);
  if (moved) {
    liveBus.reader.forget(driverId);
    liveBus.hub.changed(driverId);
    if (nearWanted) await sendBusNearMessages(db, liveBus.reader, now, driverId, input.date ?? bahrainToday(now));
  }
  return { accepted, dropped };
}
