import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Kysely } from 'kysely';
import { isMigrated, type Database } from '@school-transport/db';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { appRouter, createCaller, type AppRouter } from './trpc/router.js';
import { contextFactory } from './trpc/context.js';
import { registerRestShims } from './rest/index.js';
import { registerDevShims } from './rest/dev.js';
import { DatabaseSessionStore } from './session-store.js';
import { LoginThrottle } from './domain/login-throttle.js';
import { describeError } from './errors.js';

export interface ServerOptions {
  db: Kysely<Database>;
  sessionSecret: string;
  cookieSecure: boolean;
  trustProxy?: boolean;
  bootstrapAdmin?: { email: string; password: string } | undefined;
  /** Developer shortcuts (the force-admin credentials endpoint); never in production. */
  development?: boolean;
  /** The built web app; when set, page routes fall back to its index.html. */
  webDist?: string | undefined;
  logLevel?: string;
}

export interface AppServer {
  app: FastifyInstance;
  /** Listens and answers with the address, e.g. http://127.0.0.1:3000. */
  start(port?: number, host?: string): Promise<string>;
  stop(): Promise<void>;
}

const ONE_MEGABYTE = 1024 * 1024;

export async function createServer(options: ServerOptions): Promise<AppServer> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', redact: ['req.headers.cookie', 'req.headers.authorization'] },
    bodyLimit: ONE_MEGABYTE,
    trustProxy: options.trustProxy ?? false,
    // Batched tRPC calls put every procedure name in the path.
    routerOptions: { maxParamLength: 5000 },
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine sets styles inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: options.cookieSecure ? [] : null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.sessionSecret,
    cookieName: 'sid',
    saveUninitialized: false,
    // A session is written at sign-in, not on every request: 30 days from sign-in with 'remember
    // me', else a browser-session cookie that the server honours for at most 24 hours.
    rolling: false,
    store: new DatabaseSessionStore(options.db),
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.cookieSecure, path: '/' },
  });

  const deps = {
    db: options.db,
    loginThrottle: new LoginThrottle(),
    bootstrapAdmin: options.bootstrapAdmin,
    development: options.development ?? false,
  };
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
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerRestShims(app, async (req, reply) => createCaller(await createContext({ req, res: reply })));
  // Developer shortcuts exist only on a development server.
  if (deps.development) registerDevShims(app, deps);

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
      setHeaders(res, path) {
        const immutable = path.includes(`${join('/', 'assets', '/')}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url === '/api' || req.url.startsWith('/trpc');
    if (!isApi && options.webDist && (req.method === 'GET' || req.method === 'HEAD')) {
      // Page routes are the web app's: it shows its own 'Page Not Found'.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
  });

  return {
    app,
    async start(port = 0, host = '127.0.0.1') {
      return app.listen({ port, host });
    },
    async stop() {
      await app.close();
    },
  };
}
