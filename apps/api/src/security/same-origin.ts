import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { errorBody } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a browser names for a request: its Origin header, or lacking one, its Referer's. */
function claimedOrigin(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = req.headers.referer;
  if (typeof referer !== 'string' || referer === '') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Cross-site request forgery: a browser always names the page that sends a cross-site form or
 * fetch (Origin, or at least Referer), so a state-changing request that names another site is
 * refused with 403. Requests that name no origin at all (scripts, the documented REST clients)
 * are not browsers acting for someone else and keep working; SameSite=Lax covers the rest.
 * The app's own origin is the request's (behind TRUST_PROXY, from X-Forwarded-Proto/Host);
 * `allowedOrigins` adds others, e.g. a separate host serving the web app.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins.map((origin) => origin.replace(/\/$/, '')));
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = claimedOrigin(req);
    if (origin === undefined) return;
    const own = `${req.protocol}://${req.host}`;
    if (origin === own || allowed.has(origin)) return;
    return reply.code(403).send(errorBody(SERVER_MESSAGES.crossSiteRefused));
  });
}
