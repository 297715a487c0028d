import { sql, type Kysely } from 'kysely';

/**
 * Online payments through a card gateway (Tap): a family's checkout of one or several fee rows,
 * the gateway's charge it became, and, once the charge is captured and booked, the ledger payment
 * it made (method `online`, with the card scheme or wallet the family paid with). A row held by an
 * open checkout cannot be put in another, so a family never pays the same month twice at once.
 * `attention` says why the office must look at a charge the server would not book (its amount,
 * currency or reference differ). Frozen in time: no application code; one statement per call.
 */
const UP = [
  `ALTER TABLE payments DROP CONSTRAINT payments_method_check`,
  `ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN ('benefit_pay', 'bank_transfer', 'cash', 'other', 'online'))`,
  `ALTER TABLE payments ADD COLUMN online_scheme text`,
  `CREATE TABLE online_payments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    parent_id uuid NOT NULL REFERENCES parents (id),
    amount numeric(10, 2) NOT NULL CHECK (amount > 0),
    status text NOT NULL DEFAULT 'initiated' CHECK (status IN ('initiated', 'paid', 'failed', 'cancelled')),
    charge_id text UNIQUE,
    charge_status text,
    checkout_url text,
    scheme text,
    payment_id uuid UNIQUE REFERENCES payments (id),
    attention text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX online_payments_parent_idx ON online_payments (parent_id, created_at)`,
  `CREATE INDEX online_payments_attention_idx ON online_payments (created_at) WHERE attention IS NOT NULL`,
  `CREATE TABLE online_payment_fees (
    online_payment_id uuid NOT NULL REFERENCES online_payments (id),
    fee_id uuid NOT NULL REFERENCES fees (id),
    amount numeric(10, 2) NOT NULL CHECK (amount > 0),
    PRIMARY KEY (online_payment_id, fee_id)
  )`,
  `CREATE INDEX online_payment_fees_fee_idx ON online_payment_fees (fee_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'DROP TABLE online_payment_fees',
    'DROP TABLE online_payments',
    'ALTER TABLE payments DROP COLUMN online_scheme',
    'ALTER TABLE payments DROP CONSTRAINT payments_method_check',
    `ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN ('benefit_pay', 'bank_transfer', 'cash', 'other'))`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}
