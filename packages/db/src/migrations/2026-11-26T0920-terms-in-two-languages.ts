import { sql, type Kysely } from 'kysely';

/**
 * Each terms version has an Arabic text beside its English one (null until the office writes it),
 * and each student records the language of the terms text that was accepted. Every acceptance
 * before this was of English text, the only one there was, so those students are marked 'en'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE terms ADD COLUMN content_ar text`.execute(db);
  await sql`ALTER TABLE students ADD COLUMN terms_language text CHECK (terms_language IN ('en', 'ar'))`.execute(db);
  await sql`UPDATE students SET terms_language = 'en' WHERE terms_version_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE students DROP COLUMN terms_language`.execute(db);
  await sql`ALTER TABLE terms DROP COLUMN content_ar`.execute(db);
}
