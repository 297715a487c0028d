import type { FastifyInstance, FastifyReply, FastifyRequest, Session } from 'fastify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { isMigrated } from '@school-transport/db';
import { DEFAULT_MAP_SETTINGS, MAX_CALLS_PER_BATCH } from '@school-transport/contracts';
import { appRouter, createCaller, type AppRouter } from '../trpc/router.js';
import { contextFactory } from '../trpc/context.js';
import { registerRestPaths } from '../rest/index.js';
import { registerWhatsappWebhook } from '../rest/whatsapp-webhook.js';
import { registerTapWebhook } from '../rest/tap-webhook.js';
import { registerTrackingPaths } from '../rest/tracking.js';
import { registerOpenApi } from '../rest/openapi.js';
import { loadDevelopmentExtras } from '../development/load.js';
import { LoginThrottle } from '../domain/login-throttle.js';
import { AddressRequestLimits } from '../domain/address-limits.js';
import { AnswerCache } from '../domain/answer-cache.js';
import { systemClock } from '../domain/clock.js';
import { LiveBusHub } from '../domain/live-bus/hub.js';
import { LiveBusReader } from '../domain/live-bus/reader.js';
import { RecordViewLog } from '../domain/data-rights/record-views.js';
import type { SessionCache } from '../session-cache.js';
import { describeError } from '../errors.js';
import type { ServerOptions } from './options.js';

/** The largest JSON body any API path takes. */
export const ONE_MEGABYTE = 1024 * 1024;

/**
 * The API: what the procedures depend on, the tRPC routers under /trpc, the REST paths under /api
 * (with the webhooks and the trackers' paths), the OpenAPI document and the health check, and one
 * error handler that answers every refusal as `{ message }`. Answers the dependencies and the
 * request context the pages need too.
 */
export async function registerApi(app: FastifyInstance, options: ServerOptions, sessionCache: SessionCache<Session> | undefined) {
  const map = options.map ?? DEFAULT_MAP_SETTINGS;
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
  await deps.liveBus.hub.listen(
    options.busNotices,
    (err) => app.log.warn({ err }, 'not hearing of moved buses: live pages update by polling until this is mended'),
    {
      changed: (driverId) => deps.liveBus.reader.forget(driverId),
      resync: () => deps.liveBus.reader.forgetAll(),
    },
  );
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
  return { deps, createContext };
}

/** What the API's procedures depend on: the pages and the background jobs use them too. */
export type ApiDependencies = Awaited<ReturnType<typeof registerApi>>['deps'];
/** A request's context, as the procedures get it. */
export type RequestContextFactory = Awaited<ReturnType<typeof registerApi>>['createContext'];
