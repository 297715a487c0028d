import { attendanceQuery } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { readAttendance } from '../../../domain/school-day/attendance.js';

/** The monthly attendance report (its CSV is rest/attendance-csv.ts). */
export const adminAttendanceRouter = router({
  month: officeProcedure('attendance.read').input(attendanceQuery).query(({ ctx, input }) => readAttendance(ctx.db, ctx.clock.now(), input.month)),
});
