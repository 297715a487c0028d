import { SERVER_MESSAGES } from '@school-transport/contracts';
import { bodyOf, type RestShims } from './caller.js';

/** Spec section 7: GET /api/auth/user, POST /api/auth/login, /api/auth/logout, /api/driver/login, /api/auth/create-admin. */
export const authShims: RestShims = (app, callerFor) => {
  app.get('/api/auth/user', async (req, reply) => {
    const { user } = await (await callerFor(req, reply)).auth.user();
    if (!user) return reply.code(401).send({ message: SERVER_MESSAGES.notSignedIn });
    return { user };
  });
  app.post('/api/auth/login', async (req, reply) => (await callerFor(req, reply)).auth.login(bodyOf(req) as never));
  app.post('/api/driver/login', async (req, reply) => (await callerFor(req, reply)).auth.driverLogin(bodyOf(req) as never));
  app.post('/api/auth/logout', async (req, reply) => (await callerFor(req, reply)).auth.logout());
  app.post('/api/auth/create-admin', async (req, reply) => {
    const result = await (await callerFor(req, reply)).auth.createAdmin();
    return reply.code(201).send(result);
  });
};
