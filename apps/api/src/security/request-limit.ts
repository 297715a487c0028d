import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { isApiRequest } from './request-paths.js';

/**
 * A cap on API requests per client address and minute, across every endpoint, so that a script
 * cannot hammer the server or walk through ids quickly. Sign-in has its own, tighter throttle.
 * The address is the connection's, or X-Forwarded-For's behind TRUST_PROXY (Fastify's req.ip).
 * Pages and static files are not counted: they are cheap and a browser asks for many at once.
 * Whether a request is an API request is judged by the route that serves it and by its decoded,
 * normalized path (request-paths.ts), so no spelling of the URL (`/%61pi/...`, `//api/...`,
 * `/API/...`, an unknown `/api/...` path that the static files' catch-all takes) goes uncounted.
 * The count is per process (memory), so N processes allow N times the cap: set it accordingly.
 *
 * Answers the hook that counts the requests no route matched (the server's not-found handler),
 * which the plugin's per-route hooks do not see; undefined when there is no cap.
 */
export async function limitRequestsPerAddress(app: FastifyInstance, perMinute: number): Promise<preHandlerAsyncHookHandler | undefined> {
  if (perMinute <= 0) return undefined;
  await app.register(fastifyRateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => req.ip,
    allowList: (req) => !isApiRequest(req),
    errorResponseBuilder: (_req, context) => ({ statusCode: 429, message: SERVER_MESSAGES.tooManyRequests, retryAfterMs: context.ttl }),
  });
  return app.rateLimit();
}
