import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bahrainDate,
  FEE_MESSAGES,
  ONLINE_PAYMENT_MESSAGES,
  type Checkout,
  type OnlinePayment,
  type ParentFee,
  type Reconciliation,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createSchool } from '../../test/factories.js';
import { createTwoChildFamily, startServerWithTap } from '../../test/online-payments.js';
import type { TapStandIn } from '../../development/tap-stand-in.js';
import { tapHashstring } from './online/tap-client.js';

/**
 * Paying fee rows online through Tap, against the local stand-in of Tap's API and hosted page: a
 * checkout of two months for two children, the charge Tap is asked for, and booking once per
 * charge whichever comes first (webhook, return page, repeats), never a charge Tap did not capture
 * or captured for another amount, never on a forged webhook.
 */
const SECRET = 'sk_test_online_payments';
// Months of the school year after next: due, never paid, whatever today is.
const MONTHS = ['2027-09', '2027-10'];

let t: TestServer;
let tap: TapStandIn;
let schoolId: string;
let areaId: string;

beforeAll(async () => {
  ({ t, tap } = await startServerWithTap(SECRET));
  await createAdmin(t.db);
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db, '30.00')).id;
});
afterAll(async () => {
  await t.close();
  await tap.close();
});
beforeEach(() => {
  tap.webhook = 'never';
  tap.capturedAmountShift = 0;
});

const family = () => createTwoChildFamily(t, { schoolId, areaId, months: MONTHS });

async function checkout(client: HttpClient, feeIds: string[]) {
  return client.post<Checkout & { message?: string }>('/api/parent/payments/checkout', { feeIds });
}

async function paymentOf(client: HttpClient, id: string) {
  return (await client.get<{ payment: OnlinePayment }>(`/api/parent/payments/${id}`)).body.payment;
}

async function ledgerOf(parentId: string) {
  const payments = await t.db
    .selectFrom('payments')
    .select(['id', 'method', 'onlineScheme', 'amount', 'reference', 'receiptNumber'])
    .where('parentId', '=', parentId)
    .execute();
  const messages = await t.db
    .selectFrom('notifications')
    .select('templateKey')
    .where('templateKey', '=', 'payment_recorded')
    .where('recipient', '=', '36000000')
    .execute();
  return { payments, messages };
}

const chargeIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

describe('paying two months for two children in one checkout', () => {
  it('asks Tap for one charge of the exact total and sends the family to its hosted page', async () => {
    const parent = await family();
    const response = await checkout(parent.client, parent.feeIds);
    expect(response.status).toBe(201);
    const { payment, checkoutUrl } = response.body;
    expect(payment).toEqual({ id: expect.any(String), status: 'initiated', amountBhd: '120.000', feeIds: expect.any(Array), method: null, receiptNumbers: [] });
    expect([...payment.feeIds].sort()).toEqual([...parent.feeIds].sort());
    const charge = tap.charges.get(chargeIdOf(checkoutUrl))!;
    expect(checkoutUrl).toBe(charge.transaction.url);
    expect(charge.amount).toBe(120);
    expect(charge.currency).toBe('BHD');
    expect(charge.source.id).toBe('src_all');
    expect(charge.redirect.url).toBe(`${t.url}/parent/payments/${payment.id}`);
    expect(charge.post.url).toBe(`${t.url}/api/webhooks/tap`);
    expect(charge.reference.transaction).toBe(payment.id);
    expect(charge.customer).toMatchObject({ first_name: 'Test', last_name: 'Parent', email: parent.email, phone: { country_code: '973', number: '36000000' } });
    expect(Object.values(charge.metadata).sort()).toEqual([...parent.feeIds].sort());
    // Test keys: the family's Fees screen says these are test payments.
    expect((await parent.client.get('/api/parent/payments/settings')).body).toEqual({ onlinePayments: { testMode: true } });
  });

  it('books the captured charge once: every row paid, one online payment with the wallet, one receipt, one message', async () => {
    const parent = await family();
    const { payment, checkoutUrl } = (await checkout(parent.client, parent.feeIds)).body;
    tap.settle(chargeIdOf(checkoutUrl), { pay: 'BENEFIT' });
    // The webhook three times, then the return page: booked once.
    for (let i = 0; i < 3; i++) expect(await tap.postWebhook(chargeIdOf(checkoutUrl))).toBe(200);
    const paid = await paymentOf(parent.client, payment.id);
    expect(paid).toMatchObject({ status: 'paid', method: 'BENEFIT', amountBhd: '120.000' });
    expect(paid.receiptNumbers).toHaveLength(1);
    const { payments, messages } = await ledgerOf(parent.parentId);
    expect(payments).toEqual([
      expect.objectContaining({
        method: 'online',
        onlineScheme: 'BENEFIT',
        amount: '120.00',
        reference: chargeIdOf(checkoutUrl),
        receiptNumber: paid.receiptNumbers[0],
      }),
    ]);
    expect(messages.length).toBeGreaterThanOrEqual(1);
    const fees = (await parent.client.get<{ fees: ParentFee[] }>('/api/parent/fees')).body.fees;
    expect(fees.map((fee) => fee.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    const receipt = await parent.client.get(`/api/receipts/${payments[0]!.id}.pdf`);
    expect(receipt.status).toBe(200);
  });

  it('books on the return page when the webhook has not come, and the late webhook books nothing more', async () => {
    const parent = await family();
    const { payment, checkoutUrl } = (await checkout(parent.client, parent.feeIds.slice(0, 2))).body;
    tap.settle(chargeIdOf(checkoutUrl), { pay: 'APPLE_PAY' });
    expect(await paymentOf(parent.client, payment.id)).toMatchObject({ status: 'paid', method: 'APPLE_PAY', amountBhd: '60.000' });
    expect(await tap.postWebhook(chargeIdOf(checkoutUrl))).toBe(200);
    expect((await ledgerOf(parent.parentId)).payments).toHaveLength(1);
  });

  it('goes through the hosted page and back like a browser: webhook first, then the return address with tap_id', async () => {
    const parent = await family();
    tap.webhook = 'before-return';
    const { payment, checkoutUrl } = (await checkout(parent.client, [parent.feeIds[0]!])).body;
    const page = await fetch(checkoutUrl);
    expect(await page.text()).toContain('BHD 30.000');
    const back = await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ method: 'VISA', action: 'pay' }), redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${t.url}/parent/payments/${payment.id}?tap_id=${chargeIdOf(checkoutUrl)}`);
    // Booked by the webhook before the family is back.
    expect((await ledgerOf(parent.parentId)).payments).toEqual([expect.objectContaining({ onlineScheme: 'VISA' })]);
    expect(await paymentOf(parent.client, payment.id)).toMatchObject({ status: 'paid' });
  });
});

describe('a charge Tap did not capture books nothing and frees the rows', () => {
  it('a decline: failed, and the same rows can be paid again', async () => {
    const parent = await family();
    const { payment, checkoutUrl } = (await checkout(parent.client, parent.feeIds)).body;
    tap.settle(chargeIdOf(checkoutUrl), 'decline');
    expect(await tap.postWebhook(chargeIdOf(checkoutUrl))).toBe(200);
    expect(await paymentOf(parent.client, payment.id)).toMatchObject({ status: 'failed', receiptNumbers: [] });
    expect((await ledgerOf(parent.parentId)).payments).toEqual([]);
    expect((await checkout(parent.client, parent.feeIds)).status).toBe(201);
  });

  it('a cancel: cancelled, seen on the return page even without a webhook', async () => {
    const parent = await family();
    const { payment, checkoutUrl } = (await checkout(parent.client, parent.feeIds)).body;
    tap.settle(chargeIdOf(checkoutUrl), 'cancel');
    expect(await paymentOf(parent.client, payment.id)).toMatchObject({ status: 'cancelled' });
    expect((await ledgerOf(parent.parentId)).payments).toEqual([]);
  });

  it('an abandoned checkout whose webhook never came frees its rows when they are paid again', async () => {
    const parent = await family();
    const first = (await checkout(parent.client, parent.feeIds)).body;
    tap.settle(chargeIdOf(first.checkoutUrl), 'cancel');
    expect((await checkout(parent.client, parent.feeIds)).status).toBe(201);
    expect(await paymentOf(parent.client, first.payment.id)).toMatchObject({ status: 'cancelled' });
  });
});

describe('the webhook is believed only when Tap signed it, and only what Tap says when asked', () => {
  it('a forged or missing hashstring: 401, nothing booked', async () => {
    const parent = await family();
    const { payment, checkoutUrl } = (await checkout(parent.client, parent.feeIds)).body;
    const chargeId = chargeIdOf(checkoutUrl);
    tap.settle(chargeId, { pay: 'BENEFIT' });
    expect(await tap.postWebhook(chargeId, 'f'.repeat(64))).toBe(401);
    const unsigned = await t.client().post('/api/webhooks/tap', tap.charges.get(chargeId));
    expect(unsigned.status).toBe(401);
    expect(unsigned.body).toEqual(expect.objectContaining({ message: ONLINE_PAYMENT_MESSAGES.signatureInvalid }));
    expect((await ledgerOf(parent.parentId)).payments).toEqual([]);
    expect((await t.db.selectFrom('onlinePayments').select('status').where('id', '=', payment.id).executeTakeFirstOrThrow()).status).toBe('initiated');
  });

  it('a signed body saying CAPTURED books nothing while Tap, asked, says the charge is still open', async () => {
    const parent = await family();
    const { checkoutUrl } = (await checkout(parent.client, parent.feeIds)).body;
    const charge = { ...tap.charges.get(chargeIdOf(checkoutUrl))!, status: 'CAPTURED' };
    const response = await t.client().post('/api/webhooks/tap', charge, { hashstring: tapHashstring(charge, SECRET) });
    expect(response.status).toBe(200);
    expect((await ledgerOf(parent.parentId)).payments).toEqual([]);
  });

  it('a captured amount that differs: nothing booked, the rows stay held, the office sees it under Needs attention (audited)', async () => {
    const parent = await family();
    tap.capturedAmountShift = -1000;
    const { payment, checkoutUrl } = (await checkout(parent.client, parent.feeIds)).body;
    tap.settle(chargeIdOf(checkoutUrl), { pay: 'BENEFIT' });
    expect(await tap.postWebhook(chargeIdOf(checkoutUrl))).toBe(200);
    expect(await paymentOf(parent.client, payment.id)).toMatchObject({ status: 'initiated', receiptNumbers: [] });
    expect((await ledgerOf(parent.parentId)).payments).toEqual([]);
    const row = await t.db.selectFrom('onlinePayments').select('attention').where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row.attention).toBe('Tap captured BHD 119.000, the checkout was for BHD 120.000');
    const audit = await t.db.selectFrom('auditLogs').select('action').where('entityType', '=', 'online_payment').where('entityId', '=', payment.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['needs_attention']);
    expect((await checkout(parent.client, parent.feeIds)).status).toBe(409);
  });
});

describe('what a family may put in a checkout', () => {
  it("another family's rows: 404, nothing held; another family's payment: 404", async () => {
    const parent = await family();
    const other = await family();
    const refused = await checkout(parent.client, [parent.feeIds[0]!, other.feeIds[0]!]);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(FEE_MESSAGES.feeNotFound);
    expect(await t.db.selectFrom('onlinePayments').select('id').where('parentId', '=', parent.parentId).execute()).toEqual([]);
    const theirs = (await checkout(other.client, other.feeIds)).body.payment;
    const peek = await parent.client.get(`/api/parent/payments/${theirs.id}`);
    expect(peek.status).toBe(404);
    expect(peek.body).toEqual(expect.objectContaining({ message: ONLINE_PAYMENT_MESSAGES.paymentNotFound }));
  });

  it('a row already in an open checkout, or already paid: 409 with a message', async () => {
    const parent = await family();
    const first = (await checkout(parent.client, [parent.feeIds[0]!])).body;
    const held = await checkout(parent.client, parent.feeIds.slice(0, 2));
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(ONLINE_PAYMENT_MESSAGES.feeInOpenCheckout);
    tap.settle(chargeIdOf(first.checkoutUrl), { pay: 'BENEFIT' });
    await paymentOf(parent.client, first.payment.id);
    const paid = await checkout(parent.client, [parent.feeIds[0]!]);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe(FEE_MESSAGES.feeNotPayable);
  });

  it('a partly paid row is charged what it still owes; its pending proof is closed once paid online', async () => {
    const parent = await family();
    const office = await t.signIn(await createAdmin(t.db));
    const paidPart = await office.post('/api/admin/payments', { feeIds: [parent.feeIds[0]], amountBhd: '10', method: 'cash', paidAt: '2026-11-01' });
    expect(paidPart.status).toBe(201);
    await t.db
      .insertInto('paymentProofs')
      .values({
        feeId: parent.feeIds[0]!,
        parentId: parent.parentId,
        file: new Uint8Array([1]),
        mime: 'image/png',
        size: 1,
        amount: '20',
        reference: 'TRANSFER',
      })
      .execute();
    const { payment, checkoutUrl } = (await checkout(parent.client, [parent.feeIds[0]!])).body;
    expect(payment.amountBhd).toBe('20.000');
    tap.settle(chargeIdOf(checkoutUrl), { pay: 'BENEFIT' });
    expect(await paymentOf(parent.client, payment.id)).toMatchObject({ status: 'paid' });
    const proof = await t.db.selectFrom('paymentProofs').select(['status', 'reason']).where('feeId', '=', parent.feeIds[0]!).executeTakeFirstOrThrow();
    expect(proof).toEqual({ status: 'rejected', reason: 'Paid online: this proof is no longer needed' });
  });

  it('a checkout that never got a charge (the server stopped midway) frees its rows after ten minutes', async () => {
    const parent = await family();
    const stuck = await t.db
      .insertInto('onlinePayments')
      .values({ parentId: parent.parentId, amount: '30.00', createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('onlinePaymentFees').values({ onlinePaymentId: stuck.id, feeId: parent.feeIds[0]!, amount: '30.00' }).execute();
    expect((await checkout(parent.client, [parent.feeIds[0]!])).status).toBe(201);
    expect((await t.db.selectFrom('onlinePayments').select('status').where('id', '=', stuck.id).executeTakeFirstOrThrow()).status).toBe('failed');
  });

  it('refuses a bad body with a clear message and holds nothing', async () => {
    const parent = await family();
    const response = await checkout(parent.client, []);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(FEE_MESSAGES.feesRequired);
  });
});

describe('online payments switched off (no TAP_SECRET_KEY)', () => {
  it('answers 404 on every path of theirs', async () => {
    const off = await startTestServer();
    try {
      const parent = await createTwoChildFamily(off, {
        schoolId: (await createSchool(off.db)).id,
        areaId: (await createArea(off.db, '30.00')).id,
        months: MONTHS,
      });
      const start = await parent.client.post('/api/parent/payments/checkout', { feeIds: parent.feeIds });
      expect(start.status).toBe(404);
      expect(start.body).toEqual(expect.objectContaining({ message: ONLINE_PAYMENT_MESSAGES.off }));
      expect((await parent.client.get('/api/parent/payments/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await off.client().post('/api/webhooks/tap', { id: 'chg_x' }, { hashstring: 'x' })).status).toBe(404);
      expect((await parent.client.get('/api/parent/payments/settings')).body).toEqual({ onlinePayments: null });
    } finally {
      await off.close();
    }
  });
});

describe("the office's list of online payments", () => {
  it("shows method, Tap's charge id and state, and under Needs attention the charge not booked", async () => {
    const office = await t.signIn(await createAdmin(t.db));
    const parent = await family();
    tap.capturedAmountShift = 5;
    const { payment, checkoutUrl } = (await checkout(parent.client, [parent.feeIds[0]!])).body;
    tap.settle(chargeIdOf(checkoutUrl), { pay: 'VISA' });
    await tap.postWebhook(chargeIdOf(checkoutUrl));
    const attention = await office.get<{
      payments: { id: string; chargeId: string; chargeStatus: string; method: string; status: string; attention: string | null }[];
      total: number;
    }>('/api/admin/online-payments?filter=attention');
    expect(attention.status).toBe(200);
    expect(attention.body.payments.every((row) => row.attention !== null)).toBe(true);
    expect(attention.body.payments).toContainEqual(
      expect.objectContaining({
        id: payment.id,
        chargeId: chargeIdOf(checkoutUrl),
        chargeStatus: 'CAPTURED',
        method: 'VISA',
        status: 'initiated',
        attention: 'Tap captured BHD 30.005, the checkout was for BHD 30.000',
      }),
    );
    const all = await office.get<{ total: number }>('/api/admin/online-payments');
    expect(all.body.total).toBeGreaterThan(attention.body.total);
    expect((await parent.client.get('/api/admin/online-payments')).status).toBe(403);
  });
});

describe("a day's reconciliation", () => {
  it('lists what Tap captured against what was booked, and the charge captured but not booked as the difference', async () => {
    const office = await t.signIn(await createAdmin(t.db));
    const booked = await family();
    const good = (await checkout(booked.client, [booked.feeIds[0]!])).body;
    tap.settle(chargeIdOf(good.checkoutUrl), { pay: 'BENEFIT' });
    expect((await paymentOf(booked.client, good.payment.id)).status).toBe('paid');
    const odd = await family();
    tap.capturedAmountShift = 250;
    const bad = (await checkout(odd.client, [odd.feeIds[0]!])).body;
    tap.settle(chargeIdOf(bad.checkoutUrl), { pay: 'VISA' });
    await tap.postWebhook(chargeIdOf(bad.checkoutUrl));

    const today = bahrainDate(new Date());
    const answer = await office.get<{ reconciliation: Reconciliation }>(`/api/admin/online-payments/reconciliation?date=${today}`);
    expect(answer.status).toBe(200);
    const { reconciliation } = answer.body;
    expect(reconciliation.date).toBe(today);
    expect(reconciliation.differences).toContainEqual({
      chargeId: chargeIdOf(bad.checkoutUrl),
      capturedBhd: '30.250',
      bookedBhd: null,
      attention: 'Tap captured BHD 30.250, the checkout was for BHD 30.000',
    });
    expect(reconciliation.differences.map((d) => d.chargeId)).not.toContain(chargeIdOf(good.checkoutUrl));
    const sum = (text: string) => Math.round(Number(text) * 1000);
    expect(sum(reconciliation.captured.totalBhd) - sum(reconciliation.booked.totalBhd)).toBe(sum(reconciliation.differenceBhd));
    expect(sum(reconciliation.differenceBhd)).toBeGreaterThanOrEqual(30250);
    // The list is asked for as Tap's reference documents POST /charges/list: the day in epoch
    // milliseconds written as strings, a page of at most 50, oldest first for starting_after.
    const from = Date.parse(`${today}T00:00:00+03:00`);
    expect(tap.listRequests.at(-1)).toEqual({ period: { date: { from: String(from), to: String(from + 86_400_000) } }, limit: '50', order: 'chronological' });
    const refused = await office.get('/api/admin/online-payments/reconciliation?date=yesterday');
    expect(refused.status).toBe(400);
  });
});
