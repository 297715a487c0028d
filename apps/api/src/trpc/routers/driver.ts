import { SERVER_MESSAGES, driverProfileAnswer, driverStudentsAnswer, driverStudentsInput } from '@school-transport/contracts';
import { crewEndpoint, router } from '../init.js';
import { AppError } from '../../errors.js';
import { listDriverStudents, readDriverProfile } from '../../domain/driver/students.js';
import { driverRunsRouter } from './driver-runs.js';

/**
 * The driver portal: the signed-in driver's own info card and list. A driver id in the input
 * (GET /api/driver/students/{driverId}) must be the driver's own: any other is refused with 403,
 * whether or not such a driver exists, so ids cannot be probed.
 */
export const driverRouter = router({
  me: crewEndpoint({
    answer: driverProfileAnswer,
    rest: { route: 'GET /api/driver/me', summary: "The signed-in driver's card: name, phone, license, vehicle, areas, number of students" },
  }).query(async ({ ctx }) => ({ driver: await readDriverProfile(ctx.db, ctx.driverId) })),
  students: crewEndpoint({
    input: driverStudentsInput,
    answer: driverStudentsAnswer,
    rest: [
      { route: 'GET /api/driver/students', summary: "The signed-in driver's students" },
      {
        route: 'GET /api/driver/students/:driverId',
        summary: "A driver's students: the signed-in driver's own id only (another id answers 403)",
        ownIdOnly: true,
      },
    ],
  }).query(async ({ ctx, input }) => {
    if (input.driverId !== undefined && input.driverId !== ctx.driverId) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
    return { students: await listDriverStudents(ctx.db, ctx.driverId) };
  }),
  runs: driverRunsRouter,
});
