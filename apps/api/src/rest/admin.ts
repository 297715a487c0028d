import { bodyOf, paramOf, type RestShims } from './caller.js';

/**
 * Spec section 7 and issue 4: the admin's schools, areas, drivers, settings and terms versions.
 * Creations answer 201; an id in the path wins over one in the body.
 */
export const adminShims: RestShims = (app, callerFor) => {
  app.get('/api/admin/schools', async (req, reply) => (await callerFor(req, reply)).admin.schools.list());
  app.post('/api/admin/schools', async (req, reply) => reply.code(201).send(await (await callerFor(req, reply)).admin.schools.create(bodyOf(req) as never)));
  app.put('/api/admin/schools/:id', async (req, reply) => (await callerFor(req, reply)).admin.schools.update({ ...bodyOf(req), id: paramOf(req, 'id') } as never));

  app.get('/api/admin/areas', async (req, reply) => (await callerFor(req, reply)).admin.areas.list());
  app.post('/api/admin/areas', async (req, reply) => reply.code(201).send(await (await callerFor(req, reply)).admin.areas.create(bodyOf(req) as never)));
  app.put('/api/admin/areas/:id', async (req, reply) => (await callerFor(req, reply)).admin.areas.update({ ...bodyOf(req), id: paramOf(req, 'id') } as never));

  app.get('/api/admin/drivers', async (req, reply) => (await callerFor(req, reply)).admin.drivers.list());
  app.post('/api/admin/drivers', async (req, reply) => reply.code(201).send(await (await callerFor(req, reply)).admin.drivers.create(bodyOf(req) as never)));
  app.put('/api/admin/drivers/:id', async (req, reply) => (await callerFor(req, reply)).admin.drivers.update({ ...bodyOf(req), id: paramOf(req, 'id') } as never));
  app.get('/api/admin/drivers/:id/students', async (req, reply) => (await callerFor(req, reply)).admin.drivers.students({ id: paramOf(req, 'id') }));

  app.get('/api/admin/settings', async (req, reply) => (await callerFor(req, reply)).admin.settings.get());
  app.put('/api/admin/settings', async (req, reply) => (await callerFor(req, reply)).admin.settings.update(bodyOf(req) as never));

  app.get('/api/admin/terms', async (req, reply) => (await callerFor(req, reply)).admin.terms.list());
  app.post('/api/admin/terms', async (req, reply) => reply.code(201).send(await (await callerFor(req, reply)).admin.terms.create(bodyOf(req) as never)));
  app.post('/api/admin/terms/:id/activate', async (req, reply) => (await callerFor(req, reply)).admin.terms.activate({ id: paramOf(req, 'id') }));
  app.put('/api/admin/terms/:id/arabic', async (req, reply) => (await callerFor(req, reply)).admin.terms.writeArabic({ ...bodyOf(req), id: paramOf(req, 'id') } as never));

  app.get('/api/admin/overview', async (req, reply) => (await callerFor(req, reply)).admin.overview());
};
