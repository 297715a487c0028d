import { driverStopOrderInput, markInput, positionsInput, runDayInput } from '@school-transport/contracts';
import { driverProcedure, router } from '../init.js';
import { asReplayed } from '../replayed-answers.js';
import { readDriverToday } from '../../domain/school-day/today.js';
import { endRun, startRun, type RunActor } from '../../domain/school-day/runs.js';
import { recordMark } from '../../domain/school-day/marks.js';
import { receivePositions } from '../../domain/live-bus/receive.js';
import { reorderRunStops } from '../../domain/routes/stop-changes.js';

const driverOf = (ctx: { driverId: string; user: { id: string } }): RunActor => ({ kind: 'driver', driverId: ctx.driverId, userId: ctx.user.id });

/** The driver's day: today's runs, Start, a mark per child, End, the order of their own stops. Only the runs the driver drives today. */
export const driverRunsRouter = router({
  today: driverProcedure.query(async ({ ctx }) => readDriverToday(ctx.db, ctx.clock.now(), ctx.driverId)),
  start: driverProcedure.input(runDayInput).mutation(async ({ ctx, input }) => ({ run: await startRun(ctx.db, ctx.clock.now(), driverOf(ctx), input.run, input.date) })),
  mark: driverProcedure.input(markInput).mutation(async ({ ctx, input }) => {
    const { mark, created } = await recordMark(ctx.db, ctx.clock.now(), driverOf(ctx), input);
    return created ? { mark } : asReplayed({ mark });
  }),
  /** The driver knows the streets: they may reorder their own run's stops (audited as theirs). */
  stopOrder: driverProcedure
    .input(driverStopOrderInput)
    .mutation(async ({ ctx, input }) => reorderRunStops(ctx.db, { userId: ctx.user.id, ip: ctx.ip, kind: 'driver' }, ctx.driverId, input.run, input.stopIds)),
  end: driverProcedure.input(runDayInput).mutation(async ({ ctx, input }) => ({ run: await endRun(ctx.db, ctx.clock.now(), driverOf(ctx), input.run, input.date) })),
  positions: driverProcedure.meta({ access: 'driver', sparesCaches: true }).input(positionsInput).mutation(async ({ ctx, input }) => receivePositions(ctx.db, ctx.liveBus, ctx.clock.now(), ctx.driverId, input, ctx.map.serviceArea)),
});
