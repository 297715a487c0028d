import { sql, type Kysely } from 'kysely';

/**
 * Refunds of online payments through the card gateway (Tap): the office gives back all or part of a
 * payment, Tap accepts it, and the refund is recorded with its credit note (its own sequence,
 * CRN-000001) and the fee rows it covers, which owe that amount again. A refund is never deleted.
 * Frozen in time: no application code; one statement per call.
 */
const UP = [
  `CREATE SEQUENCE credit_note_number_seq`,
  `CREATE TABLE refunds (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    payment_id uuid NOT NULL REFERENCES payments (id),
    amount numeric(10, 2) NOT NULL CHECK (amount > 0),
    reason text NOT NULL,
    gateway_refund_id text UNIQUE,
    gateway_status text,
    credit_note_number text NOT NULL UNIQUE DEFAULT ('CRN-' || lpad(nextval('credit_note_number_seq')::text, 6, '0')),
    refunded_by uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX refunds_payment_idx ON refunds (payment_id)`,
  `CREATE TABLE refund_allocations (
    refund_id uuid NOT NULL REFERENCES refunds (id),
    fee_id uuid NOT NULL REFERENCES fees (id),
    amount numeric(10, 2) NOT NULL CHECK (amount > 0),
    PRIMARY KEY (refund_id, fee_id)
  )`,
  `CREATE INDEX refund_allocations_fee_idx ON refund_allocations (fee_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['DROP TABLE refund_allocations', 'DROP TABLE refunds', 'DROP SEQUENCE credit_note_number_seq']) {
    await sql.raw(statement).execute(db);
  }
}
