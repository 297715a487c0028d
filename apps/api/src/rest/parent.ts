import type { RestShims } from './caller.js';

/** GET /api/parent/students: the signed-in parent's own students. */
export const parentShims: RestShims = (app, callerFor) => {
  app.get('/api/parent/students', async (req, reply) => (await callerFor(req, reply)).parent.students());
};
