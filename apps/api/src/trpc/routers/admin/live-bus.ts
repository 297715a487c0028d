import { liveBuses, runTrailAnswer, runTrailInput } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { listLiveBuses, readRunTrail } from '../../../domain/live-bus/office-map.js';
import { noteBusesViewed } from '../../../domain/data-rights/record-views.js';

/** The office's live map of the buses with a run in progress, and the trail of a past run; each view of the children's whereabouts is logged. */
export const adminLiveBusRouter = router({
  buses: officeEndpoint('liveBus.read', {
    answer: liveBuses,
    rest: { route: 'GET /api/admin/live-buses', summary: 'Every bus with a run in progress: its last position, the age of that fix and the children on board' },
  }).query(async ({ ctx }) => {
    const buses = await listLiveBuses(ctx.db, ctx.clock.now());
    noteBusesViewed(
      ctx.recordViews,
      ctx.db,
      ctx.user.id,
      buses.map((bus) => bus.driver.id),
      'position',
    );
    return { buses };
  }),
  trail: officeEndpoint('liveBus.read', {
    input: runTrailInput,
    answer: runTrailAnswer,
    rest: {
      route: 'GET /api/admin/drivers/:driverId/runs/:run/trail',
      summary: "A run's trail of positions over its stops, for any date of the last 30 days",
      from: 'query',
    },
  }).query(async ({ ctx, input }) => {
    const trail = await readRunTrail(ctx.db, ctx.clock.now(), input.driverId, input.run, input.date);
    noteBusesViewed(ctx.recordViews, ctx.db, ctx.user.id, [input.driverId], 'trail');
    return { trail };
  }),
});
