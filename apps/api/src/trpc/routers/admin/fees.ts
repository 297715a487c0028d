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
} from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
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
  list: officeProcedure('fees.read').input(adminFeesQuery).query(({ ctx, input }) => listAdminFees(ctx.db, input)),
  generate: officeProcedure('fees.payments').input(generateFeesInput).mutation(({ ctx, input }) => generateFeesByOffice(ctx.db, actorOf(ctx), input.month)),
  recordPayment: officeProcedure('fees.payments').input(recordPaymentInput).mutation(async ({ ctx, input }) => ({ payment: await recordPayment(ctx.db, actorOf(ctx), input) })),
  voidPayment: officeProcedure('fees.void').input(voidPaymentInput).mutation(async ({ ctx, input }) => ({ payment: await voidPayment(ctx.db, actorOf(ctx), input) })),
  /** Gives back all or part of an online payment through Tap, with its credit note (404 when online payments are off). */
  refundPayment: officeProcedure('payments.refund')
    .input(refundPaymentInput)
    .mutation(async ({ ctx, input }) => {
      if (!ctx.tap) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.off);
      return { refund: await refundOnlinePayment(ctx.db, ctx.tap, actorOf(ctx), input, ctx.clock.now()) };
    }),
  waive: officeProcedure('fees.waive').input(waiveFeeInput).mutation(async ({ ctx, input }) => {
    await setFeeWaived(ctx.db, actorOf(ctx), input);
    return { ok: true as const };
  }),
  /** Online payments through Tap, newest first; filter 'attention': captured charges the server would not book. */
  onlinePayments: officeProcedure('fees.read').input(officeOnlinePaymentsQuery).query(({ ctx, input }) => listOfficeOnlinePayments(ctx.db, input)),
  /** A day's reconciliation: what Tap captured against what the ledger booked (404 when online payments are off). */
  reconciliation: officeProcedure('fees.read')
    .input(reconciliationQuery)
    .query(async ({ ctx, input }) => {
      if (!ctx.tap) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.off);
      try {
        return { reconciliation: await reconcileDay(ctx.db, ctx.tap, input.date) };
      } catch (err) {
        if (err instanceof TapUnavailable) throw new AppError('BAD_GATEWAY', ONLINE_PAYMENT_MESSAGES.gatewayUnavailable);
        throw err;
      }
    }),
  overdue: officeProcedure('fees.read').query(async ({ ctx }) => ({ families: await listOverdueFamilies(ctx.db) })),
  /** Collected vs expected per service month, for the analytics chart. */
  yearSummary: officeProcedure('fees.read').input(yearSummaryQuery).query(({ ctx, input }) => readYearSummary(ctx.db, input.month)),
  /** The receipt and the language its PDF is written in: the downloading admin's. */
  receipt: officeProcedure('fees.read').input(byId).query(async ({ ctx, input }) => ({ receipt: await readReceipt(ctx.db, input.id), language: await accountLanguage(ctx.db, ctx.user.id) })),
  proofs: officeProcedure('proofs.review').input(proofListQuery).query(async ({ ctx, input }) => ({ proofs: await listProofs(ctx.db, input.status) })),
  acceptProof: officeProcedure('proofs.review').input(acceptProofInput).mutation(({ ctx, input }) => acceptProof(ctx.db, actorOf(ctx), input)),
  rejectProof: officeProcedure('proofs.review').input(rejectProofInput).mutation(async ({ ctx, input }) => {
    await rejectProof(ctx.db, actorOf(ctx), input);
    return { ok: true as const };
  }),
});
