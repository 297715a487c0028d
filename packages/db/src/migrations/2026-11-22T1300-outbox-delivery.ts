import { sql, type Kysely } from 'kysely';

/**
 * The outbox becomes deliverable: tries and the time of the next one, a lease
 * (locked_until, locked_by) so that a message claimed by a process that died is taken again, when
 * it was sent and the text that went out, the recipient's language, and an idempotency key so an
 * event written twice is one message. Claiming reads `notifications_due_idx`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notifications ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0)`.execute(db);
  await sql`ALTER TABLE notifications ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`ALTER TABLE notifications ADD COLUMN locked_until timestamptz`.execute(db);
  await sql`ALTER TABLE notifications ADD COLUMN locked_by text`.execute(db);
  await sql`ALTER TABLE notifications ADD COLUMN sent_at timestamptz`.execute(db);
  await sql`ALTER TABLE notifications ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`ALTER TABLE notifications ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar'))`.execute(db);
  await sql`ALTER TABLE notifications ADD COLUMN body text`.execute(db);
  // Rows written before this migration get a key of their own (gen_random_uuid is evaluated per row).
  await sql`ALTER TABLE notifications ADD COLUMN idempotency_key text NOT NULL DEFAULT gen_random_uuid()::text`.execute(db);
  await sql`CREATE UNIQUE INDEX notifications_idempotency_key ON notifications (idempotency_key)`.execute(db);
  await sql`DROP INDEX notifications_pending_idx`.execute(db);
  await sql`CREATE INDEX notifications_due_idx ON notifications (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX notifications_status_created_idx ON notifications (status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX notifications_created_idx ON notifications (created_at DESC)`.execute(db);
  await sql`CREATE INDEX notifications_recipient_idx ON notifications (recipient)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX notifications_recipient_idx`.execute(db);
  await sql`DROP INDEX notifications_created_idx`.execute(db);
  await sql`DROP INDEX notifications_status_created_idx`.execute(db);
  await sql`DROP INDEX notifications_due_idx`.execute(db);
  await sql`CREATE INDEX notifications_pending_idx ON notifications (created_at) WHERE status = 'pending'`.execute(db);
  await sql`DROP INDEX notifications_idempotency_key`.execute(db);
  for (const column of ['idempotency_key', 'body', 'language', 'updated_at', 'sent_at', 'locked_by', 'locked_until', 'next_attempt_at', 'attempts']) {
    await sql`ALTER TABLE notifications DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
}
