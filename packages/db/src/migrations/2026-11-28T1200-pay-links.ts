import { sql, type Kysely } from 'kysely';

/**
 * Pay links: the short link in a fee reminder (`/pay/<token>`) that opens a payment page for exactly
 * the rows the reminder names, without signing in. The token is 128 random bits; only its SHA-256
 * is kept (`token_hash`), so the table alone pays nothing. A link ends at `expires_at` (7 days) or
 * when `revoked_at` is set. A checkout started from a link names it (`online_payments.pay_link_id`),
 * so the link's page can show its outcome after Tap sends the family back. Requests to the links are
 * counted per client address and hour like registrations (`address_requests`, action `pay_link`).
 * Frozen in time: the actions are written out here, not imported. One statement per call (PGlite).
 */
const UP = [
  `CREATE TABLE pay_links (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_hash text NOT NULL UNIQUE,
    parent_id uuid NOT NULL REFERENCES parents (id),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX pay_links_parent_idx ON pay_links (parent_id, created_at)`,
  `CREATE TABLE pay_link_fees (
    pay_link_id uuid NOT NULL REFERENCES pay_links (id) ON DELETE CASCADE,
    fee_id uuid NOT NULL REFERENCES fees (id) ON DELETE CASCADE,
    PRIMARY KEY (pay_link_id, fee_id)
  )`,
  `CREATE INDEX pay_link_fees_fee_idx ON pay_link_fees (fee_id)`,
  `ALTER TABLE online_payments ADD COLUMN pay_link_id uuid REFERENCES pay_links (id)`,
  `CREATE INDEX online_payments_pay_link_idx ON online_payments (pay_link_id, created_at) WHERE pay_link_id IS NOT NULL`,
  `ALTER TABLE address_requests DROP CONSTRAINT address_requests_action_check`,
  `ALTER TABLE address_requests ADD CONSTRAINT address_requests_action_check CHECK (action IN ('registration', 'password_reset', 'pay_link'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `DELETE FROM address_requests WHERE action = 'pay_link'`,
    'ALTER TABLE address_requests DROP CONSTRAINT address_requests_action_check',
    `ALTER TABLE address_requests ADD CONSTRAINT address_requests_action_check CHECK (action IN ('registration', 'password_reset'))`,
    'ALTER TABLE online_payments DROP COLUMN pay_link_id',
    'DROP TABLE pay_link_fees',
    'DROP TABLE pay_links',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
