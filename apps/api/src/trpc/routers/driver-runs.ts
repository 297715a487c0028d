import { type Role, driverStopOrderInput, markInput, positionsInput, runDayInput } from '@school-transport/contracts';
import { crewProcedure, router } from '../init.js';
import { asReplayed } from '../replayed-answers.js';
import { readDriverToday } from '../../domain/school-day/today.js';
import { endRun, startRun, type RunActor } from '../../domain/school-day/runs.js';
import { recordMark } from '../../domain/school-day/marks.js';
import { receivePositions } from '../../domain/live-bus/receive.js';
import { reorderRunStops } from '../../domain/routes/stop-changes.js';

/** The bus's crew member at the phone: the bus is the session's, the mark's author its role. */
const crewOf = (ctx: { driverId: string; user: { id: string; role: Role } }): RunActor => ({
  kind: 'driver',
  driverId: ctx.driverId,
  userId: ctx.user.id,
  crewRole: ctx.user.role === 'attendant' ? 'attendant' : 'driver',
});

/** The driver's day: today's runs, Start, a mark per child, End, the order of their own stops. Only the runs the driver drives today. */
export const driverRunsRouter = router({
  today: crewProcedure.query(async ({ ctx }) => readDriverToday(ctx.db, ctx.clock.now(), ctx.driverId)),
  start: crewProcedure.input(runDayInput).mutation(async ({ ctx, input }) => ({ run: await startRun(ctx.db, ctx.clock.now(), crewOf(ctx), input.run, input.date) })),
  mark: crewProcedure.input(markInput).mutation(async ({ ctx, input }) => {
    const { mark, created } = await recordMark(ctx.db, ctx.clock.now(), crewOf(ctx), input);
    return created ? { mark } : asReplayed({ mark });
  }),
  /** The driver knows the streets: they may reorder their own run's stops (audited as theirs). */
  stopOrder: crewProcedure
    .input(driverStopOrderInput)
    .mutation(async ({ ctx, input }) => reorderRunStops(ctx.db, { userId: ctx.user.id, ip: ctx.ip, kind: 'driver' }, ctx.driverId, input.run, input.stopIds)),
  end: crewProcedure.input(runDayInput).mutation(async ({ ctx, input }) => ({ run: await endRun(ctx.db, ctx.clock.now(), crewOf(ctx), input.run, input.date) })),
  positions: crewProcedure.meta({ access: 'crew', sparesCaches: true }).input(positionsInput).mutation(async ({ ctx, input }) => receivePositions(ctx.db, ctx.liveBus, ctx.clock.now(), ctx.driverId, input, ctx.map.serviceArea)),
});
