import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { findSessionUser } from '../auth.js';

/**
 * Whether an open live page's session still stands: not signed out (here or everywhere), not
 * expired, its account still active. A live page outlives the request that opened it, so its
 * access is checked again while it stays open.
 */
export async function sessionStillValid(db: Kysely<Database>, now: Date, sid: string, userId: string): Promise<boolean> {
  const session = await db.selectFrom('sessions').select('sess').where('sid', '=', sid).where('expire', '>', now).executeTakeFirst();
  if (!session || session.sess.userId !== userId) return false;
  return (await findSessionUser(db, userId)) !== null;
}
