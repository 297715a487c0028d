import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { Language, SessionUser } from '@school-transport/contracts';

/**
 * The language an account reads its screens in (users.language), for the texts the server writes
 * itself: CSV headers, receipts. Read per request rather than cached with the session, so a change of
 * language applies to the next download; an unknown account reads English.
 */
export async function accountLanguage(db: Kysely<Database>, userId: string): Promise<Language> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? 'en';
}

/**
 * At sign-in, an account whose language its person never chose (users.language_chosen false: the
 * default, or the registration form's screen) takes the language of the screen they signed in on: a
 * phone set to Arabic shows an Arabic sign-in page, and the screens after it stay Arabic. A choice
 * made with the switch wins over any screen. Answers the user as the account now reads.
 */
export async function languageAtSignIn(db: Kysely<Database>, user: SessionUser, screen: Language | undefined): Promise<SessionUser> {
  if (!screen || screen === user.language) return user;
  const updated = await db
    .updateTable('users')
    .set({ language: screen, updatedAt: new Date() })
    .where('id', '=', user.id)
    .where('languageChosen', '=', false)
    .returning('language')
    .executeTakeFirst();
  return updated ? { ...user, language: updated.language } : user;
}
