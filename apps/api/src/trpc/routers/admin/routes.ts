import { linkPositionAnswer, mapLinkInput, officeStopOrderInput, runStops, runStopsQuery, stopLocationInput, stopRefInput } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { readRunStops } from '../../../domain/routes/run-stops.js';
import { positionOfLink } from '../../../domain/routes/link-position.js';
import { clearStopLocation, reorderRunStops, setStopLocation } from '../../../domain/routes/stop-changes.js';

/** The office's routes: each run's stops in order, a new order, and pins of where a stop is. */
export const adminRoutesRouter = router({
  stops: officeEndpoint('routes.read', {
    input: runStopsQuery,
    answer: runStops,
    rest: {
      route: 'GET /api/admin/drivers/:driverId/runs/:run/stops',
      summary:
        "A driver's run's stops in order (1 first), each with its children and where it is (set, learned or link; null: unknown), the bus's seats and riders, and who ordered it last",
    },
  }).query(async ({ ctx, input }) => readRunStops(ctx.db, input.driverId, input.run)),
  order: officeEndpoint('routes.manage', {
    input: officeStopOrderInput,
    answer: runStops,
    rest: {
      route: 'PUT /api/admin/drivers/:driverId/runs/:run/stops/order',
      summary: "Orders a run's stops, audited (409 when stopIds are not exactly the run's stops, e.g. read before a child joined)",
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => reorderRunStops(ctx.db, { ...actorOf(ctx), kind: 'office' }, input.driverId, input.run, input.stopIds)),
  setLocation: officeEndpoint('routes.manage', {
    input: stopLocationInput,
    answer: runStops,
    rest: {
      route: 'PUT /api/admin/drivers/:driverId/runs/:run/stops/:stopId/location',
      summary: "Pins where a stop is (lat, lng), above what the driver's phone learned and the parent's link; audited",
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => setStopLocation(ctx.db, actorOf(ctx), input)),
  clearLocation: officeEndpoint('routes.manage', {
    input: stopRefInput,
    answer: runStops,
    rest: {
      route: 'DELETE /api/admin/drivers/:driverId/runs/:run/stops/:stopId/location',
      summary: "Removes a stop's pin (the learned or linked position shows again); audited",
    },
  }).mutation(async ({ ctx, input }) => clearStopLocation(ctx.db, actorOf(ctx), input)),
  /** The position a pasted map link names, short links followed; the office then pins it with setLocation. */
  linkPosition: officeEndpoint('routes.manage', {
    input: mapLinkInput,
    answer: linkPositionAnswer,
  }).mutation(async ({ ctx, input }) => ({ position: await positionOfLink(input.link, ctx.shortLinks) })),
});
