import type { FastifyInstance } from 'fastify';
import { studentFilters } from '@school-transport/contracts';
import { parseInput } from '../errors.js';
import { exportStudentsCsv } from '../domain/admin/students/export-csv.js';
import { accountLanguage } from '../domain/account-language.js';
import { withAccess } from '../security/access.js';
import { accessOfPath } from './paths.js';
import type { ContextFor } from './caller.js';

/** GET /api/admin/students.csv: the students the filters select (the list's query parameters), as a CSV file in the admin's language. */
export function registerStudentsCsv(app: FastifyInstance, contextFor: ContextFor): void {
  app.get('/api/admin/students.csv', async (req, reply) => {
    const ctx = await contextFor(req, reply);
    const { user } = withAccess(ctx, accessOfPath('GET /api/admin/students.csv'));
    const filters = parseInput(studentFilters, req.query);
    const csv = await exportStudentsCsv(ctx.db, filters, await accountLanguage(ctx.db, user.id));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="students-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
