import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type Session } from 'fastify';
import pino from 'pino';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Kysely } from 'kysely';
import { isMigrated, SESSION_CHANGES_CHANNEL, type Database, type DatabaseHandle } from '@school-transport/db';
import { DEFAULT_MAP_SETTINGS, MAX_CALLS_PER_BATCH, SERVER_MESSAGES, type MapSettings } from '@school-transport/contracts';
import { appRouter, createCaller, type AppRouter } from './trpc/router.js';
import { contextFactory } from './trpc/context.js';
import { registerRestPaths } from './rest/index.js';
import { registerWhatsappWebhook, type WhatsappWebhookConfig } from './rest/whatsapp-webhook.js';
import { registerTapWebhook } from './rest/tap-webhook.js';
import { registerTrackingPaths } from './rest/tracking.js';
import type { TapSettings } from './domain/fees/online/tap-client.js';
import { loadDevelopmentExtras } from './development/load.js';
import { DatabaseSessionStore } from './session-store.js';
import { loadPageRenderer, type PublicQuery } from './page-rendering.js';
import { firstScreenAnswers, sendWithFirstScreen, type FirstScreen } from './first-screen-data.js';
import { LoginThrottle } from './domain/login-throttle.js';
import { AddressRequestLimits, type AddressLimits } from './domain/address-limits.js';
import { AnswerCache } from './domain/answer-cache.js';
import { SessionCache } from './session-cache.js';
import { describeError, errorBody } from './errors.js';
import { registerOpenApi } from './rest/openapi.js';
import { refuseCrossSiteWrites } from './security/same-origin.js';
import { limitRequestsPerAddress } from './security/request-limit.js';
import { guardTrpcRequests } from './security/trpc-requests.js';
import { isApiRequest } from './security/request-paths.js';
import { fastifyTrustProxy, type TrustProxy } from './security/trust-proxy.js';
import { lingerBeforeClosing } from './security/lingering-close.js';
import { LARGEST_UPLOAD_FORM_BYTES } from './rest/index.js';
import { OneLinePerRequest, requestFields } from './request-log.js';
import type { OutboxConfig } from './domain/notifications/config.js';
import { OutboxWorker } from './domain/notifications/worker.js';
import { createTransport } from './domain/notifications/transports.js';
import { startDailyFeeJob } from './domain/fees/daily-job.js';
import { systemClock, type Clock } from './domain/clock.js';
import type { ShortLinkSettings } from './domain/routes/short-links.js';
import { tileOrigin } from './map-tiles.js';
import { startOverdueRunJob } from './domain/school-day/overdue.js';
import { startTomorrowMessagesJob } from './domain/school-day/tomorrow-messages.js';
import { LiveBusHub } from './domain/live-bus/hub.js';
import { LiveBusReader } from './domain/live-bus/reader.js';
import { RecordViewLog } from './domain/data-rights/record-views.js';
import { startDataRetentionJob } from './domain/data-rights/retention.js';
import { startPositionRetentionJob } from './domain/live-bus/retention.js';

export interface ServerOptions {
  db: Kysely<Database>;
  /**
   * The database's notices (DatabaseHandle.listen). With them the server caches the sessions it has
   * read and clears them when any process changes one (session-cache.ts); without them every
   * request reads its session.
   */
  listen?: DatabaseHandle['listen'];
  sessionSecret: string;
  cookieSecure: boolean;
  /**
   * The proxies whose X-Forwarded-For entries are believed (TRUST_PROXY): how many hops, or their
   * addresses. Never every hop: then the client names its own address.
   */
  trustProxy?: TrustProxy;
  bootstrapAdmin?: { email: string; password: string } | undefined;
  /** Developer shortcuts (the force-admin credentials endpoint); never in production. */
  development?: boolean;
  /** The built web app; when set, page routes fall back to its index.html. */
  webDist?: string | undefined;
  logLevel?: string;
  /** Where log lines go; standard output unless given (tests read the lines). */
  logStream?: pino.DestinationStream;
  /** Other origins allowed to send state-changing requests besides the app's own (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** API requests per client address and minute; 0 turns the cap off (RATE_LIMIT_PER_MINUTE). */
  requestsPerMinute?: number;
  /** Registrations and forgotten-password requests per client address and hour (main.ts passes the configured ones); absent: no limit. */
  addressLimits?: AddressLimits;
  /** The outbox's transport and worker (main.ts passes the configured ones); absent: no worker in this server. */
  outbox?: OutboxConfig | undefined;
  /** Runs the fee ledger's daily job (generation on the 26th, reminders) in this process. */
  feeJob?: boolean;
  /** Runs the school day's overdue-run check (alerts to the office's phone) in this process. */
  overdueRunJob?: boolean;
  /** The time the school day is read by (today's runs, the absence cut-off); the system's unless a test sets one. */
  clock?: Clock;
  /** The WhatsApp webhook's secret and verify token (WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN). */
  whatsappWebhook?: WhatsappWebhookConfig;
  /**
   * The database's notices for the live bus (DatabaseHandle.listen): every process hears every
   * bus that moved. Without them only this process's own writes reach its open pages.
   */
  busNotices?: DatabaseHandle['listen'];
  /** Days a run's trail is kept (POSITION_RETENTION_DAYS); with it, this process runs the deleting job. */
  positionRetentionDays?: number;
  /** Months without a fee row or a ride before a family is erased (INACTIVE_FAMILY_MONTHS); with it, this process runs the daily data retention job. */
  inactiveFamilyMonths?: number;
  /** The run map's tiles and credit (MAP_TILE_URL, MAP_ATTRIBUTION); OpenStreetMap's by default. */
  map?: MapSettings;
  /** Online payments through Tap (TAP_SECRET_KEY, TAP_API_URL, PUBLIC_URL); absent: off, their paths answer 404. */
  tap?: TapSettings | undefined;
  /** The bearer secret a Traccar server forwards positions with (TRACCAR_FORWARD_SECRET); absent: forwarding off, its path answers 404. */
  traccarForwardSecret?: string | undefined;
  /** Tests' local stand-in for Google's short-link hosts (domain/routes/short-links.ts); never set from the environment. */
  shortLinks?: ShortLinkSettings;
}

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

const ONE_MEGABYTE = 1024 * 1024;

/**
 * How much of a refused body is read and thrown away after the answer, so that the client reads
 * the answer (security/lingering-close.ts): twice the largest body any path takes, so a file or a
 * form up to that size sent to any path gets its 413 or 415; a sender that goes on past it, or
 * sends for longer than 10 s, or falls silent for 5 s, is cut off.
 */
const LINGER_BOUNDS = { maxBytes: 2 * Math.max(LARGEST_UPLOAD_FORM_BYTES, ONE_MEGABYTE), maxMs: 10_000, idleMs: 5_000 };

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

  const map = options.map ?? DEFAULT_MAP_SETTINGS;
  // Helmet's security headers (CSP, HSTS, frame and sniffing rules...) on every answer, errors and static files included.
  // Images from the map's tile server and no other.
  const tiles = tileOrigin(map.tileUrl);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine sets styles inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(tiles ? [tiles] : [])],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: options.cookieSecure ? [] : null,
      },
    },
  });
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });

  const countUnmatchedRequest = await limitRequestsPerAddress(app, options.requestsPerMinute ?? 0);
  // After the cap, so that refused calls count against it too.
  guardTrpcRequests(app, '/trpc');
  refuseCrossSiteWrites(app, options.allowedOrigins ?? []);
  const sessionCache = options.listen ? new SessionCache<Session>() : undefined;
  if (sessionCache && options.listen) {
    const stopListening = await options.listen(SESSION_CHANGES_CHANNEL, {
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
    secret: options.sessionSecret,
    cookieName: 'sid',
    saveUninitialized: false,
    // A session is written at sign-in, not on every request: 30 days from sign-in with 'remember
    // me', else a browser-session cookie that the server honours for at most 24 hours.
    rolling: false,
    store: new DatabaseSessionStore(options.db, sessionCache),
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.cookieSecure, path: '/' },
  });

  const deps = {
    db: options.db,
    clock: options.clock ?? systemClock,
    loginThrottle: new LoginThrottle(options.db),
    addressLimits: new AddressRequestLimits(options.db, options.addressLimits ?? {}),
    bootstrapAdmin: options.bootstrapAdmin,
    development: options.development ?? false,
    outboxMaxAttempts: options.outbox?.worker.maxAttempts,
    registrationTextsPerHour: options.outbox?.registrationTextsPerHour,
    familyMessagesPerHour: options.outbox?.familyMessagesPerHour,
    answerCache: new AnswerCache(),
    sessionCache,
    liveBus: { hub: new LiveBusHub(), reader: new LiveBusReader(options.db) },
    map,
    shortLinks: options.shortLinks ?? {},
    tap: options.tap,
    recordViews: new RecordViewLog(options.db, { log: (err) => app.log.error({ err }, "writing the office's views of children's records failed") }),
  };
  await deps.liveBus.hub.listen(options.busNotices, (err) => app.log.warn({ err }, 'not hearing of moved buses: live pages update by polling until this is mended'), {
    changed: (driverId) => deps.liveBus.reader.forget(driverId),
    resync: () => deps.liveBus.reader.forgetAll(),
  });
  app.addHook('onClose', () => deps.liveBus.hub.close());
  const createContext = contextFactory(deps);

  app.setErrorHandler((error, req, reply) => {
    const { status, body } = describeError(error);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    void reply.code(status).send(body);
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      // guardTrpcRequests refuses longer batches before their body is read; this holds if it ever did not.
      maxBatchSize: MAX_CALLS_PER_BATCH,
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  const contextFor = (req: FastifyRequest, reply: FastifyReply) => createContext({ req, res: reply });
  registerRestPaths(app, async (req, reply) => createCaller(await contextFor(req, reply)), contextFor);
  registerWhatsappWebhook(app, { db: options.db, clock: deps.clock, config: options.whatsappWebhook ?? {}, bodyLimit: ONE_MEGABYTE });
  registerTapWebhook(app, { db: options.db, clock: deps.clock, tap: options.tap });
  registerTrackingPaths(app, {
    db: options.db,
    clock: deps.clock,
    liveBus: deps.liveBus,
    serviceArea: map.serviceArea,
    addressLimits: deps.addressLimits,
    traccarForwardSecret: options.traccarForwardSecret,
  });
  // Developer shortcuts exist only on a development server.
  if (deps.development) (await loadDevelopmentExtras()).registerDevShims(app, deps);

  registerOpenApi(app);
  app.get('/api/health', async (_req, reply) => {
    try {
      if (await isMigrated(options.db)) return { status: 'ok' };
      return reply.code(503).send({ message: 'The database is not migrated yet' });
    } catch {
      return reply.code(503).send({ message: 'The database is not reachable' });
    }
  });

  if (options.webDist) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: true,
      // '/' is a page like the others (servePage below), not the file index.html.
      index: false,
      // The build writes a .br and a .gz beside each text file (apps/web/build/precompress.ts): served
      // to clients that accept them, compressed once at build time rather than on every request.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed file names change with their content: cached for a year. index.html is revalidated.
        const immutable = path.includes(`${join('/', 'assets', '/')}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const preloads = options.webDist ? readRoutePreloads(options.webDist) : new Map<string, RoutePreloads>();
  const pageRenderer = options.webDist ? await loadPageRenderer(options.webDist) : undefined;
  const indexHtmlFile = options.webDist ? join(options.webDist, 'index.html') : undefined;
  const indexHtml = indexHtmlFile && existsSync(indexHtmlFile) ? readFileSync(indexHtmlFile, 'utf8') : undefined;
  /** A page of the web app: rendered here when it is a public page in English, else the app's index.html. */
  const servePage = async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0]!.replace(/(.)\/$/, '$1');
    void reply.header('Cache-Control', 'no-cache');
    const links = preloads.get(pathname);
    let caller: Promise<ReturnType<typeof createCaller>> | undefined;
    const callerForRequest = () => (caller ??= createContext({ req, res: reply }).then(createCaller));
    const loadPublic = async (query: PublicQuery) => (await callerForRequest()).public[query]();
    const rendered = await pageRenderer?.render(req, pathname, loadPublic, { styles: links?.styles ?? [], scripts: links?.scriptFiles ?? [] });
    // A page rendered here names its code and carries its stylesheets and data; one the browser renders preloads them all.
    if (links && !rendered) void reply.header('Link', links.codeAndData);
    // A guarded page opened by its own user carries their session and first screen's answers.
    if (!rendered && links?.firstScreen && indexHtml && req.method === 'GET') {
      const answers = await firstScreenAnswers(links.firstScreen, await callerForRequest(), req);
      if (answers) return sendWithFirstScreen(reply, req, indexHtml, answers);
    }
    if (rendered) {
      // The page depends on the browser's language (cookie, Accept-Language) and is sent compressed.
      void reply.header('Vary', 'Accept-Encoding, Accept-Language, Cookie').type('text/html; charset=utf-8');
      if (rendered.encoding) void reply.header('Content-Encoding', rendered.encoding);
      return reply.send(rendered.body);
    }
    // Page routes are the web app's: it shows its own 'Page Not Found'.
    return reply.sendFile('index.html');
  };
  // '/' is a page like the others, not the static folder's index.
  if (options.webDist) app.get('/', servePage);
  // Requests to API paths no route serves count against the cap too.
  app.setNotFoundHandler({ preHandler: countUnmatchedRequest }, async (req, reply) => {
    const isApi = isApiRequest(req);
    if (!isApi && options.webDist && (req.method === 'GET' || req.method === 'HEAD')) return servePage(req, reply);
    return reply.code(404).send(errorBody(SERVER_MESSAGES.notFound));
  });

  // Messages are delivered by a worker inside the server process; closing the server waits for its round.
  const outbox = options.outbox?.worker.enabled ? new OutboxWorker(options.db, createTransport(options.outbox.transport, app.log), options.outbox.worker, app.log) : undefined;
  if (outbox) app.addHook('onClose', () => outbox.stop());

  let stopFeeJob: (() => void) | undefined;
  let stopOverdueRunJob: (() => void) | undefined;
  let stopTomorrowMessagesJob: (() => void) | undefined;
  let stopRetentionJob: (() => void) | undefined;
  let stopDataRetentionJob: (() => void) | undefined;
  return {
    app,
    routes,
    outbox,
    async start(port = 0, host = '127.0.0.1') {
      const address = await app.listen({ port, host });
      outbox?.start();
      if (options.feeJob) {
        stopFeeJob ??= startDailyFeeJob(options.db, {
          payLinksUrl: options.tap?.publicUrl,
          log: (err) => {
            deps.answerCache.clear();
            app.log.error({ err }, 'daily fee job failed');
          },
          // One line an hour: what the run made and how long it took (`pnpm bench` waits for the first).
          // Its paid flags may have moved: cached answers (the list's totals) are asked afresh.
          done: (run, milliseconds) => {
            deps.answerCache.clear();
            app.log.info({ feeJob: run, milliseconds }, 'daily fee job done');
          },
        });
      }
      // The evening message's reply button needs WhatsApp: with another transport it is not written.
      if (options.overdueRunJob && options.outbox?.transport.kind === 'whatsapp') {
        stopTomorrowMessagesJob ??= startTomorrowMessagesJob(options.db, deps.clock, { log: (err) => app.log.error({ err }, "tomorrow's bus messages failed") });
      }
      if (options.overdueRunJob) {
        stopOverdueRunJob ??= startOverdueRunJob(options.db, deps.clock, {
          log: (err) => app.log.error({ err }, 'overdue run check failed'),
          done: (alerted) => {
            if (alerted > 0) app.log.warn({ overdueRuns: alerted }, 'overdue runs: the office was alerted');
          },
        });
      }
      if (options.positionRetentionDays) {
        stopRetentionJob ??= startPositionRetentionJob(options.db, deps.clock, options.positionRetentionDays, {
          log: (err) => app.log.error({ err }, 'deleting old bus positions failed'),
          done: (deleted) => {
            if (deleted > 0) app.log.info({ positionsDeleted: deleted }, 'old bus positions deleted');
          },
        });
      }
      if (options.inactiveFamilyMonths) {
        stopDataRetentionJob ??= startDataRetentionJob(options.db, deps.clock, options.inactiveFamilyMonths, {
          log: (err) => app.log.error({ err }, 'the data retention job failed'),
          done: (result) => app.log.info({ dataRetention: result }, 'data retention applied'),
        });
      }
      return address;
    },
    async stop() {
      stopRetentionJob?.();
      stopDataRetentionJob?.();
      stopFeeJob?.();
      stopOverdueRunJob?.();
      stopTomorrowMessagesJob?.();
      await outbox?.stop();
      await app.close();
      await deps.recordViews.flush();
    },
  };
}

/**
 * The web build lists, per page route, the chunks and styles its lazily loaded page needs
 * (apps/web/build/route-preloads.ts). Named in a `Link` header on the page's HTML, they download
 * in parallel with the entry instead of after it: one round trip less on a phone. The data a page
 * opens with is named too (apps/web/src/routing/page-data.ts).
 */
interface RoutePreloads {
  /** The page's stylesheets and chunks: in the HTML of a page rendered here (page-rendering.ts). */
  styles: string[];
  scriptFiles: string[];
  /** Its chunks, stylesheets and the data it opens with, as a Link header, for when the browser renders the page. */
  codeAndData: string;
  /** A guarded page's roles and first screen's queries, answered in its HTML (first-screen-data.ts). */
  firstScreen?: FirstScreen;
}

function readRoutePreloads(webDist: string): Map<string, RoutePreloads> {
  const file = join(webDist, '.vite', 'route-preloads.json');
  const links = new Map<string, RoutePreloads>();
  if (!existsSync(file)) return links;
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { scripts: string[]; styles: string[]; data?: string[]; roles?: string[]; firstScreen?: string[] }>;
  for (const [route, { scripts, styles, data = [], roles, firstScreen }] of Object.entries(routes)) {
    // Vite's loader links a chunk's stylesheet with crossorigin (anonymous); a preload without it would not be used.
    const styleLinks = styles.map((href) => `<${href}>; rel=preload; as=style; crossorigin`);
    const scriptLinks = scripts.map((href) => `<${href}>; rel=modulepreload`);
    // The page's first data (the web client's own request: credentials included, so the preload matches it).
    const dataLinks = data.map((href) => `<${href}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    links.set(route, {
      styles,
      scriptFiles: scripts,
      codeAndData: [...styleLinks, ...scriptLinks, ...dataLinks].join(', '),
      ...(roles && firstScreen ? { firstScreen: { roles, firstScreen } } : {}),
    });
  }
  return links;
}
