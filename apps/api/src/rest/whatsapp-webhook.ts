import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { WEBHOOK_MESSAGES } from '@school-transport/contracts';
import { errorBody } from '../errors.js';
import type { Clock } from '../domain/clock.js';
import { recordReplyTaps, replyTapsOf } from '../domain/school-day/whatsapp-replies.js';

/** The WhatsApp Cloud API's webhook settings (WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN); unset, every call is refused. */
export interface WhatsappWebhookConfig {
  appSecret?: string | undefined;
  verifyToken?: string | undefined;
}

const SIGNATURE_HEADER = 'x-hub-signature-256';

/** Compares two texts in a time that does not tell how much of them matched. */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the raw body carries Meta's signature: `sha256=` and the hex HMAC-SHA256 of the exact bytes with the app secret. */
export function signedByWhatsapp(raw: Buffer, header: string | string[] | undefined, appSecret: string | undefined): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  return sameText(header, `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`);
}

/**
 * GET and POST /api/webhooks/whatsapp. GET is the subscription handshake: the challenge is echoed
 * when hub.verify_token is ours. POST is a delivery: its signature is checked over the raw bytes
 * (so this scope keeps the body as bytes, within the server's 1 MB limit) before anything is read
 * or recorded; a reply tap becomes an absence (domain/school-day/whatsapp-replies.ts).
 */
export function registerWhatsappWebhook(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; config: WhatsappWebhookConfig; bodyLimit: number },
): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: deps.bodyLimit }, (_req, body, done) => done(null, body));

    scope.get('/api/webhooks/whatsapp', async (req, reply) => {
      const query = req.query as Record<string, unknown>;
      const token = typeof query['hub.verify_token'] === 'string' ? query['hub.verify_token'] : '';
      if (query['hub.mode'] !== 'subscribe' || !deps.config.verifyToken || !sameText(token, deps.config.verifyToken)) {
        return reply.code(403).send(errorBody(WEBHOOK_MESSAGES.verifyTokenInvalid));
      }
      return reply.header('content-type', 'text/plain; charset=utf-8').send(String(query['hub.challenge'] ?? ''));
    });

    scope.post('/api/webhooks/whatsapp', async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!signedByWhatsapp(raw, req.headers[SIGNATURE_HEADER], deps.config.appSecret))
        return reply.code(401).send(errorBody(WEBHOOK_MESSAGES.signatureInvalid));
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send(errorBody(WEBHOOK_MESSAGES.bodyInvalid));
      }
      const recorded = await recordReplyTaps(deps.db, deps.clock.now(), replyTapsOf(body));
      return reply.send({ received: recorded });
    });
  });
}
