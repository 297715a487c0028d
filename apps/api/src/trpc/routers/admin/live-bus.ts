import { runTrailInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { listLiveBuses, readRunTrail } from '../../../domain/live-bus/office-map.js';

/** The office's live map of the buses with a run in progress, and the trail of a past run. */
export const adminLiveBusRouter = router({
  buses: officeProcedure('liveBus.read').query(async ({ ctx }) => ({ buses: await listLiveBuses(ctx.db, ctx.clock.now()) })),
  trail: officeProcedure('liveBus.read').input(runTrailInput).query(async ({ ctx, input }) => ({ trail: await readRunTrail(ctx.db, ctx.clock.now(), input.driverId, input.run, input.date) })),
});
