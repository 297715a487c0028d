import { sql, type Kysely } from 'kysely';

/**
 * Students are deleted softly (the row, its modification requests, fees and audit trail stay;
 * every list hides it), and each account remembers its language for screens and messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE students ADD COLUMN deleted_at timestamptz`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN language`.execute(db);
  await sql`ALTER TABLE students DROP COLUMN deleted_at`.execute(db);
}
