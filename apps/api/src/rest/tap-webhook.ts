import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { ONLINE_PAYMENT_MESSAGES } from '@school-transport/contracts';
import { errorBody } from '../errors.js';
import type { Clock } from '../domain/clock.js';
import { retrieveTapCharge, signedByTap, TapUnavailable, type TapSettings } from '../domain/fees/online/tap-client.js';
import { settleCharge } from '../domain/fees/online/settle.js';

const HASHSTRING_HEADER = 'hashstring';

/**
 * POST /api/webhooks/tap: Tap posts the charge here (the charge's `post.url`). Its hashstring is
 * checked first (401 otherwise, nothing read further); then, as Tap advises, the charge is read
 * again from Tap's API, and only that answer is booked: a body that merely looks right books
 * nothing. A repeat is answered 200 and books nothing twice. Tap unreachable: 503, so Tap retries.
 */
export function registerTapWebhook(app: FastifyInstance, deps: { db: Kysely<Database>; clock: Clock; tap: TapSettings | undefined }): void {
  app.post('/api/webhooks/tap', async (req, reply) => {
    const { tap } = deps;
    if (!tap) return reply.code(404).send(errorBody(ONLINE_PAYMENT_MESSAGES.off));
    if (!signedByTap(req.body, req.headers[HASHSTRING_HEADER], tap.secretKey)) return reply.code(401).send(errorBody(ONLINE_PAYMENT_MESSAGES.signatureInvalid));
    const chargeId = (req.body as { id?: unknown }).id;
    if (typeof chargeId !== 'string' || !/^[A-Za-z0-9_]{1,100}$/.test(chargeId)) return reply.code(400).send(errorBody(ONLINE_PAYMENT_MESSAGES.bodyInvalid));
    try {
      const settled = await settleCharge(deps.db, await retrieveTapCharge(tap, chargeId), deps.clock.now());
      if (settled === 'unknown charge') req.log.warn({ chargeId }, 'Tap posted a charge of no checkout here');
      return reply.send({ received: true });
    } catch (err) {
      if (!(err instanceof TapUnavailable)) throw err;
      req.log.warn({ err, chargeId }, 'Tap webhook: the charge could not be read from Tap; Tap will post it again');
      return reply.code(503).send(errorBody(ONLINE_PAYMENT_MESSAGES.gatewayUnavailable));
    }
  });
}
