import type { FastifyInstance, Session } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { Kysely } from 'kysely';
import { SESSION_CHANGES_CHANNEL, type Database, type DatabaseHandle } from '@school-transport/db';
import { DatabaseSessionStore } from '../session-store.js';
import { SessionCache } from '../session-cache.js';

export interface SessionSettings {
  db: Kysely<Database>;
  listen: DatabaseHandle['listen'] | undefined;
  sessionSecret: string;
  cookieSecure: boolean;
}

/**
 * Sessions kept in the database, behind the `sid` cookie. With the database's notices the sessions
 * read are cached and cleared whenever any process changes one (session-cache.ts); without them
 * every request reads its session. Answers the cache, if there is one.
 */
export async function registerSessions(app: FastifyInstance, settings: SessionSettings): Promise<SessionCache<Session> | undefined> {
  const sessionCache = settings.listen ? new SessionCache<Session>() : undefined;
  if (sessionCache && settings.listen) {
    const stopListening = await settings.listen(SESSION_CHANGES_CHANNEL, {
      notice: () => sessionCache.clear(),
      listening: () => sessionCache.noticesComing(),
      lost: (err) => {
        sessionCache.noticesLost();
        app.log.warn({ err }, 'not hearing of session changes: every request reads its session until this is mended');
      },
    });
    app.addHook('onClose', stopListening);
  }
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: settings.sessionSecret,
    cookieName: 'sid',
    saveUninitialized: false,
    // A session is written at sign-in, not on every request: 30 days from sign-in with 'remember
    // me', else a browser-session cookie that the server honours for at most 24 hours.
    rolling: false,
    store: new DatabaseSessionStore(settings.db, sessionCache),
    cookie: { httpOnly: true, sameSite: 'lax', secure: settings.cookieSecure, path: '/' },
  });
  return sessionCache;
}
