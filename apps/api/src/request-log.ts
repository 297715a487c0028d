import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pathOf } from './security/request-paths.js';

/**
 * What the log says of a request: method, path and client address. The path only: the query
 * string carries tRPC queries' input (an office search by a parent's phone or email), which has
 * no place in a log; bodies are never logged. Also Fastify's `req` serializer, so that any line
 * Fastify or a plugin writes with the request says the same and no more.
 */
export function requestFields(request: Pick<FastifyRequest, 'method' | 'url' | 'ip'>): { method: string; path: string; remoteAddress: string } {
  return { method: request.method, path: pathOf(request.url), remoteAddress: request.ip };
}

/**
 * One log line per request instead of Fastify's two ('incoming request', then 'request
 * completed'): the completed line carries the request as well (method, path, address), so nothing
 * is lost, and each request costs one JSON line and one write to stdout less. The lines are logged
 * with flat fields: pino writes those directly, where nested request and reply objects went
 * through its serializers and a general JSON stringifier on every request.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { ...requestFields(request), statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(requestFields(request), 'route not found');
  }
}
