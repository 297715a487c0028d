import { modificationDecisionInput, modificationRequestFilter } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import {
  approveModificationRequest,
  countOfficeModificationRequests,
  listOfficeModificationRequests,
  rejectModificationRequest,
} from '../../../domain/modification-requests/office-review.js';

/** The office's review of the parents' modification requests. */
export const adminModificationRequestsRouter = router({
  list: adminProcedure.input(modificationRequestFilter).query(async ({ ctx, input }) => ({ modificationRequests: await listOfficeModificationRequests(ctx.db, input.status) })),
  counts: adminProcedure.query(({ ctx }) => countOfficeModificationRequests(ctx.db)),
  approve: adminProcedure.input(modificationDecisionInput).mutation(async ({ ctx, input }) => ({ modificationRequest: await approveModificationRequest(ctx.db, actorOf(ctx), input) })),
  reject: adminProcedure.input(modificationDecisionInput).mutation(async ({ ctx, input }) => ({ modificationRequest: await rejectModificationRequest(ctx.db, actorOf(ctx), input) })),
});
