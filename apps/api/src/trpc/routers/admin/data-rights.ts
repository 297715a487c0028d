import {
  erasureRequestAnswer,
  erasureRequestById,
  officeErasureRequestsAnswer,
  recordViewsAnswer,
  recordViewsQuery,
  refuseErasureInput,
} from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { completeErasure, officeErasureRequests, refuseErasure } from '../../../domain/data-rights/erasure-requests.js';
import { listRecordViews } from '../../../domain/data-rights/record-views.js';

/** Families' data rights, the admin's side: erasure requests answered within the law's 10 working days (completed, or refused with a reason), and the log of who in the office viewed which child. */
export const adminDataRightsRouter = router({
  erasureRequests: officeEndpoint('dataRights.manage', {
    answer: officeErasureRequestsAnswer,
    rest: { route: 'GET /api/admin/erasure-requests', summary: "Families' erasure requests, open first by due date, with the working days left (admin only)" },
  }).query(async ({ ctx }) => ({ erasureRequests: await officeErasureRequests(ctx.db, ctx.clock.now()) })),
  completeErasure: officeEndpoint('dataRights.manage', {
    input: erasureRequestById,
    answer: erasureRequestAnswer,
    rest: {
      route: 'POST /api/admin/erasure-requests/:id/complete',
      summary:
        "Completes an erasure request: the family's personal data is erased in one transaction, its accounts closed; fee records stay without names (admin only)",
    },
  }).mutation(async ({ ctx, input }) => ({ erasureRequest: await completeErasure(ctx.db, actorOf(ctx), input.id) })),
  recordViews: officeEndpoint('dataRights.manage', {
    input: recordViewsQuery,
    answer: recordViewsAnswer,
    rest: {
      route: 'GET /api/admin/record-views',
      summary:
        "Who in the office looked at which child (the record, the live position, a run's trail), newest first, paged; filtered by viewerUserId and studentId (admin only)",
      from: 'query',
    },
  }).query(({ ctx, input }) => listRecordViews(ctx.db, input)),
  refuseErasure: officeEndpoint('dataRights.manage', {
    input: refuseErasureInput,
    answer: erasureRequestAnswer,
    rest: {
      route: 'POST /api/admin/erasure-requests/:id/refuse',
      summary: 'Refuses an erasure request with a reason ({ reason }), which the family is sent (admin only)',
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({ erasureRequest: await refuseErasure(ctx.db, actorOf(ctx), input) })),
});
