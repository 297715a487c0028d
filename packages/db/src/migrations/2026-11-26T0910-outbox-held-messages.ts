import { sql, type Kysely } from 'kysely';

/**
 * A message can be `held`: written to the outbox but not sent until the office releases it (it
 * becomes `pending`). Registration texts beyond the service's hourly cap wait there, so a script
 * filling in the public form cannot make the company pay for thousands of texts. The worker claims
 * only `pending` rows, so held ones stay where they are. Frozen in time: the statuses are written
 * out here, not imported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_status_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('pending', 'sent', 'failed', 'held'))`.execute(db);
}

/** Held messages become failed (not pending, which would send them all at once); the office can retry them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE notifications SET status = 'failed', error_msg = 'Held when the outbox went back to a version without held messages' WHERE status = 'held'`.execute(
    db,
  );
  await sql`ALTER TABLE notifications DROP CONSTRAINT notifications_status_check`.execute(db);
  await sql`ALTER TABLE notifications ADD CONSTRAINT notifications_status_check CHECK (status IN ('pending', 'sent', 'failed'))`.execute(db);
}
