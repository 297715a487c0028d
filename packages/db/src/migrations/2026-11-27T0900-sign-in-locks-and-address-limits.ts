import { sql, type Kysely } from 'kysely';

/**
 * Three guards of accounts:
 * - sign-in failures are also counted per account identifier and client address together (scope
 *   `account_address`), so that ten wrong passwords from one address lock that address out of the
 *   account without locking the account's owner out everywhere;
 * - registrations and reset requests are counted per client address and hour
 *   (`address_requests`), each a row holding its current window like `sign_in_attempts`;
 * - the time the office last changed an account's phone (`users.phone_changed_by_office_at`), which
 *   a reset code to the new phone within a day needs an admin for.
 * Frozen in time: the scopes and actions are written out here, not imported. One statement per call (PGlite).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sign_in_attempts DROP CONSTRAINT sign_in_attempts_scope_check`.execute(db);
  await sql`ALTER TABLE sign_in_attempts ADD CONSTRAINT sign_in_attempts_scope_check CHECK (scope IN ('account', 'account_address', 'address'))`.execute(db);
  await sql`
    CREATE TABLE address_requests (
      action text NOT NULL CHECK (action IN ('registration', 'password_reset')),
      address text NOT NULL,
      requests integer NOT NULL,
      window_started_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (action, address)
    )`.execute(db);
  await sql`CREATE INDEX address_requests_window_started_at_idx ON address_requests (window_started_at)`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN phone_changed_by_office_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN phone_changed_by_office_at`.execute(db);
  await sql`DROP TABLE address_requests`.execute(db);
  await sql`DELETE FROM sign_in_attempts WHERE scope = 'account_address'`.execute(db);
  await sql`ALTER TABLE sign_in_attempts DROP CONSTRAINT sign_in_attempts_scope_check`.execute(db);
  await sql`ALTER TABLE sign_in_attempts ADD CONSTRAINT sign_in_attempts_scope_check CHECK (scope IN ('account', 'address'))`.execute(db);
}
