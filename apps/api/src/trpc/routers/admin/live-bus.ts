import { runTrailInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { listLiveBuses, readRunTrail } from '../../../domain/live-bus/office-map.js';
import { noteBusesViewed } from '../../../domain/data-rights/record-views.js';

/** The office's live map of the buses with a run in progress, and the trail of a past run; each view of the children's whereabouts is logged. */
export const adminLiveBusRouter = router({
  buses: officeProcedure('liveBus.read').query(async ({ ctx }) => {
    const buses = await listLiveBuses(ctx.db, ctx.clock.now());
    noteBusesViewed(ctx.recordViews, ctx.db, ctx.user.id, buses.map((bus) => bus.driver.id), 'position');
    return { buses };
  }),
  trail: officeProcedure('liveBus.read')
    .input(runTrailInput)
    .query(async ({ ctx, input }) => {
      const trail = await readRunTrail(ctx.db, ctx.clock.now(), input.driverId, input.run, input.date);
      noteBusesViewed(ctx.recordViews, ctx.db, ctx.user.id, [input.driverId], 'trail');
      return { trail };
    }),
});
