import { sql } from 'kysely';
import type { Db } from '@school-transport/db';

/**
 * Ends the open sessions of one account: every one of them (a deactivated account, a password
 * reset), or every one but the caller's own (a password change, 'Sign out everywhere else').
 * Deleting the rows is enough: each server process's session cache hears of it through the
 * sessions_changed notice, and the next request with such a cookie is anonymous.
 */
export async function endSessions(db: Db, userId: string, options: { exceptSid?: string } = {}): Promise<number> {
  let query = db.deleteFrom('sessions').where(sql<string>`sess->>'userId'`, '=', userId);
  if (options.exceptSid) query = query.where('sid', '!=', options.exceptSid);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
