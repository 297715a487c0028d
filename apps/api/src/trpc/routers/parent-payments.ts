import {
  checkout,
  checkoutInput,
  ONLINE_PAYMENT_MESSAGES,
  onlinePaymentAnswer,
  onlinePaymentById,
  onlinePaymentSettingsAnswer,
  type OnlinePaymentSettings,
} from '@school-transport/contracts';
import { parentEndpoint, router } from '../init.js';
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
  settings: parentEndpoint({
    answer: onlinePaymentSettingsAnswer,
    rest: {
      route: 'GET /api/parent/payments/settings',
      summary: "Whether the family can pay online ({ onlinePayments: null } when off) and whether Tap's keys are test keys ({ onlinePayments: { testMode } })",
    },
  }).query(({ ctx }) => ({ onlinePayments: ctx.tap ? ({ testMode: isTestKey(ctx.tap.secretKey) } satisfies OnlinePaymentSettings) : null })),
  checkout: parentEndpoint({
    input: checkoutInput,
    answer: checkout,
    rest: {
      route: 'POST /api/parent/payments/checkout',
      summary:
        "Starts paying the family's own due rows online (feeIds): 201 { payment, checkoutUrl }, Tap's hosted page to send the browser to; 404 another family's row, 409 a paid or waived row or one already in an open payment; 404 when online payments are off",
      from: 'body',
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => startCheckout(ctx.db, tapOf(ctx), ctx.user.id, input.feeIds, ctx.clock.now())),
  get: parentEndpoint({
    input: onlinePaymentById,
    answer: onlinePaymentAnswer,
    rest: {
      route: 'GET /api/parent/payments/:id',
      summary:
        "One of the family's online payments (initiated, paid, failed or cancelled), read again from Tap while it is open; 404 when online payments are off",
    },
  }).query(async ({ ctx, input }) => ({ payment: await readFamilyOnlinePayment(ctx.db, tapOf(ctx), ctx.user.id, input.id, ctx.clock.now()) })),
});
