import { sql, type Kysely } from 'kysely';

/**
 * One-time codes that set an account's password: a forgotten-password code (15 minutes) or a
 * welcome code for an account the office made without a usable password (7 days). Only a hash of
 * the code is kept. A code ends (ended_at) when it is used, when its fifth wrong try voids it, or
 * when a newer code of the account replaces it. sent_by is the office user who sent it; null when
 * the account's owner asked for it (the hourly limit counts those). Frozen in time: the purposes
 * are written out here, not imported. One statement per call (PGlite).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('password_reset', 'welcome')),
      code_hash text NOT NULL,
      wrong_attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      sent_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX account_codes_user_id_created_at_idx ON account_codes (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE account_codes`.execute(db);
}
