import type { FastifyRequest } from 'fastify';
import type { RestShims } from './caller.js';

/** The query string as an object; validation is the procedure's job. */
function queryOf(req: FastifyRequest): Record<string, unknown> {
  return typeof req.query === 'object' && req.query !== null ? (req.query as Record<string, unknown>) : {};
}

/** Issue 8: the statistics, the students without a driver (header bell) and the audit log. */
export const adminAnalyticsShims: RestShims = (app, callerFor) => {
  app.get('/api/admin/statistics', async (req, reply) => (await callerFor(req, reply)).admin.statistics());
  app.get('/api/admin/unassigned-students', async (req, reply) => (await callerFor(req, reply)).admin.unassignedStudents(queryOf(req) as never));
  app.get('/api/admin/audit-logs', async (req, reply) => (await callerFor(req, reply)).admin.auditLogs(queryOf(req) as never));
  app.get('/api/admin/audit-logs/filters', async (req, reply) => (await callerFor(req, reply)).admin.auditLogFilters());
};
