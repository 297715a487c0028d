import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { startRepeatingJob } from '../repeating-job.js';

/**
 * Positions are kept as long as the operator needs them to answer a family's question about a past
 * run (30 days by default, POSITION_RETENTION_DAYS), then deleted. The latest position of a driver
 * goes with them once it is as old.
 */
export async function deleteOldPositions(db: Kysely<Database>, now: Date, days: number): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const trail = await db.deleteFrom('runPositions').where('at', '<', before).executeTakeFirst();
  await db.deleteFrom('busPositions').where('at', '<', before).execute();
  return Number(trail.numDeletedRows);
}

/** Deletes old positions shortly after start and then every hour; answers a stop function. */
export function startPositionRetentionJob(
  db: Kysely<Database>,
  clock: { now(): Date },
  days: number,
  options: { intervalMs?: number; firstRunMs?: number; log?: (error: unknown) => void; done?: (deleted: number) => void } = {},
): () => void {
  return startRepeatingJob(() => deleteOldPositions(db, clock.now(), days), {
    firstRunMs: options.firstRunMs ?? 30_000,
    intervalMs: options.intervalMs ?? 60 * 60 * 1000,
    log: options.log,
    done: options.done,
  });
}
