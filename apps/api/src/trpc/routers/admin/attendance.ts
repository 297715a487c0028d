import { attendanceQuery } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { readAttendance } from '../../../domain/school-day/attendance.js';

/** The monthly attendance report (its CSV is rest/attendance-csv.ts). */
export const adminAttendanceRouter = router({
  month: adminProcedure.input(attendanceQuery).query(({ ctx, input }) => readAttendance(ctx.db, ctx.clock.now(), input.month)),
});
