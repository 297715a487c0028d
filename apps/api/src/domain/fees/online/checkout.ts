import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate, bhdWithFils, FEE_MESSAGES, ONLINE_PAYMENT_MESSAGES, onlinePaymentPagePath, type Checkout } from '@school-transport/contracts';
import { AppError } from '../../../errors.js';
import { isUuid } from '../../ids.js';
import { feeLedger, fromCents, toCents } from '../ledger.js';
import { parentIdOfUser } from '../family.js';
import { createTapCharge, retrieveTapCharge, TapUnavailable, type TapSettings } from './tap-client.js';
import { readOnlinePaymentOf } from './online-payment.js';
import { settleCharge } from './settle.js';

/**
 * A family's checkout of due rows (any of its children, any due, overdue or partly paid months):
 * the rows are held for this checkout, and Tap is asked for a charge of exactly what they still owe.
 * Refused: another family's row or an unknown one (404), a paid or waived row, or a row held by
 * another checkout still open (409). Before refusing a held row, its checkout's charge is read from
 * Tap again, so a payment the family abandoned (and whose webhook never came) frees its rows.
 */
export async function startCheckout(db: Kysely<Database>, settings: TapSettings, userId: string, feeIdsGiven: readonly string[], now: Date): Promise<Checkout> {
  const parentId = await parentIdOfUser(db, userId);
  if (!parentId) throw new AppError('NOT_FOUND', FEE_MESSAGES.feeNotFound);
  return startFamilyCheckout(db, settings, { parentId, feeIds: feeIdsGiven, returnPath: onlinePaymentPagePath, payLinkId: null }, now);
}

/** Whose rows a checkout pays, where Tap sends the family back, and the pay link it was started from. */
export interface FamilyCheckout {
  parentId: string;
  feeIds: readonly string[];
  /** The page Tap sends the family back to, given the checkout's id: the Fees view's, or the pay link's. */
  returnPath: (paymentId: string) => string;
  payLinkId: string | null;
}

/**
 * The one checkout of both ways to pay online (the signed-in Fees view and a reminder's pay link):
 * the rules above, for the rows of one family.
 */
export async function startFamilyCheckout(
  db: Kysely<Database>,
  settings: TapSettings,
  { parentId, feeIds: feeIdsGiven, returnPath, payLinkId }: FamilyCheckout,
  now: Date,
): Promise<Checkout> {
  const feeIds = [...new Set(feeIdsGiven)];
  if (!feeIds.every(isUuid)) throw new AppError('NOT_FOUND', FEE_MESSAGES.feeNotFound);
  await settleOpenCheckoutsOf(db, settings, feeIds, now);

  const held = await db.transaction().execute(async (trx) => {
    // Locks the rows in a fixed order: two checkouts of overlapping months wait, and the second is refused.
    await trx.selectFrom('fees').select('id').where('id', 'in', feeIds).orderBy('id').forUpdate().execute();
    const rows = await feeLedger(trx, bahrainDate(now))
      .innerJoin('students', 'students.id', 'fees.studentId')
      .select('students.parentId')
      .where('fees.id', 'in', feeIds)
      .where('students.deletedAt', 'is', null)
      .execute();
    if (rows.length !== feeIds.length || rows.some((row) => row.parentId !== parentId)) throw new AppError('NOT_FOUND', FEE_MESSAGES.feeNotFound);
    if (rows.some((row) => toCents(row.outstanding) === 0n)) throw new AppError('CONFLICT', FEE_MESSAGES.feeNotPayable);
    const open = await trx
      .selectFrom('onlinePaymentFees')
      .innerJoin('onlinePayments', 'onlinePayments.id', 'onlinePaymentFees.onlinePaymentId')
      .select('onlinePaymentFees.feeId')
      .where('onlinePaymentFees.feeId', 'in', feeIds)
      .where('onlinePayments.status', '=', 'initiated')
      .executeTakeFirst();
    if (open) throw new AppError('CONFLICT', ONLINE_PAYMENT_MESSAGES.feeInOpenCheckout);
    const total = rows.reduce((sum, row) => sum + toCents(row.outstanding), 0n);
    const payment = await trx
      .insertInto('onlinePayments')
      .values({ parentId, payLinkId, amount: fromCents(total), updatedAt: now, createdAt: now })
      .returning(['id', 'amount'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('onlinePaymentFees')
      .values(rows.map((row) => ({ onlinePaymentId: payment.id, feeId: row.id, amount: fromCents(toCents(row.outstanding)) })))
      .execute();
    return payment;
  });

  const family = await db
    .selectFrom('parents')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select(['users.name', 'users.email', 'users.phone'])
    .where('parents.id', '=', parentId)
    .executeTakeFirstOrThrow();
  const [firstName = family.name, ...rest] = family.name.trim().split(/\s+/);
  const publicUrl = settings.publicUrl.replace(/\/+$/, '');
  let charge;
  try {
    charge = await createTapCharge(settings, {
      amountBhd: bhdWithFils(held.amount),
      reference: held.id,
      description: 'School bus fees',
      customer: {
        firstName,
        lastName: rest.join(' '),
        email: family.email ?? '',
        phone: family.phone ? { countryCode: '973', number: family.phone.replace(/\D/g, '').slice(-8) } : null,
      },
      metadata: Object.fromEntries(feeIds.map((feeId, index) => [`fee${index + 1}`, feeId])),
      redirectUrl: `${publicUrl}${returnPath(held.id)}`,
      postUrl: `${publicUrl}/api/webhooks/tap`,
    });
  } catch (err) {
    // No charge: the rows are free again at once; the family may try later.
    await db.updateTable('onlinePayments').set({ status: 'failed', updatedAt: now }).where('id', '=', held.id).execute();
    if (err instanceof TapUnavailable) throw new AppError('BAD_GATEWAY', ONLINE_PAYMENT_MESSAGES.gatewayUnavailable);
    throw err;
  }
  const checkoutUrl = charge.transaction?.url;
  await db
    .updateTable('onlinePayments')
    .set({
      chargeId: charge.id,
      chargeStatus: charge.status,
      checkoutUrl: checkoutUrl ?? null,
      updatedAt: now,
      ...(checkoutUrl ? {} : { status: 'failed' as const }),
    })
    .where('id', '=', held.id)
    .execute();
  if (!checkoutUrl) throw new AppError('BAD_GATEWAY', ONLINE_PAYMENT_MESSAGES.gatewayUnavailable);
  return { payment: await readOnlinePaymentOf(db, held.id), checkoutUrl };
}

/**
 * A checkout with no charge after this long never got one (the process stopped between holding the
 * rows and Tap's answer): nobody can have paid it, so it frees its rows.
 */
const CHARGELESS_HOLD_MS = 10 * 60 * 1000;

/** Reads again from Tap the open checkouts holding any of these rows, and settles those Tap has settled. */
export async function settleOpenCheckoutsOf(db: Kysely<Database>, settings: TapSettings, feeIds: readonly string[], now: Date): Promise<void> {
  const holding = db.selectFrom('onlinePaymentFees').select('onlinePaymentId').where('feeId', 'in', feeIds);
  await db
    .updateTable('onlinePayments')
    .set({ status: 'failed', updatedAt: now })
    .where('status', '=', 'initiated')
    .where('chargeId', 'is', null)
    .where('createdAt', '<', new Date(now.getTime() - CHARGELESS_HOLD_MS))
    .where('id', 'in', holding)
    .execute();
  const open = await db
    .selectFrom('onlinePaymentFees')
    .innerJoin('onlinePayments', 'onlinePayments.id', 'onlinePaymentFees.onlinePaymentId')
    .select('onlinePayments.chargeId')
    .distinct()
    .where('onlinePaymentFees.feeId', 'in', feeIds)
    .where('onlinePayments.status', '=', 'initiated')
    .where('onlinePayments.chargeId', 'is not', null)
    .execute();
  for (const { chargeId } of open) {
    try {
      await settleCharge(db, await retrieveTapCharge(settings, chargeId!), now);
    } catch (err) {
      if (!(err instanceof TapUnavailable)) throw err;
      // Tap unreachable: the checkout stays open and the row is refused below, never paid twice.
    }
  }
}
