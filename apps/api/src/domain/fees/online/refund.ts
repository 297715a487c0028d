import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { FEE_MESSAGES, ONLINE_PAYMENT_MESSAGES, bhdWithFils, type Refund, type refundPaymentInput } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../../errors.js';
import { isUuid } from '../../ids.js';
import { recordAudit, type Actor } from '../../audit.js';
import { enqueueNotification } from '../../notifications/outbox.js';
import { familyContact } from '../family.js';
import { fromCents, money, toCents } from '../ledger.js';
import { syncStudentPaymentStatus } from '../payment-status.js';
import { createTapRefund, TAP_REFUND_ACCEPTED, TapUnavailable, type TapSettings } from './tap-client.js';

type RefundInput = z.output<typeof refundPaymentInput>;

const tooHigh = () => new AppError('BAD_REQUEST', ONLINE_PAYMENT_MESSAGES.refundTooHigh, { amountBhd: ONLINE_PAYMENT_MESSAGES.refundTooHigh });

/**
 * Gives back all or part of a payment made online, through Tap's refund API, in one transaction
 * with the payment row locked, so two refunds of one payment at once cannot give back more than
 * it took. Without an amount, all that is left of the payment is given back; with feeIds, the
 * refund covers only those months (the office picks them for a partial refund), spread oldest
 * month first. Recorded only when Tap accepts the refund (REFUNDED, or on its way): the months it
 * covers owe that amount again (the ledger subtracts refunds), a credit note gets the next
 * CRN-000001 number, the change is audited and the family told through the outbox. When Tap
 * refuses or cannot be reached, nothing is recorded.
 */
export async function refundOnlinePayment(db: Kysely<Database>, settings: TapSettings, actor: Actor, input: RefundInput, now: Date): Promise<Refund> {
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', FEE_MESSAGES.paymentNotFound);
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'parentId', 'method', 'receiptNumber', 'voidedAt'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new AppError('NOT_FOUND', FEE_MESSAGES.paymentNotFound);
    const online = await trx.selectFrom('onlinePayments').select('chargeId').where('paymentId', '=', payment.id).executeTakeFirst();
    if (payment.method !== 'online' || payment.voidedAt || !online?.chargeId) throw new AppError('CONFLICT', ONLINE_PAYMENT_MESSAGES.notRefundable);

    const rows = await refundableRows(trx, payment.id);
    const picked = input.feeIds ? [...new Set(input.feeIds)] : rows.map((row) => row.feeId);
    if (picked.some((feeId) => !rows.some((row) => row.feeId === feeId))) {
      throw new AppError('BAD_REQUEST', ONLINE_PAYMENT_MESSAGES.refundFeesNotOfPayment, { feeIds: ONLINE_PAYMENT_MESSAGES.refundFeesNotOfPayment });
    }
    const chosen = rows.filter((row) => picked.includes(row.feeId));
    const left = chosen.reduce((sum, row) => sum + row.left, 0n);
    const amount = input.amountBhd === undefined ? left : toCents(input.amountBhd);
    if (amount === 0n || amount > left) throw tooHigh();
    const allocations: { feeId: string; month: string; cents: bigint }[] = [];
    let remaining = amount;
    for (const row of chosen) {
      if (remaining === 0n) break;
      const share = remaining < row.left ? remaining : row.left;
      if (share > 0n) allocations.push({ feeId: row.feeId, month: row.month, cents: share });
      remaining -= share;
    }

    const refundId = randomUUID();
    const amountBhd = fromCents(amount);
    let accepted;
    try {
      accepted = await createTapRefund(settings, {
        chargeId: online.chargeId,
        amountBhd: bhdWithFils(amountBhd),
        description: input.reason,
        reference: refundId,
      });
    } catch (err) {
      if (err instanceof TapUnavailable) throw new AppError('BAD_GATEWAY', ONLINE_PAYMENT_MESSAGES.refundRefused);
      throw err;
    }
    if (!(TAP_REFUND_ACCEPTED as readonly string[]).includes(accepted.status.toUpperCase()))
      throw new AppError('BAD_GATEWAY', ONLINE_PAYMENT_MESSAGES.refundRefused);

    const refund = await trx
      .insertInto('refunds')
      .values({
        id: refundId,
        paymentId: payment.id,
        amount: amountBhd,
        reason: input.reason,
        gatewayRefundId: accepted.id,
        gatewayStatus: accepted.status.toUpperCase(),
        refundedBy: actor.userId,
        createdAt: now,
      })
      .returning('creditNoteNumber')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('refundAllocations')
      .values(allocations.map((a) => ({ refundId, feeId: a.feeId, amount: fromCents(a.cents) })))
      .execute();
    await recordAudit(trx, actor, {
      entityType: 'payment',
      entityId: payment.id,
      action: 'refund',
      diff: {
        receiptNumber: payment.receiptNumber,
        creditNoteNumber: refund.creditNoteNumber,
        amountBhd,
        reason: input.reason,
        chargeId: online.chargeId,
        gatewayRefundId: accepted.id,
        gatewayStatus: accepted.status,
        allocations: allocations.map((a) => ({ feeId: a.feeId, amountBhd: fromCents(a.cents) })),
      },
    });
    const family = await familyContact(trx, payment.parentId);
    if (family?.phone) {
      await enqueueNotification(trx, {
        recipient: family.phone,
        language: family.language,
        templateKey: 'payment_refunded',
        payload: {
          creditNoteNumber: refund.creditNoteNumber,
          receiptNumber: payment.receiptNumber,
          amountBhd,
          months: [...new Set(allocations.map((a) => a.month))],
          reason: input.reason,
        },
      });
    }
    const students = await trx
      .selectFrom('fees')
      .select('studentId')
      .where(
        'id',
        'in',
        allocations.map((a) => a.feeId),
      )
      .execute();
    await syncStudentPaymentStatus(
      trx,
      students.map((s) => s.studentId),
      now,
    );
    return readRefund(trx, refundId);
  });
}

/** The months a payment paid, oldest first, with what is left to give back on each (paid less refunded), in cents. */
async function refundableRows(trx: Transaction<Database>, paymentId: string) {
  const paid = await trx
    .selectFrom('paymentAllocations')
    .innerJoin('fees', 'fees.id', 'paymentAllocations.feeId')
    .select(['paymentAllocations.feeId', 'paymentAllocations.amount', 'fees.month'])
    .where('paymentAllocations.paymentId', '=', paymentId)
    .orderBy('fees.month')
    .orderBy('fees.id')
    .execute();
  const refunded = await trx
    .selectFrom('refundAllocations')
    .innerJoin('refunds', 'refunds.id', 'refundAllocations.refundId')
    .select(['refundAllocations.feeId', 'refundAllocations.amount'])
    .where('refunds.paymentId', '=', paymentId)
    .execute();
  return paid.map((row) => {
    const given = refunded.filter((r) => r.feeId === row.feeId).reduce((sum, r) => sum + toCents(r.amount), 0n);
    return { feeId: row.feeId, month: row.month, left: toCents(row.amount) - given };
  });
}

/** A refund with the months it covers, as the API answers it. */
export async function readRefund(db: Kysely<Database>, id: string): Promise<Refund> {
  const row = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.creditNoteNotFound);
  const allocations = await db
    .selectFrom('refundAllocations')
    .innerJoin('fees', 'fees.id', 'refundAllocations.feeId')
    .select(['refundAllocations.feeId', 'refundAllocations.amount'])
    .where('refundId', '=', id)
    .orderBy('fees.month')
    .orderBy('fees.id')
    .execute();
  return {
    id: row.id,
    paymentId: row.paymentId,
    amountBhd: money(row.amount),
    reason: row.reason,
    creditNoteNumber: row.creditNoteNumber,
    gatewayRefundId: row.gatewayRefundId,
    gatewayStatus: row.gatewayStatus,
    createdAt: row.createdAt.toISOString(),
    allocations: allocations.map((a) => ({ feeId: a.feeId, amountBhd: money(a.amount) })),
  };
}
