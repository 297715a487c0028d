import { driverRunsQuery, newPlannedRunInput, plannedRunRef, plannedRunUpdateInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { allowedOverCapacity } from '../../../security/roles.js';
import { listDriverRuns } from '../../../domain/planned-runs/office-list.js';
import { createPlannedRun, deletePlannedRun, updatePlannedRun } from '../../../domain/planned-runs/changes.js';

/** The runs the office plans for each bus: listed with riders against seats, added, edited, removed (audited). */
export const adminPlannedRunsRouter = router({
  list: officeProcedure('routes.read').input(driverRunsQuery).query(({ ctx, input }) => listDriverRuns(ctx.db, input.driverId)),
  create: officeProcedure('routes.manage').input(newPlannedRunInput).mutation(async ({ ctx, input }) => ({ run: await createPlannedRun(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity)) })),
  update: officeProcedure('routes.manage').input(plannedRunUpdateInput).mutation(async ({ ctx, input }) => ({ run: await updatePlannedRun(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity)) })),
  remove: officeProcedure('routes.manage').input(plannedRunRef).mutation(({ ctx, input }) => deletePlannedRun(ctx.db, actorOf(ctx), input.runId)),
});
