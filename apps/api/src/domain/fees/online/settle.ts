import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate, bhdWithFils } from '@school-transport/contracts';
import { recordAudit, SYSTEM_ACTOR } from '../../audit.js';
import { feeLedger, money, toCents } from '../ledger.js';
import { recordPaymentInTransaction } from '../payments.js';
import { tapAmountText, type TapCharge } from './tap-client.js';

/** What a checkout becomes for each of Tap's charge statuses; a status not listed leaves it open. */
const SETTLED_AS: Record<string, 'paid' | 'failed' | 'cancelled'> = {
  CAPTURED: 'paid',
  DECLINED: 'failed',
  FAILED: 'failed',
  RESTRICTED: 'failed',
  TIMEDOUT: 'failed',
  CANCELLED: 'cancelled',
  ABANDONED: 'cancelled',
  VOID: 'cancelled',
};

/** Why a proof of transfer waiting for the office is closed when the same month is paid online. */
export const PROOF_CLOSED_PAID_ONLINE = 'Paid online: this proof is no longer needed';

export type Settlement = 'booked' | 'freed' | 'open' | 'already settled' | 'needs attention' | 'unknown charge';

/**
 * Settles a checkout by the charge as Tap has it, read from Tap's API (never from a webhook's body
 * or a browser's address): once per charge, whoever comes first (the webhook, the return page, a
 * repeat); the checkout row is locked, and a checkout no longer open is left as it is.
 * A CAPTURED charge is booked to the ledger only when its amount, currency and reference are the
 * checkout's, and the rows still owe what the checkout held them for; otherwise nothing is booked
 * and the checkout waits for the office under 'Needs attention' (audited), its rows still held so
 * the family does not pay them twice. Booking is the ledger's own path: one payment (method
 * `online`, with the scheme or wallet), a receipt, the family's message through the outbox, in one
 * transaction with the checkout's change. A declined or cancelled charge frees the rows.
 */
export async function settleCharge(db: Kysely<Database>, charge: TapCharge, now: Date): Promise<Settlement> {
  return db.transaction().execute(async (trx) => {
    const checkout = await trx.selectFrom('onlinePayments').selectAll().where('chargeId', '=', charge.id).forUpdate().executeTakeFirst();
    if (!checkout) return 'unknown charge';
    if (checkout.status !== 'initiated') return 'already settled';
    const status = charge.status.toUpperCase();
    const scheme = charge.source?.payment_method?.slice(0, 40) ?? null;
    const outcome = SETTLED_AS[status];
    if (!outcome) {
      await trx.updateTable('onlinePayments').set({ chargeStatus: status, updatedAt: now }).where('id', '=', checkout.id).execute();
      return 'open';
    }
    if (outcome !== 'paid') {
      await trx.updateTable('onlinePayments').set({ status: outcome, chargeStatus: status, scheme, updatedAt: now }).where('id', '=', checkout.id).execute();
      return 'freed';
    }
    if (checkout.attention) return 'needs attention';

    const held = await trx.selectFrom('onlinePaymentFees').select(['feeId', 'amount']).where('onlinePaymentId', '=', checkout.id).execute();
    const problem = await bookingProblem(trx, checkout, held, charge, now);
    if (problem) {
      await trx.updateTable('onlinePayments').set({ chargeStatus: status, scheme, attention: problem, updatedAt: now }).where('id', '=', checkout.id).execute();
      await recordAudit(trx, SYSTEM_ACTOR, {
        entityType: 'online_payment',
        entityId: checkout.id,
        action: 'needs_attention',
        diff: {
          chargeId: charge.id,
          reason: problem,
          chargedAmount: charge.amount,
          chargedCurrency: charge.currency,
          reference: charge.reference?.transaction ?? null,
          amountBhd: bhdWithFils(checkout.amount),
        },
      });
      return 'needs attention';
    }

    const feeIds = held.map((row) => row.feeId);
    // Proofs of transfer still waiting for the office on these months are no longer needed.
    await trx
      .updateTable('paymentProofs')
      .set({ status: 'rejected', reason: PROOF_CLOSED_PAID_ONLINE, decidedAt: now })
      .where('feeId', 'in', feeIds)
      .where('status', '=', 'pending')
      .execute();
    const payment = await recordPaymentInTransaction(
      trx,
      SYSTEM_ACTOR,
      { feeIds, amountBhd: money(checkout.amount), method: 'online', reference: charge.id, paidAt: bahrainDate(now), note: '' },
      now,
    );
    await trx.updateTable('payments').set({ onlineScheme: scheme }).where('id', '=', payment.id).execute();
    await trx
      .updateTable('onlinePayments')
      .set({ status: 'paid', chargeStatus: status, scheme, paymentId: payment.id, updatedAt: now })
      .where('id', '=', checkout.id)
      .execute();
    await recordAudit(trx, SYSTEM_ACTOR, {
      entityType: 'online_payment',
      entityId: checkout.id,
      action: 'booked',
      diff: { chargeId: charge.id, receiptNumber: payment.receiptNumber, amountBhd: bhdWithFils(checkout.amount), scheme },
    });
    return 'booked';
  });
}

/** Why a captured charge cannot be booked as this checkout, or null when it can. */
async function bookingProblem(
  trx: Parameters<typeof feeLedger>[0],
  checkout: { id: string; amount: string },
  held: { feeId: string; amount: string }[],
  charge: TapCharge,
  now: Date,
): Promise<string | null> {
  if (charge.currency.toUpperCase() !== 'BHD') return `The charge is in ${charge.currency}, not BHD`;
  if (tapAmountText(charge.amount, 'BHD') !== bhdWithFils(checkout.amount))
    return `Tap captured BHD ${tapAmountText(charge.amount, 'BHD')}, the checkout was for BHD ${bhdWithFils(checkout.amount)}`;
  if (charge.reference?.transaction !== checkout.id) return "The charge's reference is not this checkout";
  const rows = await feeLedger(trx, bahrainDate(now))
    .where(
      'fees.id',
      'in',
      held.map((row) => row.feeId),
    )
    .execute();
  const owed = new Map(rows.map((row) => [row.id, toCents(row.outstanding)]));
  if (held.some((row) => (owed.get(row.feeId) ?? 0n) < toCents(row.amount)))
    return 'The months were paid or waived another way while the family paid online: refund or credit the difference';
  return null;
}
