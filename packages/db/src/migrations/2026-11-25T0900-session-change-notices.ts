import { sql, type Kysely } from 'kysely';

/**
 * Every server process caches the sessions it has read for a few seconds (apps/api session cache),
 * so a signed-in request costs one round trip instead of two. What such a session depends on is
 * its `sessions` row, its user's row and the user's driver row: a change to any of them sends a
 * notice on the `session_changes` channel (delivered when the change commits), and every process
 * clears its cache. Written as triggers so that no write can forget to send it, whoever makes
 * it (the app, the admin:create command, an operator's SQL). Frozen in time: the channel's name is
 * written out here, not imported (notices.ts names it for the listeners). One statement per call (PGlite).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL folds identical notices within one transaction into one: the sweep of a thousand
  // expired sessions sends a single notice.
  await sql`
    CREATE FUNCTION notify_session_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('session_changes', '');
      RETURN NULL;
    END
    $$`.execute(db);
  // A new session row is in no one's cache yet, so inserts are left out there; an INSERT …
  // ON CONFLICT DO UPDATE that updates a row fires the UPDATE trigger. A new driver row changes
  // what its user's session says (the driver's id), so drivers count inserts as well.
  await sql`CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_changes()`.execute(db);
  await sql`CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_changes()`.execute(db);
  await sql`CREATE TRIGGER drivers_changed AFTER INSERT OR UPDATE OR DELETE ON drivers FOR EACH ROW EXECUTE FUNCTION notify_session_changes()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER drivers_changed ON drivers`.execute(db);
  await sql`DROP TRIGGER users_changed ON users`.execute(db);
  await sql`DROP TRIGGER sessions_changed ON sessions`.execute(db);
  await sql`DROP FUNCTION notify_session_changes()`.execute(db);
}
