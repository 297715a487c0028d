import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../trpc/router.js';
import type { Context } from '../trpc/context.js';

/** Builds the tRPC caller for one HTTP request: the REST shims call the same procedures as the web app. */
export type CallerFor = (req: FastifyRequest, reply: FastifyReply) => Promise<Caller>;

/**
 * The request's context (who is asking, the database), for the few paths that call the domain
 * themselves: the file paths, which stream bytes that no procedure answers.
 */
export type ContextFor = (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/** One feature's REST shims. */
export type RestShims = (app: FastifyInstance, callerFor: CallerFor, contextFor: ContextFor) => void;

/** The JSON body as an object (an absent body is an empty one); validation is the procedure's job. */
export function bodyOf(req: FastifyRequest): Record<string, unknown> {
  return typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
}

export function paramOf(req: FastifyRequest, name: string): string {
  return String((req.params as Record<string, unknown>)[name] ?? '');
}
