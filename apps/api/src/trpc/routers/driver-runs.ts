import {
  type Role,
  driverStopOrderInput,
  driverToday,
  markInput,
  positionsAccepted,
  positionsInput,
  runDayInput,
  runMarkAnswer,
  runStops,
  runSummaryAnswer,
} from '@school-transport/contracts';
import { crewEndpoint, router } from '../init.js';
import { asReplayed, isReplayed } from '../replayed-answers.js';
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
  today: crewEndpoint({
    answer: driverToday,
    rest: {
      route: 'GET /api/driver/runs/today',
      summary: "Today's runs of the signed-in driver (both on a school day, none on a weekend or no-service date), each child with their status",
    },
  }).query(async ({ ctx }) => readDriverToday(ctx.db, ctx.clock.now(), ctx.driverId)),
  start: crewEndpoint({
    input: runDayInput,
    answer: runSummaryAnswer,
    rest: {
      route: 'POST /api/driver/runs/:run/start',
      summary:
        "Starts today's morning or afternoon run (again: no change); absences for it close. date: the run's Bahrain date when not today (yesterday at most: a Start queued offline before midnight)",
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({ run: await startRun(ctx.db, ctx.clock.now(), crewOf(ctx), input.run, input.date) })),
  mark: crewEndpoint({
    input: markInput,
    answer: runMarkAnswer,
    rest: {
      route: 'POST /api/driver/runs/:run/marks',
      summary:
        "Records a child boarded, dropped, no-show or returned to school, or undoes the child's latest mark within 2 minutes (event undo, undoes: the mark's id; 409 later or for an earlier mark); 201, the same clientId again: 200 with the same mark; date and at as made on the phone",
      from: 'body',
      status: (result) => (isReplayed(result) ? 200 : 201),
    },
  }).mutation(async ({ ctx, input }) => {
    const { mark, created } = await recordMark(ctx.db, ctx.clock.now(), crewOf(ctx), input);
    return created ? { mark } : asReplayed({ mark });
  }),
  /** The driver knows the streets: they may reorder their own run's stops (audited as theirs). */
  stopOrder: crewEndpoint({
    input: driverStopOrderInput,
    answer: runStops,
    rest: {
      route: 'PUT /api/driver/runs/:run/stops/order',
      summary: "Orders the signed-in driver's own run's stops, audited (409 when stopIds are not exactly the run's stops)",
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => reorderRunStops(ctx.db, { userId: ctx.user.id, ip: ctx.ip, kind: 'driver' }, ctx.driverId, input.run, input.stopIds)),
  end: crewEndpoint({
    input: runDayInput,
    answer: runSummaryAnswer,
    rest: {
      route: 'POST /api/driver/runs/:run/end',
      summary: 'Ends the run (409 with the children still on the bus, else with those nobody marked yet)',
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({ run: await endRun(ctx.db, ctx.clock.now(), crewOf(ctx), input.run, input.date) })),
  positions: crewEndpoint({
    input: positionsInput,
    answer: positionsAccepted,
    rest: {
      route: 'POST /api/driver/positions',
      summary:
        "Positions from the driver's phone during a run, at most 100 a call: 202 with how many were kept (those taken between the run's Start and End, also after it ended); less precise than 100 m or in the future: dropped and counted; 409 when the run has not started or every fix lies outside it",
      from: 'body',
      status: 202,
    },
    sparesCaches: true,
  }).mutation(async ({ ctx, input }) => receivePositions(ctx.db, ctx.liveBus, ctx.clock.now(), ctx.driverId, input, ctx.map.serviceArea)),
});
