import { erasureRequestById, recordViewsQuery, refuseErasureInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { completeErasure, officeErasureRequests, refuseErasure } from '../../../domain/data-rights/erasure-requests.js';
import { listRecordViews } from '../../../domain/data-rights/record-views.js';

/** Families' data rights, the admin's side: erasure requests answered within the law's 10 working days (completed, or refused with a reason), and the log of who in the office viewed which child. */
export const adminDataRightsRouter = router({
  erasureRequests: officeProcedure('dataRights.manage').query(async ({ ctx }) => ({ erasureRequests: await officeErasureRequests(ctx.db, ctx.clock.now()) })),
  completeErasure: officeProcedure('dataRights.manage').input(erasureRequestById).mutation(async ({ ctx, input }) => ({ erasureRequest: await completeErasure(ctx.db, actorOf(ctx), input.id) })),
  recordViews: officeProcedure('dataRights.manage').input(recordViewsQuery).query(({ ctx, input }) => listRecordViews(ctx.db, input)),
  refuseErasure: officeProcedure('dataRights.manage').input(refuseErasureInput).mutation(async ({ ctx, input }) => ({ erasureRequest: await refuseErasure(ctx.db, actorOf(ctx), input) })),
});
