import type { FastifyInstance } from 'fastify';
import { ANSWER_CHECKS_ON, answerProblems } from '../trpc/answers.js';
import { REST_PATHS } from './paths.js';

/**
 * The JSON answers of the paths with handlers of their own (uploads, webhooks, trackers), checked
 * against the schema their row states, as the procedures' answers are (trpc/answers.ts): on in the
 * API tests only. A success that does not match is turned into a 500 naming the problems, so the
 * test that received it fails.
 */
export function checkHandlerAnswers(app: FastifyInstance): void {
  if (!ANSWER_CHECKS_ON) return;
  app.addHook('onSend', async (req, reply, payload) => {
    const row = REST_PATHS[`${req.method} ${req.routeOptions.url}`];
    if (!row || row.procedure || !row.answer || !('json' in row.answer) || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    const problems = answerProblems(row.answer.json, JSON.parse(payload));
    if (problems.length === 0) return payload;
    console.error(`An answer does not match its schema (${req.method} ${req.routeOptions.url}):\n  ${problems.join('\n  ')}`);
    reply.code(500);
    return JSON.stringify({ message: `The answer does not match its schema: ${problems.join('; ')}` });
  });
}
