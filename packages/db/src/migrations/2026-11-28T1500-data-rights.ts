import { sql, type Kysely } from 'kysely';

/**
 * Families' data rights under Bahrain's Personal Data Protection Law. `erasure_requests`: a
 * family's request to erase its data, due within 10 working days, completed or refused (with a
 * reason) by an admin; at most one open request per family. `record_views`: every time an office
 * user opened a child's record, the child's live position or a run's trail (who, when, which
 * child, what), so that a family can be told who looked. `parents.erased_at`: the family was
 * erased (its accounts closed, its personal data replaced). Frozen in time: no application code;
 * one statement per call.
 */
const UP = [
  `CREATE TABLE erasure_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    parent_id uuid NOT NULL REFERENCES parents (id),
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'refused')),
    reason text,
    refusal_reason text,
    due_by text NOT NULL CHECK (due_by ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
    decided_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((status = 'refused') = (refusal_reason IS NOT NULL))
  )`,
  `CREATE UNIQUE INDEX erasure_requests_one_open_idx ON erasure_requests (parent_id) WHERE status = 'open'`,
  `CREATE INDEX erasure_requests_status_idx ON erasure_requests (status, due_by)`,
  `CREATE TABLE record_views (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    viewer_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    student_id uuid NOT NULL REFERENCES students (id),
    what text NOT NULL CHECK (what IN ('record', 'position', 'trail')),
    at timestamptz NOT NULL
  )`,
  `CREATE INDEX record_views_student_idx ON record_views (student_id, at)`,
  `CREATE INDEX record_views_viewer_idx ON record_views (viewer_user_id, at)`,
  `ALTER TABLE parents ADD COLUMN erased_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['ALTER TABLE parents DROP COLUMN erased_at', 'DROP TABLE record_views', 'DROP TABLE erasure_requests']) {
    await sql.raw(statement).execute(db);
  }
}
