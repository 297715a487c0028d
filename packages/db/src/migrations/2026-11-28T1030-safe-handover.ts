import { sql, type Kysely } from 'kysely';

/**
 * Safe handover at the afternoon stop.
 * - `schools.handover_up_to_grade`: the office's rule, handover required up to this grade (a grade of
 *   the product's list; KG counts below grade 1); null: no rule, no grade there requires it.
 * - `students.handover_choice`: 'required' (the family or the office asked for it) or 'lifted' (the
 *   office lifted the rule for this child); null: the school's rule decides.
 * - `authorised_adults`: the adults a family named (at most 8, checked by the application).
 * - `handover_codes`: a one-day delegate's code, stored hashed, for one child and one date; used
 *   once, void after too many wrong tries, cancellable.
 * - `run_marks.received_by_*`: who received the child, copied onto the mark so that the record
 *   stays as it was when an adult is later renamed or removed.
 * Frozen in time: no application code; one statement per call (PGlite).
 */
const UP = [
  `ALTER TABLE schools ADD COLUMN handover_up_to_grade text`,
  `ALTER TABLE students ADD COLUMN handover_choice text CHECK (handover_choice IN ('required', 'lifted'))`,
  `CREATE TABLE authorised_adults (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    parent_id uuid NOT NULL REFERENCES parents (id),
    name text NOT NULL,
    relation text NOT NULL CHECK (relation IN ('mother', 'father', 'grandparent', 'aunt', 'uncle', 'sibling', 'driver', 'nanny', 'other')),
    phone text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX authorised_adults_parent_idx ON authorised_adults (parent_id)`,
  `CREATE TABLE handover_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    student_id uuid NOT NULL REFERENCES students (id),
    date text NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    name text NOT NULL,
    phone text NOT NULL,
    code_hash text NOT NULL,
    wrong_tries integer NOT NULL DEFAULT 0,
    used_at timestamptz,
    voided_at timestamptz,
    cancelled_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX handover_codes_student_date_idx ON handover_codes (student_id, date)`,
  `ALTER TABLE run_marks ADD COLUMN received_by_name text`,
  `ALTER TABLE run_marks ADD COLUMN received_by_relation text`,
  `ALTER TABLE run_marks ADD COLUMN received_by_adult_id uuid`,
  `ALTER TABLE run_marks ADD COLUMN received_by_code_id uuid REFERENCES handover_codes (id)`,
];

const DOWN = [
  'ALTER TABLE run_marks DROP COLUMN received_by_code_id',
  'ALTER TABLE run_marks DROP COLUMN received_by_adult_id',
  'ALTER TABLE run_marks DROP COLUMN received_by_relation',
  'ALTER TABLE run_marks DROP COLUMN received_by_name',
  'DROP TABLE handover_codes',
  'DROP TABLE authorised_adults',
  'ALTER TABLE students DROP COLUMN handover_choice',
  'ALTER TABLE schools DROP COLUMN handover_up_to_grade',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
