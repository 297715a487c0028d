import { paramOf, type RestShims } from './caller.js';

/** The Outbox. GET /api/admin/notifications?status=&templateKey=&recipient=&page=&pageSize= → { notifications, total }. */
export const adminNotificationShims: RestShims = (app, callerFor) => {
  app.get('/api/admin/notifications', async (req, reply) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
    return (await callerFor(req, reply)).admin.notifications.list({
      status: text('status'),
      templateKey: text('templateKey'),
      recipient: text('recipient'),
      page: text('page'),
      pageSize: text('pageSize'),
    });
  });
  app.get('/api/admin/notifications/failed-count', async (req, reply) => (await callerFor(req, reply)).admin.notifications.failedCount());
  app.post('/api/admin/notifications/retry-failed', async (req, reply) => (await callerFor(req, reply)).admin.notifications.retryAllFailed());
  app.post('/api/admin/notifications/:id/retry', async (req, reply) => (await callerFor(req, reply)).admin.notifications.retry({ id: paramOf(req, 'id') }));
  app.get('/api/admin/notifications/held-count', async (req, reply) => (await callerFor(req, reply)).admin.notifications.heldCount());
  app.post('/api/admin/notifications/release-held', async (req, reply) => (await callerFor(req, reply)).admin.notifications.releaseAllHeld());
  app.post('/api/admin/notifications/:id/release', async (req, reply) => (await callerFor(req, reply)).admin.notifications.release({ id: paramOf(req, 'id') }));
};
