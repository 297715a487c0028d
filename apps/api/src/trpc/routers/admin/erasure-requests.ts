import { erasureRequestById, refuseErasureInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { completeErasure, officeErasureRequests, refuseErasure } from '../../../domain/data-rights/erasure-requests.js';

/** Families' erasure requests: the admin answers them (the law's 10 working days), completing or refusing with a reason. */
export const adminErasureRequestsRouter = router({
  list: officeProcedure('dataRights.manage').query(async ({ ctx }) => ({ erasureRequests: await officeErasureRequests(ctx.db, ctx.clock.now()) })),
  complete: officeProcedure('dataRights.manage').input(erasureRequestById).mutation(async ({ ctx, input }) => ({ erasureRequest: await completeErasure(ctx.db, actorOf(ctx), input.id) })),
  refuse: officeProcedure('dataRights.manage').input(refuseErasureInput).mutation(async ({ ctx, input }) => ({ erasureRequest: await refuseErasure(ctx.db, actorOf(ctx), input) })),
});
