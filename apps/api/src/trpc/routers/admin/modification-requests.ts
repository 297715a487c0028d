import {
  adminModificationRequestAnswer,
  adminModificationRequestsAnswer,
  modificationApprovalInput,
  modificationDecisionInput,
  modificationRequestCounts,
  modificationRequestFilter,
} from '@school-transport/contracts';
import { allowedOverCapacity } from '../../../security/roles.js';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import {
  approveModificationRequest,
  countOfficeModificationRequests,
  listOfficeModificationRequests,
  rejectModificationRequest,
} from '../../../domain/modification-requests/office-review.js';

/** The office's review of the parents' modification requests. */
export const adminModificationRequestsRouter = router({
  list: officeEndpoint('modificationRequests.review', {
    input: modificationRequestFilter,
    answer: adminModificationRequestsAnswer,
    rest: {
      route: 'GET /api/admin/modification-requests',
      summary: 'Change requests, pending first, filtered by status, with the parent’s name and phone',
      from: 'query',
    },
  }).query(async ({ ctx, input }) => ({ modificationRequests: await listOfficeModificationRequests(ctx.db, input.status) })),
  counts: officeEndpoint('modificationRequests.review', {
    answer: modificationRequestCounts,
    rest: { route: 'GET /api/admin/modification-requests/counts', summary: 'Change requests per status' },
  }).query(({ ctx }) => countOfficeModificationRequests(ctx.db)),
  approve: officeEndpoint('modificationRequests.review', {
    input: modificationApprovalInput,
    answer: adminModificationRequestAnswer,
    rest: {
      route: 'POST /api/admin/modification-requests/:id/approve',
      summary: 'Approves a request: applies the new values (409 on a conflicting change since)',
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({
    modificationRequest: await approveModificationRequest(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity)),
  })),
  reject: officeEndpoint('modificationRequests.review', {
    input: modificationDecisionInput,
    answer: adminModificationRequestAnswer,
    rest: { route: 'POST /api/admin/modification-requests/:id/reject', summary: 'Rejects a request with an optional note to the parent', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ modificationRequest: await rejectModificationRequest(ctx.db, actorOf(ctx), input) })),
});
