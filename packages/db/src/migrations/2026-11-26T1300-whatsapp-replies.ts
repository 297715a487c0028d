import { sql, type Kysely } from 'kysely';

/**
 * WhatsApp replies. Parents choose whether they get the evening message about tomorrow's bus (it
 * costs money; off by default). `whatsapp_replies`: every reply tap the Cloud API's webhook
 * delivered, keyed by WhatsApp's own message id, so a delivery repeated (Meta retries until it is
 * answered 200) records nothing twice. Frozen in time: no application code; one statement per
 * call (PGlite).
 */
const UP = [
  `ALTER TABLE parents ADD COLUMN tomorrow_messages boolean NOT NULL DEFAULT false`,
  `CREATE TABLE whatsapp_replies (
    message_id text PRIMARY KEY,
    from_phone text NOT NULL,
    payload text NOT NULL,
    outcome text NOT NULL,
    absence_id uuid REFERENCES absences (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['DROP TABLE whatsapp_replies', 'ALTER TABLE parents DROP COLUMN tomorrow_messages']) await sql.raw(statement).execute(db);
}
