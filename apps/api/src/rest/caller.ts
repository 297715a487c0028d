import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../trpc/router.js';
import type { Context } from '../trpc/context.js';

/** Builds the tRPC caller for one HTTP request: the JSON paths call the same procedures as the web app. */
export type CallerFor = (req: FastifyRequest, reply: FastifyReply) => Promise<Caller>;

/**
 * The request's context (who is asking, the database), for the few paths that call the domain
 * themselves: files, PDFs, CSV and uploads, which no procedure answers.
 */
export type ContextFor = (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;

export function paramOf(req: FastifyRequest, name: string): string {
  return String((req.params as Record<string, unknown>)[name] ?? '');
}
