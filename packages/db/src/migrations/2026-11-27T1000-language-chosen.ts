import { sql, type Kysely } from 'kysely';

/**
 * `users.language_chosen`: whether the account's language was chosen by its person (the language
 * switch), rather than taken from a screen (the registration form, a sign-in page) or left at the
 * default. An account whose language nobody chose follows the screen its person signs in on; a
 * choice wins. Accounts already in Arabic got there by the switch or an Arabic registration form,
 * both a person's doing, so they count as chosen; an English account cannot be told from the
 * default, so it follows the screen. Frozen in time: no application code; one statement per call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language_chosen boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE users SET language_chosen = true WHERE language = 'ar'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN language_chosen`.execute(db);
}
