import { attendanceQuery, attendanceReport } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { readAttendance } from '../../../domain/school-day/attendance.js';

/** The monthly attendance report (its CSV is rest/attendance-csv.ts). */
export const adminAttendanceRouter = router({
  month: officeEndpoint('attendance.read', {
    input: attendanceQuery,
    answer: attendanceReport,
    rest: {
      route: 'GET /api/admin/attendance',
      summary:
        "A month's attendance per student (school days, rides, absences and no-shows per direction and per run), per school, per planned run, and who received each child handed over at an afternoon drop",
      from: 'query',
    },
  }).query(({ ctx, input }) => readAttendance(ctx.db, ctx.clock.now(), input.month)),
});
