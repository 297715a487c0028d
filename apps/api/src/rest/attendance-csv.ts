import type { FastifyInstance } from 'fastify';
import { attendanceCsvQuery, type AttendanceCsvRows } from '@school-transport/contracts';
import { parseInput } from '../errors.js';
import { readAttendance } from '../domain/school-day/attendance.js';
import { attendanceCsv } from '../domain/school-day/attendance-csv.js';
import { accountLanguage } from '../domain/account-language.js';
import { withAccess } from '../security/access.js';
import { accessOfPath } from './paths.js';
import type { ContextFor } from './caller.js';

/** GET /api/admin/attendance.csv?month=2026-12&by=student|school|run|handover: the month's attendance as a CSV file in the admin's language. */
/** The per-student file keeps its plain name; the others say what their rows are. */
const FILE_SUFFIXES: Record<AttendanceCsvRows, string> = { student: '', school: '-schools', run: '-runs', handover: '-handovers' };

export function registerAttendanceCsv(app: FastifyInstance, contextFor: ContextFor): void {
  app.get('/api/admin/attendance.csv', async (req, reply) => {
    const ctx = await contextFor(req, reply);
    const { user } = withAccess(ctx, accessOfPath('GET /api/admin/attendance.csv'));
    const query = parseInput(attendanceCsvQuery, req.query);
    const report = await readAttendance(ctx.db, ctx.clock.now(), query.month);
    const csv = attendanceCsv(report, query.by, await accountLanguage(ctx.db, user.id));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="attendance-${query.month}${FILE_SUFFIXES[query.by]}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
