import { driverRunsList, driverRunsQuery, newPlannedRunInput, plannedRunAnswer, plannedRunRef, plannedRunUpdateInput } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { allowedOverCapacity } from '../../../security/roles.js';
import { listDriverRuns } from '../../../domain/planned-runs/office-list.js';
import { createPlannedRun, deletePlannedRun, updatePlannedRun } from '../../../domain/planned-runs/changes.js';

/** The runs the office plans for each bus: listed with riders against seats, added, edited, removed (audited). */
export const adminPlannedRunsRouter = router({
  list: officeEndpoint('routes.read', {
    input: driverRunsQuery,
    answer: driverRunsList,
    rest: {
      route: 'GET /api/admin/drivers/:driverId/runs',
      summary: "A bus's planned runs in planned-start order (direction, name, schools, times, weekdays), riders against seats per run, and overlapping windows",
    },
  }).query(({ ctx, input }) => listDriverRuns(ctx.db, input.driverId)),
  create: officeEndpoint('routes.manage', {
    input: newPlannedRunInput,
    answer: plannedRunAnswer,
    rest: {
      route: 'POST /api/admin/drivers/:driverId/runs',
      summary: "Plans a run for a bus (times left out default from its schools', else the settings'); audited",
      from: 'body',
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => ({ run: await createPlannedRun(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity)) })),
  update: officeEndpoint('routes.manage', {
    input: plannedRunUpdateInput,
    answer: plannedRunAnswer,
    rest: { route: 'PUT /api/admin/runs/:runId', summary: 'Edits a planned run; audited', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ run: await updatePlannedRun(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity)) })),
  remove: officeEndpoint('routes.manage', {
    input: plannedRunRef,
    answer: plannedRunAnswer,
    rest: {
      route: 'DELETE /api/admin/runs/:runId',
      summary:
        'Removes a planned run (its past days stay in the records); 409 while a child is placed on it by hand, it is in progress, or it is the last run of a direction its children ride; audited',
    },
  }).mutation(({ ctx, input }) => deletePlannedRun(ctx.db, actorOf(ctx), input.runId)),
});
