import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { SERVER_MESSAGES, type Language, type SessionUser } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { findSessionUser } from './auth.js';

/**
 * The language a signed-in person chose with the switch. Kept on the account, marked as chosen (no
 * sign-in screen changes it after), so the app starts in it on any browser after sign-in, and the
 * outbox writes that person's messages in it.
 */
export async function setAccountLanguage(db: Kysely<Database>, userId: string, language: Language): Promise<SessionUser> {
  await db.updateTable('users').set({ language, languageChosen: true, updatedAt: new Date() }).where('id', '=', userId).execute();
  const user = await findSessionUser(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
  return user;
}
