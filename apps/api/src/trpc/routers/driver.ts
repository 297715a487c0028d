import { SERVER_MESSAGES, driverStudentsInput } from '@school-transport/contracts';
import { crewProcedure, router } from '../init.js';
import { AppError } from '../../errors.js';
import { listDriverStudents, readDriverProfile } from '../../domain/driver/students.js';
import { driverRunsRouter } from './driver-runs.js';

/**
 * The driver portal: the signed-in driver's own info card and list. A driver id in the input
 * (GET /api/driver/students/{driverId}) must be the driver's own: any other is refused with 403,
 * whether or not such a driver exists, so ids cannot be probed.
 */
export const driverRouter = router({
  me: crewProcedure.query(async ({ ctx }) => ({ driver: await readDriverProfile(ctx.db, ctx.driverId) })),
  students: crewProcedure.input(driverStudentsInput).query(async ({ ctx, input }) => {
    if (input.driverId !== undefined && input.driverId !== ctx.driverId) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
    return { students: await listDriverStudents(ctx.db, ctx.driverId) };
  }),
  runs: driverRunsRouter,
});
