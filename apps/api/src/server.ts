import Fastify from 'fastify';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MAP_SETTINGS } from '@school-transport/contracts';
import { fastifyTrustProxy } from './security/trust-proxy.js';
import { lingerBeforeClosing } from './security/lingering-close.js';
import { LARGEST_UPLOAD_FORM_BYTES } from './rest/index.js';
import { OneLinePerRequest, requestFields } from './request-log.js';
import type { OutboxWorker } from './domain/notifications/worker.js';
import type { ServerOptions } from './server/options.js';
import { registerSecurity } from './server/security.js';
import { registerSessions } from './server/sessions.js';
import { ONE_MEGABYTE, registerApi } from './server/api.js';
import { registerPages } from './server/pages.js';
import { backgroundJobs } from './server/jobs.js';

export type { ServerOptions } from './server/options.js';

export interface AppServer {
  app: FastifyInstance;
  /** Every route the server answers, as 'METHOD /path': what the authorization matrix test checks. */
  routes: string[];
  /** Listens and answers with the address, e.g. http://127.0.0.1:3000. */
  start(port?: number, host?: string): Promise<string>;
  stop(): Promise<void>;
  /** The outbox worker this process runs, if any (started by start(), stopped by stop()). */
  outbox: OutboxWorker | undefined;
}

/**
 * How much of a refused body is read and thrown away after the answer, so that the client reads
 * the answer (security/lingering-close.ts): twice the largest body any path takes, so a file or a
 * form up to that size sent to any path gets its 413 or 415; a sender that goes on past it, or
 * sends for longer than 10 s, or falls silent for 5 s, is cut off.
 */
const LINGER_BOUNDS = { maxBytes: 2 * Math.max(LARGEST_UPLOAD_FORM_BYTES, ONE_MEGABYTE), maxMs: 10_000, idleMs: 5_000 };

/**
 * The server, put together in the order a request meets it: the security in front of everything
 * (server/security.ts), the sessions (server/sessions.ts), the API (server/api.ts), then the web
 * app's files and pages with the answer for a path nothing serves (server/pages.ts); and the work
 * it does besides answering (server/jobs.ts), started with it.
 */
export async function createServer(options: ServerOptions): Promise<AppServer> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      // Any line that names the request says what request-log.ts says of it: never the query string.
      serializers: { req: requestFields },
      // Written without blocking: lines that come while a write is under way go out together in
      // the next one, instead of one synchronous write per line (pino flushes what is left on exit).
      stream: options.logStream ?? pino.destination({ dest: 1, sync: false }),
    },
    logController: new OneLinePerRequest(),
    bodyLimit: ONE_MEGABYTE,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    // Batched tRPC calls put every procedure name in the path.
    routerOptions: { maxParamLength: 5000 },
  });
  // Before any route, so that every refusal of a body still being sent reaches the client.
  lingerBeforeClosing(app, LINGER_BOUNDS);
  const routes = listRoutes(app);

  const countUnmatchedRequest = await registerSecurity(app, {
    map: options.map ?? DEFAULT_MAP_SETTINGS,
    cookieSecure: options.cookieSecure,
    requestsPerMinute: options.requestsPerMinute ?? 0,
    allowedOrigins: options.allowedOrigins ?? [],
  });
  const sessionCache = await registerSessions(app, {
    db: options.db,
    listen: options.listen,
    sessionSecret: options.sessionSecret,
    cookieSecure: options.cookieSecure,
  });
  const { deps, createContext } = await registerApi(app, options, sessionCache);
  await registerPages(app, { webDist: options.webDist, createContext, countUnmatchedRequest });
  const jobs = backgroundJobs(app, options, deps);

  return {
    app,
    routes,
    outbox: jobs.outbox,
    async start(port = 0, host = '127.0.0.1') {
      const address = await app.listen({ port, host });
      jobs.start();
      return address;
    },
    async stop() {
      await jobs.stop();
      await app.close();
      await deps.recordViews.flush();
    },
  };
}

/** Every route the server will answer, as 'METHOD /path', filled in as they are added. */
function listRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  return routes;
}
