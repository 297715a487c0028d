import { checkout, ONLINE_PAYMENT_MESSAGES, payLinkAnswer, payLinkByToken } from '@school-transport/contracts';
import { publicEndpoint, router } from '../init.js';
import type { Context } from '../context.js';
import { AppError } from '../../errors.js';
import { withRetryAfter } from '../retry-after.js';
import { readPayLink, startPayLinkCheckout } from '../../domain/fees/online/pay-links.js';
import type { TapSettings } from '../../domain/fees/online/tap-client.js';

/**
 * Off without TAP_SECRET_KEY (404, as if the paths did not exist). Every request of a pay link is
 * counted against its client address's hour (PAY_LINK_REQUESTS_PER_ADDRESS_PER_HOUR) before the
 * token is even looked up, as sign-in and registration are: a link is unguessable, but each
 * checkout asks Tap for a charge, and nobody may make the server do that without end.
 */
async function tapFor(ctx: Context): Promise<TapSettings> {
  if (!ctx.tap) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.off);
  await withRetryAfter(ctx, () => ctx.addressLimits.count('pay_link', ctx.ip));
  return ctx.tap;
}

/** A fee reminder's pay link, opened without signing in: its rows, and Pay. */
export const payLinksRouter = router({
  get: publicEndpoint({
    input: payLinkByToken,
    answer: payLinkAnswer,
    rest: {
      route: 'GET /api/pay-links/:token',
      summary:
        "A fee reminder's pay link, without signing in: its rows (a child's first name, the month, what it still owes), what is left to pay, and the latest payment started from it, read again from Tap while open; 404 unknown, revoked or expired (its own message), and when online payments are off; 429 beyond the address's hour",
    },
  }).query(async ({ ctx, input }) => ({ payLink: await readPayLink(ctx.db, await tapFor(ctx), input.token, ctx.clock.now()) })),
  checkout: publicEndpoint({
    input: payLinkByToken,
    answer: checkout,
    rest: {
      route: 'POST /api/pay-links/:token/checkout',
      summary:
        "Pays what a reminder's pay link still owes, without signing in: 201 { payment, checkoutUrl }, Tap's hosted page, which sends the family back to the link's page; 409 when every row is paid or one is in a payment under way; 404 unknown or expired link, and when online payments are off; 429 beyond the address's hour",
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => startPayLinkCheckout(ctx.db, await tapFor(ctx), input.token, ctx.clock.now())),
});
