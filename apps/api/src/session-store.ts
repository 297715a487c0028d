import { sql, type Kysely } from 'kysely';
import type { Session } from 'fastify';
import type { Database } from '@school-transport/db';
import { isOfficeRole, OFFICE_ROLES } from '@school-transport/contracts';
import { toSessionUser, type SessionUserRow } from './domain/auth.js';
import type { SessionCache } from './session-cache.js';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/** A session whose cookie has no expiry (not 'remember me') is kept this long on the server. */
const BROWSER_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * An office session (admin or staff) ends after this long without a request: those accounts open
 * every family's data, and an office computer left signed in should not stay open overnight.
 * Parents' and drivers' sessions last as their cookie says.
 */
export const OFFICE_IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/**
 * How stale a session's last request time may be before a request writes it again: writing it on
 * every request would be a write (and a session-change notice to every process) per request.
 */
export const LAST_SEEN_WRITE_INTERVAL_MS = 5 * 60 * 1000;

type Callback = (error?: unknown) => void;

/**
 * @fastify/session's store on the `sessions` table: sessions survive a restart and every server
 * process on the same database honours them. Works on PostgreSQL and on embedded PGlite alike.
 */
export class DatabaseSessionStore {
  private lastSweep = 0;

  /** `cache`: sessions read lately, used while the database's notices of changes come (session-cache.ts). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache?: SessionCache<Session>,
  ) {}

  set(sid: string, session: Session, callback: Callback): void {
    this.cache?.delete(sid);
    // Only a signed-in session is worth a row. Sign-in's regenerate() hands the new session over
    // empty, before the user is put in it; the answer's save writes it then: one INSERT, and no
    // UPDATE of that row whose notice (the sessions_changed trigger) would make every server
    // process clear its session cache, at every sign-in.
    if (session.userId === undefined) return callback();
    const expiresAt = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + BROWSER_SESSION_TTL_MS);
    // The signed-in user is read afresh with every request (get), never stored.
    const { signedIn: _signedIn, ...stored } = session;
    this.db
      .insertInto('sessions')
      .values({ sid, sess: JSON.stringify(stored), expire: expiresAt, lastSeenAt: new Date() })
      .onConflict((conflict) =>
        conflict
          .column('sid')
          .doUpdateSet((eb) => ({ sess: eb.ref('excluded.sess'), expire: eb.ref('excluded.expire'), lastSeenAt: eb.ref('excluded.lastSeenAt') })),
      )
      .execute()
      .then(() => this.sweepNowAndThen())
      .then(() => callback(), callback);
  }

  /**
   * The session and its signed-in user in one round trip (the request context would otherwise read
   * the user in a second query on every request): the user's current row comes along as
   * `signedIn` (its user null when the account is gone or deactivated), so deactivation still
   * takes effect at the next request.
   */
  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    const cached = this.cache?.get(sid);
    // A copy: @fastify/session copies its keys into the request's session, never changes this one.
    if (cached) return callback(null, { ...cached });
    const since = this.cache?.mark() ?? 0;
    const now = Date.now();
    // An office session idle for longer than OFFICE_IDLE_TIMEOUT_MS is not found: the request is anonymous.
    sql<{ sess: Session; expire: Date; lastSeenAt: Date } & Partial<SessionUserRow>>`
      SELECT s.sess, s.expire, s.last_seen_at, u.id, u.name, u.role, u.email, u.phone, u.status, u.language, d.id AS driver_id, d.status AS driver_status, a.driver_id AS attendant_driver_id
      FROM sessions s
        LEFT JOIN users u ON u.id = CASE WHEN s.sess->>'userId' ~* ${UUID} THEN (s.sess->>'userId')::uuid END
        LEFT JOIN drivers d ON d.user_id = u.id
        LEFT JOIN attendants a ON a.user_id = u.id
      WHERE s.sid = ${sid} AND s.expire > ${new Date(now)}
        AND NOT (u.role IN (${sql.join(OFFICE_ROLES)}) AND s.last_seen_at <= ${new Date(now - OFFICE_IDLE_TIMEOUT_MS)})`
      .execute(this.db)
      .then(async ({ rows: [row] }) => {
        if (!row) return null;
        const { sess, expire, lastSeenAt, ...user } = row;
        if (user.role && isOfficeRole(user.role) && now - lastSeenAt.getTime() >= LAST_SEEN_WRITE_INTERVAL_MS) await this.seen(sid, now);
        if (typeof sess.userId === 'string') sess.signedIn = { userId: sess.userId, user: toSessionUser(user.id ? (user as SessionUserRow) : undefined) };
        this.cache?.set(sid, sess, expire, since);
        return { ...sess };
      })
      // The callback is called once, outside the promise chain: an error it throws is not taken
      // for a database error and answered with a second callback.
      .then(
        (session) => callback(null, session),
        (error: unknown) => callback(error),
      );
  }

  /** Writes the session's last request time (no session-change notice: what the session says is unchanged). */
  private async seen(sid: string, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(now) })
      .where('sid', '=', sid)
      .execute();
  }

  destroy(sid: string, callback: Callback): void {
    this.cache?.delete(sid);
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }

  /** Expired rows are removed at most once an hour per process, on a write. */
  private async sweepNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < 60 * 60 * 1000) return;
    this.lastSweep = now;
    await this.db.deleteFrom('sessions').where('expire', '<', new Date(now)).execute();
  }
}
