import { sql, type Kysely } from 'kysely';

/**
 * Office accounts (admins and staff): when each last signed in, shown in the office's list of its
 * accounts; and when each session last made a request, so an office session that has been idle
 * for hours ends. The request time is written at most every few minutes, not on every request.
 * Sessions open before this count as seen now.
 *
 * Neither time changes what a cached session says (who is signed in, with which role), so writing
 * one sends no session-change notice: the triggers that send them skip an update of those columns
 * alone, and every process keeps its session cache through sign-ins and request times.
 * One statement per call (PGlite).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz`.execute(db);
  await sql`ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`DROP TRIGGER users_changed ON users`.execute(db);
  await sql`CREATE TRIGGER users_removed AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_changes()`.execute(db);
  await sql`
    CREATE TRIGGER users_changed AFTER UPDATE ON users FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'last_sign_in_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_sign_in_at' - 'updated_at'))
    EXECUTE FUNCTION notify_session_changes()`.execute(db);
  await sql`DROP TRIGGER sessions_changed ON sessions`.execute(db);
  await sql`CREATE TRIGGER sessions_removed AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_changes()`.execute(db);
  await sql`
    CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
    WHEN (OLD.sess::text IS DISTINCT FROM NEW.sess::text OR OLD.expire IS DISTINCT FROM NEW.expire OR OLD.sid IS DISTINCT FROM NEW.sid)
    EXECUTE FUNCTION notify_session_changes()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER sessions_changed ON sessions`.execute(db);
  await sql`DROP TRIGGER sessions_removed ON sessions`.execute(db);
  await sql`CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_changes()`.execute(db);
  await sql`DROP TRIGGER users_changed ON users`.execute(db);
  await sql`DROP TRIGGER users_removed ON users`.execute(db);
  await sql`CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_changes()`.execute(db);
  await sql`ALTER TABLE sessions DROP COLUMN last_seen_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN last_sign_in_at`.execute(db);
}
