import { bodyOf, paramOf, type RestShims } from './caller.js';

/** The office's review of change requests: the queue (?status=), its counts, and the two decisions. */
export const adminModificationRequestShims: RestShims = (app, callerFor) => {
  app.get('/api/admin/modification-requests', async (req, reply) => {
    const { status } = req.query as { status?: unknown };
    return (await callerFor(req, reply)).admin.modificationRequests.list(status === undefined || status === '' ? {} : ({ status } as never));
  });
  app.get('/api/admin/modification-requests/counts', async (req, reply) => (await callerFor(req, reply)).admin.modificationRequests.counts());
  app.post('/api/admin/modification-requests/:id/approve', async (req, reply) =>
    (await callerFor(req, reply)).admin.modificationRequests.approve({ ...bodyOf(req), id: paramOf(req, 'id') } as never),
  );
  app.post('/api/admin/modification-requests/:id/reject', async (req, reply) =>
    (await callerFor(req, reply)).admin.modificationRequests.reject({ ...bodyOf(req), id: paramOf(req, 'id') } as never),
  );
};
