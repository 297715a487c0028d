import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { MAX_CALLS_PER_BATCH, SERVER_MESSAGES } from '@school-transport/contracts';
import { errorBody } from '../errors.js';

/** Whether the request carries a body: the test Node's HTTP parser and Fastify make. */
function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const mediaType = (header: string) => header.split(';')[0]!.trim().toLowerCase();

/**
 * Refuses, before a byte of the body is read, what the tRPC endpoint must never take in:
 * - a body that is not JSON (415). The tRPC adapter hands every other body to tRPC as the raw
 *   stream, which reads it whole into memory (a multipart form of any size) without Fastify's
 *   body limit; JSON goes through Fastify's parser, which stops at the limit while streaming.
 * - a batch of more than MAX_CALLS_PER_BATCH calls (400): one request would otherwise run
 *   hundreds of procedures (each sign-in a password hash) while counting once against the cap.
 *   The names come from the decoded path, as tRPC splits them, so `%2C` counts as a comma.
 * The answer reaches the client still sending: the rest of its body is read and dropped, within
 * bounds, before the connection closes (lingering-close.ts), never kept.
 */
function refuseUnsafeTrpcRequest(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const procedures = (req.params as { path?: string }).path ?? '';
  if (procedures.split(',').length > MAX_CALLS_PER_BATCH) {
    void reply.code(400).send(errorBody(SERVER_MESSAGES.tooManyCalls));
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const type = req.headers['content-type'];
    if (type === undefined ? hasBody(req) : mediaType(type) !== 'application/json') {
      void reply.code(415).send(errorBody(SERVER_MESSAGES.jsonOnly));
      return;
    }
  }
  done();
}

/**
 * Adds the check to every route under `prefix` (the tRPC endpoint) as a route hook, after the
 * hooks added before it: register it after the request cap, so refused requests count too.
 */
export function guardTrpcRequests(app: FastifyInstance, prefix: string): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${prefix}/`)) return;
    const hooks: onRequestHookHandler[] = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...hooks, refuseUnsafeTrpcRequest as onRequestHookHandler];
  });
}
