import { erasureRequestInput } from '@school-transport/contracts';
import { parentProcedure, router } from '../init.js';
import { actorOf } from '../context.js';
import { familyErasureRequests, requestErasure } from '../../domain/data-rights/erasure-requests.js';

/** The family's own erasure requests: asking for one, and seeing the office's answer. ('My data' itself is a ZIP: rest/my-data.ts.) */
export const parentDataRightsRouter = router({
  erasureRequests: parentProcedure.query(async ({ ctx }) => ({ erasureRequests: await familyErasureRequests(ctx.db, ctx.user.id) })),
  requestErasure: parentProcedure.input(erasureRequestInput).mutation(async ({ ctx, input }) => ({ erasureRequest: await requestErasure(ctx.db, actorOf(ctx), input, ctx.clock.now()) })),
});
