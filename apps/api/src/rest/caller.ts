import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../trpc/router.js';

/** Builds the tRPC caller for one HTTP request: the REST shims call the same procedures as the web app. */
export type CallerFor = (req: FastifyRequest, reply: FastifyReply) => Promise<Caller>;

/** One feature's REST shims. */
export type RestShims = (app: FastifyInstance, callerFor: CallerFor) => void;

/** The JSON body as an object (an absent body is an empty one); validation is the procedure's job. */
export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  return typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
}

export function paramOf(req: FastifyRequest, name: string): string {
  return String((req.params as Record<string, unknown>)[name] ?? '');
}
