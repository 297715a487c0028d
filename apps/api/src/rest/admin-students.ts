import type { FastifyRequest } from 'fastify';
import { bodyOf, paramOf, type RestShims } from './caller.js';

function queryOf(req: FastifyRequest): Record<string, unknown> {
  return typeof req.query === 'object' && req.query !== null ? (req.query as Record<string, unknown>) : {};
}

/**
 * Issue 8: the office's students. The list takes page, pageSize, search, sort, order and the
 * filters as query parameters; the CSV export takes the same filters and answers the whole list.
 */
export const adminStudentShims: RestShims = (app, callerFor) => {
  app.get('/api/admin/students', async (req, reply) => (await callerFor(req, reply)).admin.students.list(queryOf(req) as never));
  app.get('/api/admin/students.csv', async (req, reply) => {
    const { csv } = await (await callerFor(req, reply)).admin.students.exportCsv(queryOf(req) as never);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="students-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
  app.get('/api/admin/parents/lookup', async (req, reply) => (await callerFor(req, reply)).admin.students.findParent(queryOf(req) as never));
  app.post('/api/admin/students', async (req, reply) => reply.code(201).send(await (await callerFor(req, reply)).admin.students.create(bodyOf(req) as never)));
  app.post('/api/admin/students/bulk-update', async (req, reply) => (await callerFor(req, reply)).admin.students.bulkUpdate(bodyOf(req) as never));
  app.get('/api/admin/students/:id', async (req, reply) => (await callerFor(req, reply)).admin.students.get({ id: paramOf(req, 'id') }));
  app.put('/api/admin/students/:id', async (req, reply) => (await callerFor(req, reply)).admin.students.update({ ...bodyOf(req), id: paramOf(req, 'id') } as never));
  app.delete('/api/admin/students/:id', async (req, reply) => (await callerFor(req, reply)).admin.students.remove({ id: paramOf(req, 'id') }));
  app.post('/api/admin/students/:id/restore', async (req, reply) => (await callerFor(req, reply)).admin.students.restore({ id: paramOf(req, 'id') }));
  app.post('/api/admin/students/:id/invoice', async (req, reply) => reply.code(201).send(await (await callerFor(req, reply)).admin.students.issueInvoice({ id: paramOf(req, 'id') })));
};
