import { erasureRequestAnswer, erasureRequestInput, erasureRequestsAnswer } from '@school-transport/contracts';
import { parentEndpoint, router } from '../init.js';
import { actorOf } from '../context.js';
import { familyErasureRequests, requestErasure } from '../../domain/data-rights/erasure-requests.js';

/** The family's own erasure requests: asking for one, and seeing the office's answer. ('My data' itself is a ZIP: rest/my-data.ts.) */
export const parentDataRightsRouter = router({
  erasureRequests: parentEndpoint({
    answer: erasureRequestsAnswer,
    rest: { route: 'GET /api/parent/erasure-requests', summary: "The family's requests to erase its data, newest first, with the office's answer" },
  }).query(async ({ ctx }) => ({ erasureRequests: await familyErasureRequests(ctx.db, ctx.user.id) })),
  requestErasure: parentEndpoint({
    input: erasureRequestInput,
    answer: erasureRequestAnswer,
    rest: {
      route: 'POST /api/parent/erasure-requests',
      summary: "Asks the office to erase the family's data ({ reason? }): 201 { erasureRequest } due 10 Bahrain working days later; 409 while one is open",
      from: 'body',
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => ({ erasureRequest: await requestErasure(ctx.db, actorOf(ctx), input, ctx.clock.now()) })),
});
