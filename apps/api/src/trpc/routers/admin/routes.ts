import { mapLinkInput, officeStopOrderInput, runStopsQuery, stopLocationInput, stopRefInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { readRunStops } from '../../../domain/routes/run-stops.js';
import { positionOfLink } from '../../../domain/routes/link-position.js';
import { clearStopLocation, reorderRunStops, setStopLocation } from '../../../domain/routes/stop-changes.js';

/** The office's routes: each run's stops in order, a new order, and pins of where a stop is. */
export const adminRoutesRouter = router({
  stops: officeProcedure('routes.read').input(runStopsQuery).query(async ({ ctx, input }) => readRunStops(ctx.db, input.driverId, input.run)),
  order: officeProcedure('routes.manage')
    .input(officeStopOrderInput)
    .mutation(async ({ ctx, input }) => reorderRunStops(ctx.db, { ...actorOf(ctx), kind: 'office' }, input.driverId, input.run, input.stopIds)),
  setLocation: officeProcedure('routes.manage').input(stopLocationInput).mutation(async ({ ctx, input }) => setStopLocation(ctx.db, actorOf(ctx), input)),
  clearLocation: officeProcedure('routes.manage').input(stopRefInput).mutation(async ({ ctx, input }) => clearStopLocation(ctx.db, actorOf(ctx), input)),
  /** The position a pasted map link names, short links followed; the office then pins it with setLocation. */
  linkPosition: officeProcedure('routes.manage').input(mapLinkInput).mutation(async ({ ctx, input }) => ({ position: await positionOfLink(input.link, ctx.shortLinks) })),
});
