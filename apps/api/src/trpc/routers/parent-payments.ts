import { checkoutInput, ONLINE_PAYMENT_MESSAGES, onlinePaymentById, type OnlinePaymentSettings } from '@school-transport/contracts';
import { parentProcedure, router } from '../init.js';
import type { Context } from '../context.js';
import { AppError } from '../../errors.js';
import { startCheckout } from '../../domain/fees/online/checkout.js';
import { readFamilyOnlinePayment } from '../../domain/fees/online/online-payment.js';
import { isTestKey, type TapSettings } from '../../domain/fees/online/tap-client.js';

/** Online payments are off without TAP_SECRET_KEY: their paths answer 404, as if they did not exist. */
function tapOf(ctx: Context): TapSettings {
  if (!ctx.tap) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.off);
  return ctx.tap;
}

/** The family paying its own due rows online (Tap's hosted page), and the outcome when it comes back. */
export const parentPaymentsRouter = router({
  /** Whether the family can pay online (null: off, no Pay button) and whether Tap's keys are test keys (a banner says so). */
  settings: parentProcedure.query(({ ctx }) => ({ onlinePayments: ctx.tap ? ({ testMode: isTestKey(ctx.tap.secretKey) } satisfies OnlinePaymentSettings) : null })),
  checkout: parentProcedure.input(checkoutInput).mutation(async ({ ctx, input }) => startCheckout(ctx.db, tapOf(ctx), ctx.user.id, input.feeIds, ctx.clock.now())),
  get: parentProcedure.input(onlinePaymentById).query(async ({ ctx, input }) => ({ payment: await readFamilyOnlinePayment(ctx.db, tapOf(ctx), ctx.user.id, input.id, ctx.clock.now()) })),
});
