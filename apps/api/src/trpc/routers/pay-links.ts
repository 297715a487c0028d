import { ONLINE_PAYMENT_MESSAGES, payLinkByToken } from '@school-transport/contracts';
import { publicProcedure, router } from '../init.js';
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
  get: publicProcedure.input(payLinkByToken).query(async ({ ctx, input }) => ({ payLink: await readPayLink(ctx.db, await tapFor(ctx), input.token, ctx.clock.now()) })),
  checkout: publicProcedure.input(payLinkByToken).mutation(async ({ ctx, input }) => startPayLinkCheckout(ctx.db, await tapFor(ctx), input.token, ctx.clock.now())),
});
