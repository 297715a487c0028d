import { sql, type Kysely } from 'kysely';

/**
 * A driver can undo a mark for a short while (a wrong tap). The mark stays in the records with the
 * time it was undone (`run_marks.undone_at`; a child's status reads only marks not undone), and the
 * undo itself is a row of `run_mark_undos`: once per id from the phone, like a mark (the unique key
 * on run and client id), and at most one per mark. Frozen in time: no application code; one
 * statement per call (PGlite).
 */
const UP = [
  `ALTER TABLE run_marks ADD COLUMN undone_at timestamptz`,
  `CREATE TABLE run_mark_undos (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    run_id uuid NOT NULL REFERENCES school_runs (id),
    mark_id uuid NOT NULL UNIQUE REFERENCES run_marks (id),
    client_id text NOT NULL,
    at timestamptz NOT NULL,
    recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT run_mark_undos_run_client_key UNIQUE (run_id, client_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['DROP TABLE run_mark_undos', 'ALTER TABLE run_marks DROP COLUMN undone_at']) await sql.raw(statement).execute(db);
}
