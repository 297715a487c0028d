import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { errorBody } from '../errors.js';
import type { ContextFor } from './caller.js';

/** GET /api/auth/user: the signed-in user, or 401 for REST clients (the web's auth.user answers `{ user: null }` instead). */
export function registerAuthUser(app: FastifyInstance, contextFor: ContextFor): void {
  app.get('/api/auth/user', async (req, reply) => {
    const { user } = await contextFor(req, reply);
    if (!user) return reply.code(401).send(errorBody(SERVER_MESSAGES.notSignedIn));
    return { user };
  });
}
