import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate, bhdWithFils, ONLINE_PAYMENT_MESSAGES, payLinkPagePath, type Checkout, type PayLink } from '@school-transport/contracts';
import { AppError } from '../../../errors.js';
import { feeLedger, fromCents, toCents } from '../ledger.js';
import { isTestKey, type TapSettings } from './tap-client.js';
import { settleOpenCheckoutsOf, startFamilyCheckout } from './checkout.js';
import { readOnlinePaymentOf } from './online-payment.js';

/**
 * A fee reminder's pay link: `PUBLIC_URL/pay/<token>` opens a page for exactly the rows the reminder
 * names, without signing in, and pays them by the same checkout and booking as the Fees view.
 *
 * The token is 128 random bits in base64url (22 characters, short enough for a text message); only
 * its SHA-256 is stored, so a copy of the table pays nothing, and a link can be revoked by its row.
 * A random id rather than a signed one: nothing to forge, nothing to rotate, and it is short.
 * A link works for 7 days and only while its rows owe something (some paid: the rest; all paid:
 * 'Already paid'). Whoever holds the link sees the children's first names, the months and the
 * amounts, and nothing more (no surname, address or phone), because anyone who sees the message sees it.
 */
export const PAY_LINK_DAYS = 7;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Makes the link of a reminder's rows (in the reminder's transaction); answers its token, which is never stored. */
export async function createPayLink(trx: Transaction<Database>, parentId: string, feeIds: readonly string[], now: Date): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  const link = await trx
    .insertInto('payLinks')
    .values({ tokenHash: hashOf(token), parentId, expiresAt: new Date(now.getTime() + PAY_LINK_DAYS * 24 * 60 * 60 * 1000), createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('payLinkFees')
    .values(feeIds.map((feeId) => ({ payLinkId: link.id, feeId })))
    .execute();
  return token;
}

/** The link of a token still valid now: unknown, malformed or revoked → 404; past its 7 days → 404 saying it expired. */
async function validLink(db: Kysely<Database>, token: string, now: Date) {
  if (!TOKEN_SHAPE.test(token)) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.payLinkNotFound);
  const link = await db.selectFrom('payLinks').select(['id', 'parentId', 'expiresAt', 'revokedAt']).where('tokenHash', '=', hashOf(token)).executeTakeFirst();
  if (!link || link.revokedAt) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.payLinkNotFound);
  if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.payLinkExpired);
  const fees = await db.selectFrom('payLinkFees').select('feeId').where('payLinkId', '=', link.id).execute();
  return { ...link, feeIds: fees.map((fee) => fee.feeId) };
}

/**
 * The link's rows as they stand now: open checkouts of them are first read again from Tap, so the
 * page is right when the family comes back from Tap's page before the webhook.
 */
async function rowsOf(db: Kysely<Database>, settings: TapSettings, link: { parentId: string; feeIds: string[] }, now: Date) {
  if (link.feeIds.length === 0) return [];
  await settleOpenCheckoutsOf(db, settings, link.feeIds, now);
  return feeLedger(db, bahrainDate(now))
    .innerJoin('students', 'students.id', 'fees.studentId')
    .select(['students.firstName'])
    .where('fees.id', 'in', link.feeIds)
    .where('students.parentId', '=', link.parentId)
    .where('students.deletedAt', 'is', null)
    .orderBy('fees.month')
    .orderBy('students.firstName')
    .execute();
}

/** What the link's page shows: first names, months and amounts, what is left to pay, and the latest payment made through it. */
export async function readPayLink(db: Kysely<Database>, settings: TapSettings, token: string, now: Date): Promise<PayLink> {
  const link = await validLink(db, token, now);
  const rows = await rowsOf(db, settings, link, now);
  const total = rows.reduce((sum, row) => sum + toCents(row.outstanding), 0n);
  const latest = await db
    .selectFrom('onlinePayments')
    .select('id')
    .where('payLinkId', '=', link.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return {
    items: rows.map((row) => ({
      feeId: row.id,
      firstName: row.firstName,
      month: row.month,
      amountBhd: bhdWithFils(row.outstanding),
      paid: toCents(row.outstanding) === 0n,
    })),
    totalBhd: bhdWithFils(fromCents(total)),
    allPaid: total === 0n,
    expiresAt: link.expiresAt.toISOString(),
    testMode: isTestKey(settings.secretKey),
    payment: latest ? await readOnlinePaymentOf(db, latest.id) : null,
  };
}

/** Pay: a checkout of the link's rows that still owe something, and Tap sends the family back to the link's page. */
export async function startPayLinkCheckout(db: Kysely<Database>, settings: TapSettings, token: string, now: Date): Promise<Checkout> {
  const link = await validLink(db, token, now);
  const owing = (await rowsOf(db, settings, link, now)).filter((row) => toCents(row.outstanding) > 0n);
  if (owing.length === 0) throw new AppError('CONFLICT', ONLINE_PAYMENT_MESSAGES.payLinkAllPaid);
  return startFamilyCheckout(
    db,
    settings,
    { parentId: link.parentId, feeIds: owing.map((row) => row.id), returnPath: () => payLinkPagePath(token), payLinkId: link.id },
    now,
  );
}
