import { sql, type Kysely } from 'kysely';

/**
 * Sign-in attempts are counted in the database, so that every server process shares one limit and
 * an attempt is counted before its password is checked: one row per account identifier (scope
 * `account`: the normalized email or phone, whether or not an account has it) and per client
 * address (scope `address`), holding the attempts of its current window. The row's lock orders
 * parallel attempts, so each gets its own count. Rows whose window has passed are deleted as new
 * windows start, through the index on the window's start. Frozen in time: the scopes are written
 * out here, not imported. One statement per call (PGlite).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sign_in_attempts (
      scope text NOT NULL CHECK (scope IN ('account', 'address')),
      key text NOT NULL,
      attempts integer NOT NULL,
      -- Milliseconds, as a JavaScript Date holds it: an attempt is taken back from its own window only.
      window_started_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, key)
    )`.execute(db);
  await sql`CREATE INDEX sign_in_attempts_window_started_at_idx ON sign_in_attempts (window_started_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sign_in_attempts`.execute(db);
}
