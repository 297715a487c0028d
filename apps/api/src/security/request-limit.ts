import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { SERVER_MESSAGES } from '@school-transport/contracts';

/**
 * A cap on API requests per client address and minute, across every endpoint, so that a script
 * cannot hammer the server or walk through ids quickly. Sign-in has its own, tighter throttle.
 * The address is the connection's, or X-Forwarded-For's behind TRUST_PROXY (Fastify's req.ip).
 * Pages and static files are not counted: they are cheap and a browser asks for many at once.
 * The count is per process (memory), so N processes allow N times the cap: set it accordingly.
 */
export async function limitRequestsPerAddress(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(fastifyRateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => req.ip,
    allowList: (req) => !(req.url.startsWith('/api/') || req.url.startsWith('/trpc/')),
    errorResponseBuilder: (_req, context) => ({ statusCode: 429, message: SERVER_MESSAGES.tooManyRequests, retryAfterMs: context.ttl }),
  });
}
