import type { Kysely } from 'kysely';
import type { Session } from 'fastify';
import type { Database } from '@school-transport/db';

/** A session whose cookie has no expiry (not 'remember me') is kept this long on the server. */
const BROWSER_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

type Callback = (error?: unknown) => void;

/**
 * @fastify/session's store on the `sessions` table: sessions survive a restart and every server
 * process on the same database honours them. Works on PostgreSQL and on embedded PGlite alike.
 */
export class DatabaseSessionStore {
  private lastSweep = 0;

  constructor(private readonly db: Kysely<Database>) {}

  set(sid: string, session: Session, callback: Callback): void {
    const expiresAt = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + BROWSER_SESSION_TTL_MS);
    const sess = JSON.stringify(session);
    this.db
      .insertInto('sessions')
      .values({ sid, sess, expire: expiresAt })
      .onConflict((conflict) => conflict.column('sid').doUpdateSet({ sess, expire: expiresAt }))
      .execute()
      .then(() => this.sweepNowAndThen())
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (error: unknown, session?: Session | null) => void): void {
    this.db
      .selectFrom('sessions')
      .select(['sess'])
      .where('sid', '=', sid)
      .where('expire', '>', new Date())
      .executeTakeFirst()
      .then((row) => callback(null, row ? (row.sess as unknown as Session) : null), (error: unknown) => callback(error));
  }

  destroy(sid: string, callback: Callback): void {
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
