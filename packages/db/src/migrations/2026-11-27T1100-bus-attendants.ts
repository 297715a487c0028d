import { sql, type Kysely } from 'kysely';

/**
 * An attendant (a supervisor who rides with the children) is a user of role `attendant` who signs
 * in by phone like a driver and works the day of one bus: `attendants` links the account to the
 * driver whose bus it is, at most one attendant per bus (the unique driver_id). A phone signs in
 * one crew member, so phones are unique across drivers and attendants together.
 *
 * Every mark says who made it: `run_marks.marked_by_role` (driver, attendant, or office), beside
 * `recorded_by` (the account). Earlier marks take the role of the account that made them.
 * Frozen in time: no application code; one statement per call (PGlite).
 */
const UP = [
  `ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`,
  `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'parent', 'staff', 'driver', 'attendant'))`,
  `CREATE UNIQUE INDEX users_crew_phone_key ON users (phone) WHERE role IN ('driver', 'attendant')`,
  `CREATE TABLE attendants (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL UNIQUE REFERENCES users (id),
    driver_id uuid NOT NULL REFERENCES drivers (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT attendants_driver_key UNIQUE (driver_id)
  )`,
  `ALTER TABLE run_marks ADD COLUMN marked_by_role text CHECK (marked_by_role IN ('driver', 'attendant', 'office'))`,
  `UPDATE run_marks SET marked_by_role = CASE WHEN u.role = 'driver' THEN 'driver' ELSE 'office' END FROM users u WHERE u.id = run_marks.recorded_by`,
];

const DOWN = [
  'ALTER TABLE run_marks DROP COLUMN marked_by_role',
  'DROP TABLE attendants',
  'DROP INDEX users_crew_phone_key',
  `DELETE FROM users WHERE role = 'attendant'`,
  'ALTER TABLE users DROP CONSTRAINT users_role_check',
  `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'parent', 'staff', 'driver'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
