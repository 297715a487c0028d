import { z } from 'zod';
import {
  acceptProofInput,
  adminFeesQuery,
  generateFeesInput,
  proofListQuery,
  recordPaymentInput,
  rejectProofInput,
  voidPaymentInput,
  waiveFeeInput,
  yearSummaryQuery,
  officeOnlinePaymentsQuery,
  ONLINE_PAYMENT_MESSAGES,
  reconciliationQuery,
  refundPaymentInput,
  adminFeesAnswer,
  generateFeesAnswer,
  paymentAnswer,
  refundAnswer,
  okAnswer,
  officeOnlinePaymentsAnswer,
  reconciliationAnswer,
  overdueAnswer,
  yearSummaryAnswer,
  receiptAnswer,
  proofsAnswer,
} from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { listAdminFees } from '../../../domain/fees/admin-fees.js';
import { generateFeesByOffice } from '../../../domain/fees/generate.js';
import { recordPayment, voidPayment } from '../../../domain/fees/payments.js';
import { setFeeWaived } from '../../../domain/fees/waive.js';
import { listOverdueFamilies } from '../../../domain/fees/overdue.js';
import { readYearSummary } from '../../../domain/fees/year-summary.js';
import { listProofs } from '../../../domain/fees/proofs.js';
import { acceptProof, rejectProof } from '../../../domain/fees/proof-decisions.js';
import { readReceipt } from '../../../domain/fees/receipts.js';
import { accountLanguage } from '../../../domain/account-language.js';
import { listOfficeOnlinePayments } from '../../../domain/fees/online/office-list.js';
import { reconcileDay } from '../../../domain/fees/online/reconciliation.js';
import { TapUnavailable } from '../../../domain/fees/online/tap-client.js';
import { refundOnlinePayment } from '../../../domain/fees/online/refund.js';
import { AppError } from '../../../errors.js';

const byId = z.object({ id: z.string().trim().min(1).max(64) });

/** The office's fee ledger: months, payments, voids, waivers, proofs of payment, receipts (their data; the files are the REST paths'). */
export const adminFeesRouter = router({
  list: officeEndpoint('fees.read', {
    input: adminFeesQuery,
    answer: adminFeesAnswer,
    rest: { route: 'GET /api/admin/fees', summary: "A month's fee rows with filters, paged, and the month's totals", from: 'query' },
  }).query(({ ctx, input }) => listAdminFees(ctx.db, input)),
  generate: officeEndpoint('fees.payments', {
    input: generateFeesInput,
    answer: generateFeesAnswer,
    rest: { route: 'POST /api/admin/fees/generate', summary: "Makes a month's fee rows for every active student (idempotent)", from: 'body' },
  }).mutation(({ ctx, input }) => generateFeesByOffice(ctx.db, actorOf(ctx), input.month)),
  recordPayment: officeEndpoint('fees.payments', {
    input: recordPaymentInput,
    answer: paymentAnswer,
    rest: { route: 'POST /api/admin/payments', summary: 'Records a payment against fee rows of one family', from: 'body', status: 201 },
  }).mutation(async ({ ctx, input }) => ({ payment: await recordPayment(ctx.db, actorOf(ctx), input) })),
  voidPayment: officeEndpoint('fees.void', {
    input: voidPaymentInput,
    answer: paymentAnswer,
    rest: { route: 'POST /api/admin/payments/:id/void', summary: 'Voids a payment with a reason (never deleted)', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ payment: await voidPayment(ctx.db, actorOf(ctx), input) })),
  /** Gives back all or part of an online payment through Tap, with its credit note (404 when online payments are off). */
  refundPayment: officeEndpoint('payments.refund', {
    input: refundPaymentInput,
    answer: refundAnswer,
    rest: {
      route: 'POST /api/admin/payments/:id/refund',
      summary:
        "Gives back an online payment through Tap's refund API ({ amountBhd?, reason, feeIds? }: all that is left without amountBhd; feeIds picks the months of a partial refund): 201 { refund } with its credit note number (CRN-000001), recorded only when Tap accepts it; the months owe it again; 409 a payment not made online; 502 Tap refused; 404 when online payments are off",
      from: 'body',
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => {
    if (!ctx.tap) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.off);
    return { refund: await refundOnlinePayment(ctx.db, ctx.tap, actorOf(ctx), input, ctx.clock.now()) };
  }),
  waive: officeEndpoint('fees.waive', {
    input: waiveFeeInput,
    answer: okAnswer,
    rest: { route: 'POST /api/admin/fees/:id/waive', summary: 'Waives a fee row', from: 'body' },
  }).mutation(async ({ ctx, input }) => {
    await setFeeWaived(ctx.db, actorOf(ctx), input);
    return { ok: true as const };
  }),
  /** Online payments through Tap, newest first; filter 'attention': captured charges the server would not book. */
  onlinePayments: officeEndpoint('fees.read', {
    input: officeOnlinePaymentsQuery,
    answer: officeOnlinePaymentsAnswer,
    rest: {
      route: 'GET /api/admin/online-payments',
      summary:
        "Online payments through Tap, newest first, paged: the family, amount, Tap's charge id and state, the card scheme or wallet, the receipt; filter=attention: captured charges not booked, and why",
      from: 'query',
    },
  }).query(({ ctx, input }) => listOfficeOnlinePayments(ctx.db, input)),
  /** A day's reconciliation: what Tap captured against what the ledger booked (404 when online payments are off). */
  reconciliation: officeEndpoint('fees.read', {
    input: reconciliationQuery,
    answer: reconciliationAnswer,
    rest: {
      route: 'GET /api/admin/online-payments/reconciliation',
      summary:
        "A day's reconciliation (date, Bahrain): what Tap captured, read from Tap, against what the ledger booked, with every charge that differs; 404 when online payments are off",
      from: 'query',
    },
  }).query(async ({ ctx, input }) => {
    if (!ctx.tap) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.off);
    try {
      return { reconciliation: await reconcileDay(ctx.db, ctx.tap, input.date) };
    } catch (err) {
      if (err instanceof TapUnavailable) throw new AppError('BAD_GATEWAY', ONLINE_PAYMENT_MESSAGES.gatewayUnavailable);
      throw err;
    }
  }),
  overdue: officeEndpoint('fees.read', {
    answer: overdueAnswer,
    rest: { route: 'GET /api/admin/fees/overdue', summary: 'Overdue families with the parent’s phone' },
  }).query(async ({ ctx }) => ({ families: await listOverdueFamilies(ctx.db) })),
  /** Collected vs expected per service month, for the analytics chart. */
  yearSummary: officeEndpoint('fees.read', {
    input: yearSummaryQuery,
    answer: yearSummaryAnswer,
    rest: { route: 'GET /api/admin/fees/year-summary', summary: 'Expected and collected per service month of the school year', from: 'query' },
  }).query(({ ctx, input }) => readYearSummary(ctx.db, input.month)),
  /** The receipt and the language its PDF is written in: the downloading admin's. */
  receipt: officeEndpoint('fees.read', { input: byId, answer: receiptAnswer }).query(async ({ ctx, input }) => ({
    receipt: await readReceipt(ctx.db, input.id),
    language: await accountLanguage(ctx.db, ctx.user.id),
  })),
  proofs: officeEndpoint('proofs.review', {
    input: proofListQuery,
    answer: proofsAnswer,
    rest: { route: 'GET /api/admin/payment-proofs', summary: 'Payment proofs by status, with the family’s due rows', from: 'query' },
  }).query(async ({ ctx, input }) => ({ proofs: await listProofs(ctx.db, input.status) })),
  acceptProof: officeEndpoint('proofs.review', {
    input: acceptProofInput,
    answer: paymentAnswer,
    rest: { route: 'POST /api/admin/payment-proofs/:id/accept', summary: 'Accepts a proof: records the payment and links the proof', from: 'body' },
  }).mutation(({ ctx, input }) => acceptProof(ctx.db, actorOf(ctx), input)),
  rejectProof: officeEndpoint('proofs.review', {
    input: rejectProofInput,
    answer: okAnswer,
    rest: { route: 'POST /api/admin/payment-proofs/:id/reject', summary: 'Rejects a proof with a reason the parent sees', from: 'body' },
  }).mutation(async ({ ctx, input }) => {
    await rejectProof(ctx.db, actorOf(ctx), input);
    return { ok: true as const };
  }),
});
