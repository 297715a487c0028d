import { bodyOf, type RestShims } from './caller.js';

/** POST /api/registrations: 201 { message, redirectTo }. */
export const registrationShims: RestShims = (app, callerFor) => {
  app.post('/api/registrations', async (req, reply) => {
    const result = await (await callerFor(req, reply)).registration.create(bodyOf(req) as never);
    return reply.code(201).send(result);
  });
};
