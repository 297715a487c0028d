import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ONLINE_PAYMENT_MESSAGES, type Checkout, type ParentFee, type Refund } from '@school-transport/contracts';
import type { HttpClient, TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createSchool, createStaff } from '../../test/factories.js';
import { createTwoChildFamily, startServerWithTap } from '../../test/online-payments.js';
import type { TapStandIn } from '../../development/tap-stand-in.js';

/**
 * The office giving back an online payment through Tap, against the local stand-in of Tap's API:
 * the whole payment or part of it on the months the office picks, recorded only once Tap accepts
 * it, the months owed again, a credit note (CRN-000001…) in the reader's language, the change
 * audited and the family told; never more than the payment took, never a payment made another way.
 */
const SECRET = 'sk_test_online_refunds';
// Months of the school year after next: due, never paid, whatever today is.
const MONTHS = ['2027-09', '2027-10'];

let t: TestServer;
let tap: TapStandIn;
let schoolId: string;
let areaId: string;
let admin: HttpClient;

beforeAll(async () => {
  ({ t, tap } = await startServerWithTap(SECRET));
  admin = await t.signIn(await createAdmin(t.db));
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db, '30.00')).id;
});
afterAll(async () => {
  await t.close();
  await tap.close();
});
beforeEach(() => {
  tap.webhook = 'never';
  tap.refundStatus = 'REFUNDED';
});

/** A family that paid every row of two months for two children (120.00) online, booked: its ledger payment's id. */
async function familyThatPaidOnline() {
  const parent = await createTwoChildFamily(t, { schoolId, areaId, months: MONTHS });
  const { payment, checkoutUrl } = (await parent.client.post<Checkout>('/api/parent/payments/checkout', { feeIds: parent.feeIds })).body;
  const chargeId = checkoutUrl.split('/').pop()!;
  tap.settle(chargeId, { pay: 'BENEFIT' });
  expect((await parent.client.get(`/api/parent/payments/${payment.id}`)).status).toBe(200);
  const { paymentId } = await t.db.selectFrom('onlinePayments').select('paymentId').where('id', '=', payment.id).executeTakeFirstOrThrow();
  return { ...parent, chargeId, paymentId: paymentId! };
}

const refund = (paymentId: string, body: Record<string, unknown>, client = admin) =>
  client.post<{ refund: Refund; message?: string }>(`/api/admin/payments/${paymentId}/refund`, body);
const statusesOf = async (client: HttpClient) =>
  (await client.get<{ fees: ParentFee[] }>('/api/parent/fees')).body.fees.map((fee) => ({ id: fee.id, status: fee.status }));
const refundsAtTap = (chargeId: string) => [...tap.refunds.values()].filter((each) => each.charge_id === chargeId);
const messagesTo = (templateKey: string) =>
  t.db.selectFrom('notifications').select(['templateKey', 'payload']).where('templateKey', '=', templateKey).execute();

async function pdfOf(client: HttpClient, path: string) {
  const response = await fetch(`${t.url}${path}`, { headers: client.cookie ? { cookie: client.cookie } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
/** Text as pdfkit writes a document title with characters outside Latin-1: UTF-16BE with a byte-order mark. */
const pdfText = (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le').swap16();

describe('refunding a whole online payment', () => {
  it("asks Tap to refund what the payment took, puts every month back to owed, and issues a credit note in the reader's language", async () => {
    const family = await familyThatPaidOnline();
    expect((await statusesOf(family.client)).map((fee) => fee.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    const refundedBefore = (await messagesTo('payment_refunded')).length;

    const response = await refund(family.paymentId, { reason: 'The family moved away' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const given = response.body.refund;
    expect(given).toMatchObject({ paymentId: family.paymentId, amountBhd: '120.00', reason: 'The family moved away', gatewayStatus: 'REFUNDED' });
    expect(given.creditNoteNumber).toMatch(/^CRN-\d{6}$/);
    expect(given.allocations.map((a) => a.amountBhd)).toEqual(['30.00', '30.00', '30.00', '30.00']);

    // Tap was asked as it documents: the charge, the amount in BHD, a reason of its own, the office's words.
    expect(refundsAtTap(family.chargeId)).toEqual([
      expect.objectContaining({
        id: given.gatewayRefundId,
        amount: 120,
        currency: 'BHD',
        reason: 'requested_by_customer',
        description: 'The family moved away',
        reference: { merchant: given.id },
      }),
    ]);
    // Every month owes again (due: these months are still ahead).
    expect((await statusesOf(family.client)).map((fee) => fee.status)).toEqual(['due', 'due', 'due', 'due']);
    // Audited, and the family told once through the outbox.
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'diff'])
      .where('entityId', '=', family.paymentId)
      .where('action', '=', 'refund')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        diff: expect.objectContaining({ creditNoteNumber: given.creditNoteNumber, amountBhd: '120.00', reason: 'The family moved away' }),
      }),
    ]);
    const messages = await messagesTo('payment_refunded');
    expect(messages).toHaveLength(refundedBefore + 1);
    expect(messages.at(-1)!.payload).toMatchObject({ creditNoteNumber: given.creditNoteNumber, amountBhd: '120.00', months: MONTHS });

    // The credit note: in English for the English admin, in Arabic for the Arabic parent.
    const english = await pdfOf(admin, `/api/credit-notes/${given.id}.pdf`);
    expect([english.status, english.headers.get('content-type'), english.headers.get('content-disposition')]).toEqual([
      200,
      'application/pdf',
      `attachment; filename="credit-note-${given.creditNoteNumber}.pdf"`,
    ]);
    expect(english.bytes.toString('latin1')).toContain(`Credit note ${given.creditNoteNumber}`);
    expect(english.bytes.toString('latin1')).toContain('/Lang (en)');
    await t.db.updateTable('users').set({ language: 'ar' }).where('id', '=', family.id).execute();
    const arabic = await pdfOf(family.client, `/api/credit-notes/${given.id}.pdf`);
    expect(arabic.status).toBe(200);
    expect(arabic.bytes.includes(pdfText(`إشعار دائن ${given.creditNoteNumber}`))).toBe(true);
    expect(arabic.bytes.toString('latin1')).toContain('/Lang (ar)');

    // Nothing is left to give back: a second refund is refused and Tap is not asked again.
    const again = await refund(family.paymentId, { reason: 'Twice' });
    expect([again.status, again.body.message]).toEqual([400, ONLINE_PAYMENT_MESSAGES.refundTooHigh]);
    expect(refundsAtTap(family.chargeId)).toHaveLength(1);
  });
});

describe('refunding part of an online payment', () => {
  it('gives back only the months the office picks, numbers each credit note in turn, and never beyond what a month took', async () => {
    const family = await familyThatPaidOnline();
    const [first, second] = family.feeIds;

    const one = await refund(family.paymentId, { amountBhd: '30', reason: 'Bus did not run in September', feeIds: [first] });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.refund).toMatchObject({ amountBhd: '30.00', allocations: [{ feeId: first, amountBhd: '30.00' }] });
    let statuses = await statusesOf(family.client);
    expect(statuses.find((fee) => fee.id === first)!.status).toBe('due');
    expect(statuses.filter((fee) => fee.id !== first).map((fee) => fee.status)).toEqual(['paid', 'paid', 'paid']);

    // Part of a month: it is partly paid again; the next credit note has the next number.
    const two = await refund(family.paymentId, { amountBhd: '12.50', reason: 'Half a month without the bus', feeIds: [second] });
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    expect(Number(two.body.refund.creditNoteNumber.slice(4))).toBeGreaterThan(Number(one.body.refund.creditNoteNumber.slice(4)));
    expect(refundsAtTap(family.chargeId).map((each) => each.amount)).toEqual([30, 12.5]);
    statuses = await statusesOf(family.client);
    expect(statuses.find((fee) => fee.id === second)!.status).toBe('partly_paid');
    for (const id of [one.body.refund.id, two.body.refund.id]) expect((await pdfOf(family.client, `/api/credit-notes/${id}.pdf`)).status).toBe(200);

    // More than is left on the picked month: refused, nothing asked of Tap, nothing recorded.
    const tooMuch = await refund(family.paymentId, { amountBhd: '20', reason: 'Too much', feeIds: [second] });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([400, ONLINE_PAYMENT_MESSAGES.refundTooHigh]);
    // A month the payment did not pay: refused.
    const otherFamily = await createTwoChildFamily(t, { schoolId, areaId, months: MONTHS });
    const notOfPayment = await refund(family.paymentId, { amountBhd: '1', reason: 'Wrong month', feeIds: [otherFamily.feeIds[0]] });
    expect([notOfPayment.status, notOfPayment.body.message]).toEqual([400, ONLINE_PAYMENT_MESSAGES.refundFeesNotOfPayment]);
    expect(refundsAtTap(family.chargeId)).toHaveLength(2);
    expect(await t.db.selectFrom('refunds').select('id').where('paymentId', '=', family.paymentId).execute()).toHaveLength(2);
  });
});

describe('what is refused', () => {
  it('records nothing when Tap declines the refund', async () => {
    const family = await familyThatPaidOnline();
    tap.refundStatus = 'DECLINED';
    const response = await refund(family.paymentId, { reason: 'Declined at Tap' });
    expect([response.status, response.body.message]).toEqual([502, ONLINE_PAYMENT_MESSAGES.refundRefused]);
    expect(await t.db.selectFrom('refunds').select('id').where('paymentId', '=', family.paymentId).execute()).toEqual([]);
    expect((await statusesOf(family.client)).map((fee) => fee.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
  });

  it('refuses a payment recorded by the office (409), an unknown one (404), bad input (400) and staff (403)', async () => {
    const family = await createTwoChildFamily(t, { schoolId, areaId, months: MONTHS });
    const byHand = await admin.post<{ payment: { id: string } }>('/api/admin/payments', {
      feeIds: [family.feeIds[0]],
      amountBhd: '30',
      method: 'cash',
      reference: '',
      paidAt: '2026-11-01',
    });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(201);
    const notOnline = await refund(byHand.body.payment.id, { reason: 'Cash back' });
    expect([notOnline.status, notOnline.body.message]).toEqual([409, ONLINE_PAYMENT_MESSAGES.notRefundable]);
    expect((await refund('00000000-0000-4000-8000-000000000000', { reason: 'Nobody' })).status).toBe(404);

    const paid = await familyThatPaidOnline();
    const noReason = await refund(paid.paymentId, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBeTruthy();
    const staff = await t.signIn(await createStaff(t.db));
    expect((await refund(paid.paymentId, { reason: 'Staff may not' }, staff)).status).toBe(403);
    expect(refundsAtTap(paid.chargeId)).toEqual([]);
  });
});
