import { bodyOf, paramOf, type RestShims } from './caller.js';

/**
 * The parent portal (spec section 7): own students and change requests. The student id in the
 * path wins over one in the body.
 */
export const parentShims: RestShims = (app, callerFor) => {
  app.get('/api/parent/students', async (req, reply) => (await callerFor(req, reply)).parent.students());
  app.get('/api/parent/students/:id', async (req, reply) => (await callerFor(req, reply)).parent.student({ id: paramOf(req, 'id') }));
  app.get('/api/parent/modification-requests', async (req, reply) => (await callerFor(req, reply)).parent.modificationRequests());
  app.get('/api/parent/modification-requests/:id', async (req, reply) => (await callerFor(req, reply)).parent.modificationRequest({ id: paramOf(req, 'id') }));
  app.post('/api/parent/students/:id/modification-requests', async (req, reply) =>
    reply.code(201).send(await (await callerFor(req, reply)).parent.requestModification({ ...bodyOf(req), studentId: paramOf(req, 'id') } as never)),
  );
};
