import { modificationApprovalInput, modificationDecisionInput, modificationRequestFilter } from '@school-transport/contracts';
import { allowedOverCapacity } from '../../../security/roles.js';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import {
  approveModificationRequest,
  countOfficeModificationRequests,
  listOfficeModificationRequests,
  rejectModificationRequest,
} from '../../../domain/modification-requests/office-review.js';

/** The office's review of the parents' modification requests. */
export const adminModificationRequestsRouter = router({
  list: officeProcedure('modificationRequests.review').input(modificationRequestFilter).query(async ({ ctx, input }) => ({ modificationRequests: await listOfficeModificationRequests(ctx.db, input.status) })),
  counts: officeProcedure('modificationRequests.review').query(({ ctx }) => countOfficeModificationRequests(ctx.db)),
  approve: officeProcedure('modificationRequests.review')
    .input(modificationApprovalInput)
    .mutation(async ({ ctx, input }) => ({ modificationRequest: await approveModificationRequest(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity)) })),
  reject: officeProcedure('modificationRequests.review').input(modificationDecisionInput).mutation(async ({ ctx, input }) => ({ modificationRequest: await rejectModificationRequest(ctx.db, actorOf(ctx), input) })),
});
