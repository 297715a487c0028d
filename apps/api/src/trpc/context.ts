import type { RecordViewLog } from '../domain/data-rights/record-views.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
// Brings the request.session typing along wherever the router's types are read (the web app too).
import type {} from '@fastify/session';
import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { MapSettings, SessionUser } from '@school-transport/contracts';
import { findSessionUser } from '../domain/auth.js';
import type { LoginThrottle } from '../domain/login-throttle.js';
import type { AddressRequestLimits } from '../domain/address-limits.js';
import type { Actor } from '../domain/audit.js';
import type { Clock } from '../domain/clock.js';
import type { AnswerCache } from '../domain/answer-cache.js';
import type { SessionCache } from '../session-cache.js';
import type { LiveBusHub } from '../domain/live-bus/hub.js';
import type { LiveBusReader } from '../domain/live-bus/reader.js';
import type { ShortLinkSettings } from '../domain/routes/short-links.js';
import type { TapSettings } from '../domain/fees/online/tap-client.js';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /**
     * The user behind userId as the session store read it with the session, in the same query
     * (session-store.ts); absent when the session was not read from the store (just signed in).
     */
    signedIn?: { userId: string; user: SessionUser | null };
  }
}

/** What every procedure is built from: the server's shared parts. */
export interface AppDependencies {
  db: Kysely<Database>;
  /** The time the school day is read by (domain/clock.ts). */
  clock: Clock;
  loginThrottle: LoginThrottle;
  /** Registrations and forgotten-password requests per client address and hour. */
  addressLimits: AddressRequestLimits;
  /** The bootstrap admin from ADMIN_EMAIL / ADMIN_PASSWORD, if configured. */
  bootstrapAdmin: { email: string; password: string } | undefined;
  /** Whether developer-only shortcuts exist; false in production builds. */
  development: boolean;
  /** Tries before an outbox message fails (OUTBOX_MAX_ATTEMPTS), shown beside each message's tries. */
  outboxMaxAttempts?: number | undefined;
  /** Registration texts per hour across the service before further ones are held (REGISTRATION_TEXTS_PER_HOUR). */
  registrationTextsPerHour?: number | undefined;
  /** The office's messages to families per hour before further ones are held (FAMILY_MESSAGES_PER_HOUR). */
  familyMessagesPerHour?: number | undefined;
  /** Answers cached a few seconds (the list's totals, the statistics, the registration choices), cleared after every mutation (init.ts). */
  answerCache: AnswerCache;
  /** Sessions this process has read (session-cache.ts), when it hears of session changes; cleared after every mutation too. */
  sessionCache?: SessionCache<unknown> | undefined;
  /** The live bus: the notices of moved buses (hub) and the bus reads families share (reader). */
  liveBus: { hub: LiveBusHub; reader: LiveBusReader };
  /** The run map's tiles and credit. */
  map: MapSettings;
  /** How Google Maps short links are followed (domain/routes/short-links.ts). */
  shortLinks: ShortLinkSettings;
  /** Online payments through Tap; undefined: off (no Pay button, their paths answer 404). */
  tap?: TapSettings | undefined;
  /** The office's views of children's records, noted as answers go out and written in batches (the family's data rights). */
  recordViews: RecordViewLog;
}

export interface Context extends AppDependencies {
  req: FastifyRequest;
  res: FastifyReply;
  user: SessionUser | null;
  ip: string;
}

/**
 * Reads the signed-in user on every request, so a deactivated account loses access at once,
 * whichever server process made its session. The session store reads it together with the
 * session; only a session made during this request needs a query of its own.
 */
export function contextFactory(deps: AppDependencies) {
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    let user: SessionUser | null = null;
    const userId = req.session.get('userId');
    if (userId) {
      const read = req.session.signedIn;
      user = read?.userId === userId ? read.user : await findSessionUser(deps.db, userId);
      if (!user) await req.session.destroy();
    }
    return { ...deps, req, res, user, ip: req.ip };
  };
}

export function actorOf(ctx: Context & { user: SessionUser }): Actor {
  return { userId: ctx.user.id, ip: ctx.ip };
}

/**
 * After a write, whether it succeeded or not: the answer cache and the session cache are cleared,
 * so the writer's next read sees the write.
 */
export function clearCachesAfterWrite(deps: Pick<AppDependencies, 'answerCache' | 'sessionCache'>): void {
  deps.answerCache.clear();
  deps.sessionCache?.clear();
}
