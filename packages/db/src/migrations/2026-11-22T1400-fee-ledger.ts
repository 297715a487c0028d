import { sql, type Kysely } from 'kysely';

/**
 * The monthly fee ledger: a fee row per student and service month, payments (never
 * deleted, voided with a reason) split over fee rows by allocations, receipt numbers from a
 * sequence, and the parents' proofs of payment stored in the database so every server process sees
 * them. Frozen in time: no application code; one statement per call (PGlite).
 */
const UP = [
  `CREATE TABLE fees (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    student_id uuid NOT NULL REFERENCES students (id),
    month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
    amount numeric(10, 2) NOT NULL CHECK (amount >= 0),
    due_from date NOT NULL,
    due_date date NOT NULL,
    waived boolean NOT NULL DEFAULT false,
    waived_reason text,
    reminded_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT fees_student_month_key UNIQUE (student_id, month)
  )`,
  `CREATE INDEX fees_month_idx ON fees (month)`,
  `CREATE INDEX fees_due_date_idx ON fees (due_date) WHERE NOT waived`,
  `CREATE SEQUENCE receipt_number_seq`,
  `CREATE TABLE payments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    parent_id uuid NOT NULL REFERENCES parents (id),
    amount numeric(10, 2) NOT NULL CHECK (amount > 0),
    method text NOT NULL CHECK (method IN ('benefit_pay', 'bank_transfer', 'cash', 'other')),
    reference text NOT NULL DEFAULT '',
    note text NOT NULL DEFAULT '',
    paid_at date NOT NULL,
    receipt_number text NOT NULL UNIQUE DEFAULT ('RCT-' || lpad(nextval('receipt_number_seq')::text, 6, '0')),
    recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
    voided_at timestamptz,
    void_reason text,
    voided_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX payments_parent_idx ON payments (parent_id, paid_at)`,
  `CREATE TABLE payment_allocations (
    payment_id uuid NOT NULL REFERENCES payments (id),
    fee_id uuid NOT NULL REFERENCES fees (id),
    amount numeric(10, 2) NOT NULL CHECK (amount > 0),
    PRIMARY KEY (payment_id, fee_id)
  )`,
  `CREATE INDEX payment_allocations_fee_idx ON payment_allocations (fee_id)`,
  `CREATE TABLE payment_proofs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    fee_id uuid NOT NULL REFERENCES fees (id),
    parent_id uuid NOT NULL REFERENCES parents (id),
    file bytea NOT NULL,
    mime text NOT NULL,
    size integer NOT NULL CHECK (size > 0),
    amount numeric(10, 2) NOT NULL CHECK (amount > 0),
    reference text NOT NULL DEFAULT '',
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
    reason text,
    payment_id uuid REFERENCES payments (id),
    decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
    decided_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX payment_proofs_status_idx ON payment_proofs (status, created_at)`,
  `CREATE INDEX payment_proofs_fee_idx ON payment_proofs (fee_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'DROP TABLE payment_proofs',
    'DROP TABLE payment_allocations',
    'DROP TABLE payments',
    'DROP SEQUENCE receipt_number_seq',
    'DROP TABLE fees',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
