import { sql, type Kysely } from 'kysely';

/**
 * The school day. `absences`: a family's (or the office's) report that a student will not ride,
 * from one date to another, on the morning run, the afternoon run or both; cancelled, not deleted.
 * `school_runs`: one row per driver, date and run, made when the run starts, on its first mark, or
 * when the office hands it to a substitute; its status follows started_at and ended_at.
 * `run_marks`: what happened to one child on a run, each mark once per id from the phone (the
 * unique key, so the same mark sent twice at once is still one row). Dates are Bahrain's, kept as
 * 'YYYY-MM-DD' text (no zone conversion on the way in or out). Parents choose whether boarded and
 * dropped messages are sent (they cost money; off by default). Frozen in time: no application
 * code; one statement per call (PGlite).
 */
const DATE = `~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`;
const UP = [
  `CREATE TABLE absences (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    student_id uuid NOT NULL REFERENCES students (id),
    from_date text NOT NULL CHECK (from_date ${DATE}),
    to_date text NOT NULL CHECK (to_date ${DATE}),
    run text NOT NULL CHECK (run IN ('morning', 'afternoon', 'both')),
    reason text,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    cancelled_at timestamptz,
    cancelled_by uuid REFERENCES users (id) ON DELETE SET NULL,
    CHECK (to_date >= from_date)
  )`,
  `CREATE INDEX absences_student_idx ON absences (student_id, to_date) WHERE cancelled_at IS NULL`,
  `CREATE INDEX absences_days_idx ON absences (from_date, to_date) WHERE cancelled_at IS NULL`,
  `CREATE TABLE school_runs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    driver_id uuid NOT NULL REFERENCES drivers (id),
    date text NOT NULL CHECK (date ${DATE}),
    run text NOT NULL CHECK (run IN ('morning', 'afternoon')),
    substitute_driver_id uuid REFERENCES drivers (id),
    started_at timestamptz,
    ended_at timestamptz,
    overdue_alerted_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT school_runs_driver_date_run_key UNIQUE (driver_id, date, run),
    CHECK (ended_at IS NULL OR started_at IS NOT NULL)
  )`,
  `CREATE INDEX school_runs_date_idx ON school_runs (date)`,
  `CREATE INDEX school_runs_substitute_idx ON school_runs (substitute_driver_id, date) WHERE substitute_driver_id IS NOT NULL`,
  `CREATE INDEX school_runs_open_idx ON school_runs (date) WHERE started_at IS NOT NULL AND ended_at IS NULL`,
  `CREATE TABLE run_marks (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    run_id uuid NOT NULL REFERENCES school_runs (id),
    student_id uuid NOT NULL REFERENCES students (id),
    event text NOT NULL CHECK (event IN ('boarded', 'dropped', 'no_show', 'returned_to_school')),
    at timestamptz NOT NULL,
    client_id text NOT NULL,
    position jsonb,
    recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT run_marks_run_client_key UNIQUE (run_id, client_id)
  )`,
  `CREATE INDEX run_marks_run_student_idx ON run_marks (run_id, student_id, at)`,
  `ALTER TABLE parents ADD COLUMN boarded_dropped_messages boolean NOT NULL DEFAULT false`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'ALTER TABLE parents DROP COLUMN boarded_dropped_messages',
    'DROP TABLE run_marks',
    'DROP TABLE school_runs',
    'DROP TABLE absences',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
