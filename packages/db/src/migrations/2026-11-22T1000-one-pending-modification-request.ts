import { sql, type Kysely } from 'kysely';

/**
 * A student has at most one modification request waiting for the office: the database refuses a second
 * one even when two arrive at the same moment. Decided requests are not limited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX modification_requests_one_pending_idx ON modification_requests (student_id) WHERE status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX modification_requests_one_pending_idx`.execute(db);
}
