import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { Language } from '@school-transport/contracts';

/**
 * The language an account reads its screens in (users.language), for the texts the server writes
 * itself: CSV headers, receipts. Read per request rather than cached with the session, so a change of
 * language applies to the next download; an unknown account reads English.
 */
export async function accountLanguage(db: Kysely<Database>, userId: string): Promise<Language> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? 'en';
}
