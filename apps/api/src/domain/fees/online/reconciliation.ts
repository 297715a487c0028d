import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bhdWithFils, type Reconciliation, type ReconciliationDifference } from '@school-transport/contracts';
import { listTapCharges, tapAmountText, type TapSettings } from './tap-client.js';

/** Fils of a three-decimal BHD text ("55.000" → 55000n). */
const fils = (amount: string) => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3));
};
const bhd = (value: bigint) =>
  `${value < 0n ? '-' : ''}${(value < 0n ? -value : value) / 1000n}.${((value < 0n ? -value : value) % 1000n).toString().padStart(3, '0')}`;

/**
 * A day's reconciliation (a Bahrain date): every charge Tap captured among those created that day,
 * read from Tap's API, against the online payments the ledger booked from them (not voided).
 * Any charge on one side only, or with different amounts, is listed, with the reason the server gave
 * for not booking it; the totals' difference is 0.000 when the two agree.
 */
export async function reconcileDay(db: Kysely<Database>, settings: TapSettings, date: string): Promise<Reconciliation> {
  // Bahrain is UTC+3 all year: the day runs from 21:00 UTC the evening before.
  const from = Date.parse(`${date}T00:00:00+03:00`);
  const charges = (await listTapCharges(settings, { from, to: from + 24 * 60 * 60 * 1000 })).filter(
    (charge) => charge.status.toUpperCase() === 'CAPTURED' && charge.currency.toUpperCase() === 'BHD',
  );
  const chargeIds = charges.map((charge) => charge.id);
  const ours = await db
    .selectFrom('onlinePayments')
    .leftJoin('payments', (join) => join.onRef('payments.id', '=', 'onlinePayments.paymentId').on('payments.voidedAt', 'is', null))
    .select(['onlinePayments.chargeId', 'onlinePayments.attention', 'payments.amount as booked'])
    .where((eb) =>
      eb.or([
        eb('onlinePayments.createdAt', '>=', new Date(from)).and('onlinePayments.createdAt', '<', new Date(from + 24 * 60 * 60 * 1000)),
        ...(chargeIds.length > 0 ? [eb('onlinePayments.chargeId', 'in', chargeIds)] : []),
      ]),
    )
    .where('onlinePayments.chargeId', 'is not', null)
    .execute();
  const byCharge = new Map(ours.map((row) => [row.chargeId!, row]));
  const differences: ReconciliationDifference[] = [];
  let captured = 0n;
  let booked = 0n;
  let bookedCount = 0;
  for (const charge of charges) {
    const amount = tapAmountText(charge.amount, 'BHD');
    captured += fils(amount);
    const row = byCharge.get(charge.id);
    const bookedBhd = row?.booked ? bhdWithFils(row.booked) : null;
    if (bookedBhd !== amount) differences.push({ chargeId: charge.id, capturedBhd: amount, bookedBhd, attention: row?.attention ?? null });
  }
  const capturedIds = new Set(chargeIds);
  for (const row of ours) {
    if (!row.booked) continue;
    booked += fils(bhdWithFils(row.booked));
    bookedCount += 1;
    if (!capturedIds.has(row.chargeId!))
      differences.push({ chargeId: row.chargeId!, capturedBhd: null, bookedBhd: bhdWithFils(row.booked), attention: row.attention });
  }
  return {
    date,
    captured: { count: charges.length, totalBhd: bhd(captured) },
    booked: { count: bookedCount, totalBhd: bhd(booked) },
    differenceBhd: bhd(captured - booked),
    differences,
  };
}
