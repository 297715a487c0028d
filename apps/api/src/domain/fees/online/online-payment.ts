import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bhdWithFils, ONLINE_PAYMENT_MESSAGES, type OnlinePayment } from '@school-transport/contracts';
import { AppError } from '../../../errors.js';
import { isUuid } from '../../ids.js';
import { parentIdOfUser } from '../family.js';
import { retrieveTapCharge, TapUnavailable, type TapSettings } from './tap-client.js';
import { settleCharge } from './settle.js';

const notFound = () => new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.paymentNotFound);

/** A checkout as the family sees it, by its id (the caller has checked whose it is). */
export async function readOnlinePaymentOf(db: Kysely<Database>, id: string): Promise<OnlinePayment> {
  const row = await db
    .selectFrom('onlinePayments')
    .leftJoin('payments', 'payments.id', 'onlinePayments.paymentId')
    .select(['onlinePayments.id', 'onlinePayments.status', 'onlinePayments.amount', 'onlinePayments.scheme', 'payments.receiptNumber'])
    .where('onlinePayments.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const fees = await db
    .selectFrom('onlinePaymentFees')
    .innerJoin('fees', 'fees.id', 'onlinePaymentFees.feeId')
    .select('fees.id')
    .where('onlinePaymentFees.onlinePaymentId', '=', id)
    .orderBy('fees.month')
    .orderBy('fees.id')
    .execute();
  return {
    id: row.id,
    status: row.status,
    amountBhd: bhdWithFils(row.amount),
    feeIds: fees.map((fee) => fee.id),
    method: row.scheme,
    receiptNumbers: row.receiptNumber ? [row.receiptNumber] : [],
  };
}

/**
 * The family's own checkout (anyone else's: not found). While it is still open, the charge is
 * first read from Tap and settled, so the page the family returns to is right even when Tap's
 * webhook has not arrived (or never will).
 */
export async function readFamilyOnlinePayment(db: Kysely<Database>, settings: TapSettings, userId: string, id: string, now: Date): Promise<OnlinePayment> {
  if (!isUuid(id)) throw notFound();
  const parentId = await parentIdOfUser(db, userId);
  const row = await db.selectFrom('onlinePayments').select(['status', 'chargeId', 'parentId']).where('id', '=', id).executeTakeFirst();
  if (!row || !parentId || row.parentId !== parentId) throw notFound();
  if (row.status === 'initiated' && row.chargeId) {
    try {
      await settleCharge(db, await retrieveTapCharge(settings, row.chargeId), now);
    } catch (err) {
      if (!(err instanceof TapUnavailable)) throw err;
      // Tap unreachable now: the page shows the payment as still under way, and asks again later.
    }
  }
  return readOnlinePaymentOf(db, id);
}
