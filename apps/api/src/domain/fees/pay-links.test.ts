import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, ONLINE_PAYMENT_MESSAGES, SERVER_MESSAGES, type Checkout, type PayLink } from '@school-transport/contracts';
import type { TestServer } from '../../test/harness.js';
import { createArea, createSchool } from '../../test/factories.js';
import { createTwoChildFamily, startServerWithTap } from '../../test/online-payments.js';
import { postFrom } from '../../test/from-address.js';
import type { TapStandIn } from '../../development/tap-stand-in.js';
import { SetClock } from '../clock.js';
import { sendDueReminders } from './reminders.js';
import { renderMessage } from '../notifications/templates.js';

/**
 * The pay link in a fee reminder: it opens a page of exactly the reminded rows without signing in
 * (first names, months, amounts; nothing else about the family), pays what they still owe through
 * the same checkout and booking as the Fees view, and stops working after 7 days, once everything
 * is paid, when tampered with, or beyond the address's hour.
 */
const SECRET = 'sk_test_pay_links';
// September's window opens on 26 August: the reminder of 27 August names the two September rows.
const MONTHS = ['2027-09', '2027-10'];
const REMINDED_AT = new Date('2027-08-27T05:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let t: TestServer;
let tap: TapStandIn;
let schoolId: string;
let areaId: string;
const clock = new SetClock(REMINDED_AT);

beforeAll(async () => {
  ({ t, tap } = await startServerWithTap(SECRET, { clock }));
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db, '30.00')).id;
});
afterAll(async () => {
  await t.close();
  await tap.close();
});

/** A new family, reminded on 27 August with the server's address as PUBLIC_URL: its reminder and the link's token. */
async function remindedFamily() {
  clock.set(REMINDED_AT);
  const family = await createTwoChildFamily(t, { schoolId, areaId, months: MONTHS });
  const before = new Set((await t.db.selectFrom('notifications').select('id').where('templateKey', '=', 'fee_reminder').execute()).map((row) => row.id));
  await sendDueReminders(t.db, REMINDED_AT, t.url);
  const reminders = (await t.db.selectFrom('notifications').select(['id', 'payload']).where('templateKey', '=', 'fee_reminder').execute()).filter(
    (row) => !before.has(row.id),
  );
  expect(reminders).toHaveLength(1);
  const payload = reminders[0]!.payload as { payUrl: string; items: { month: string }[] };
  const token = payload.payUrl.split('/pay/')[1]!;
  return { ...family, payload, token, septemberIds: family.feeIds.slice(0, 2) };
}

const openLink = (token: string) => t.client().get<{ payLink: PayLink } & { message?: string }>(`/api/pay-links/${token}`);
const pay = (token: string) => t.client().post<Checkout & { message?: string }>(`/api/pay-links/${token}/checkout`, {});
const chargeIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

describe('the pay link in a fee reminder', () => {
  it('is a short link in the SMS and WhatsApp text of both languages, opening only the reminded rows: first names, months, amounts', async () => {
    const family = await remindedFamily();
    expect(family.payload.payUrl).toMatch(new RegExp(`^${t.url}/pay/[A-Za-z0-9_-]{22}$`));
    expect(family.payload.items.map((item) => item.month)).toEqual(['2027-09', '2027-09']);
    const settings = companySettings.parse({});
    for (const language of ['en', 'ar'] as const) {
      const message = renderMessage('fee_reminder', family.payload, { language, settings });
      expect(message.text).toContain(family.payload.payUrl);
      expect(message.params.at(-1)).toContain(family.payload.payUrl);
    }
    // Only the hash of the token is kept.
    expect(await t.db.selectFrom('payLinks').select('id').where('tokenHash', '=', family.token).executeTakeFirst()).toBeUndefined();

    const opened = await openLink(family.token);
    expect(opened.status).toBe(200);
    const link = opened.body.payLink;
    expect(link.items.map(({ firstName, month, amountBhd, paid }) => ({ firstName, month, amountBhd, paid }))).toEqual([
      { firstName: 'Ali', month: '2027-09', amountBhd: '30.000', paid: false },
      { firstName: 'Maryam', month: '2027-09', amountBhd: '30.000', paid: false },
    ]);
    expect([...link.items.map((item) => item.feeId)].sort()).toEqual([...family.septemberIds].sort());
    expect(link).toMatchObject({ totalBhd: '60.000', allPaid: false, testMode: true, payment: null });
    expect(new Date(link.expiresAt).getTime()).toBe(REMINDED_AT.getTime() + 7 * DAY);
  });

  it("holds nothing of the family's but first names, months and amounts: no surname, address, phone or email", async () => {
    const family = await remindedFamily();
    const student = await t.db
      .selectFrom('students')
      .select(['lastName', 'fathersName', 'contactNumber1'])
      .where('parentId', '=', family.parentId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('students')
      .set({ address: 'Flat 12, Seef Tower', road: 'Road 2811', block: 'Block 428', houseBuilding: 'Building 1190' })
      .where('parentId', '=', family.parentId)
      .execute();
    const answer = JSON.stringify((await openLink(family.token)).body);
    for (const secret of [
      family.email,
      '36000000',
      'Test Parent',
      student.lastName,
      student.fathersName,
      student.contactNumber1,
      'Seef Tower',
      'Road 2811',
      'Block 428',
      'Building 1190',
    ]) {
      if (secret) expect(answer).not.toContain(secret);
    }
  });

  it('pays the reminded rows by the same checkout and booking, sends the family back to the link, and then says Already paid', async () => {
    const family = await remindedFamily();
    const started = await pay(family.token);
    expect(started.status).toBe(201);
    const { payment, checkoutUrl } = started.body;
    expect(payment).toMatchObject({ status: 'initiated', amountBhd: '60.000' });
    expect([...payment.feeIds].sort()).toEqual([...family.septemberIds].sort());
    const charge = tap.charges.get(chargeIdOf(checkoutUrl))!;
    expect(charge.amount).toBe(60);
    expect(charge.redirect.url).toBe(`${t.url}/pay/${family.token}`);
    expect(charge.reference.transaction).toBe(payment.id);

    // Back from Tap before its webhook: the link's page reads the charge from Tap and books it.
    tap.settle(chargeIdOf(checkoutUrl), { pay: 'BENEFIT' });
    const after = (await openLink(family.token)).body.payLink;
    expect(after.payment).toMatchObject({ id: payment.id, status: 'paid', method: 'BENEFIT', amountBhd: '60.000' });
    expect(after.payment!.receiptNumbers).toHaveLength(1);
    expect(after).toMatchObject({ allPaid: true, totalBhd: '0.000' });
    expect(after.items.every((item) => item.paid)).toBe(true);
    const booked = await t.db.selectFrom('payments').select(['method', 'onlineScheme', 'amount']).where('parentId', '=', family.parentId).execute();
    expect(booked).toEqual([{ method: 'online', onlineScheme: 'BENEFIT', amount: '60.00' }]);
    expect(await tap.postWebhook(chargeIdOf(checkoutUrl))).toBe(200);
    expect(await t.db.selectFrom('payments').select('id').where('parentId', '=', family.parentId).execute()).toHaveLength(1);

    const again = await pay(family.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: ONLINE_PAYMENT_MESSAGES.payLinkAllPaid });
  });

  it('pays only the rest when some rows were paid meanwhile in the Fees view', async () => {
    const family = await remindedFamily();
    const first = await family.client.post<Checkout>('/api/parent/payments/checkout', { feeIds: [family.septemberIds[0]] });
    expect(first.status).toBe(201);
    tap.settle(chargeIdOf(first.body.checkoutUrl), { pay: 'VISA' });

    const link = (await openLink(family.token)).body.payLink;
    expect(link.items.filter((item) => item.paid).map((item) => item.feeId)).toEqual([family.septemberIds[0]]);
    expect(link).toMatchObject({ totalBhd: '30.000', allPaid: false });
    const rest = await pay(family.token);
    expect(rest.status).toBe(201);
    expect(rest.body.payment).toMatchObject({ amountBhd: '30.000', feeIds: [family.septemberIds[1]] });
  });

  it('works for 7 days: a day before the end it opens, after it 404 says it expired, and Pay is refused too', async () => {
    const family = await remindedFamily();
    clock.set(new Date(REMINDED_AT.getTime() + 6 * DAY));
    expect((await openLink(family.token)).status).toBe(200);
    clock.set(new Date(REMINDED_AT.getTime() + 7 * DAY + 60_000));
    const expired = await openLink(family.token);
    expect(expired.status).toBe(404);
    expect(expired.body).toMatchObject({ message: ONLINE_PAYMENT_MESSAGES.payLinkExpired });
    expect((await pay(family.token)).status).toBe(404);
    expect(await t.db.selectFrom('onlinePayments').select('id').where('parentId', '=', family.parentId).execute()).toHaveLength(0);
  });

  it('answers 404 to a tampered or made-up token, and pays nothing', async () => {
    const family = await remindedFamily();
    const last = family.token.at(-1) === 'A' ? 'B' : 'A';
    for (const token of [`${family.token.slice(0, -1)}${last}`, family.token.slice(0, 10), `${family.token}x`, 'not-a-token']) {
      const opened = await openLink(token);
      expect(opened.status).toBe(404);
      expect(opened.body).toMatchObject({ message: ONLINE_PAYMENT_MESSAGES.payLinkNotFound });
      expect((await pay(token)).status).toBe(404);
    }
    expect(await t.db.selectFrom('onlinePayments').select('id').where('parentId', '=', family.parentId).execute()).toHaveLength(0);
  });

  it('is counted per client address and hour: beyond the limit 429 with Retry-After, even with a valid link; another address is not held up', async () => {
    const family = await remindedFamily();
    const limited = await t.startAnother({ addressLimits: { pay_link: 3 } });
    const address = '127.0.9.1';
    for (let sent = 0; sent < 3; sent++) expect((await postFrom(limited.url, address, `/api/pay-links/${'x'.repeat(22)}/checkout`, {})).status).toBe(404);
    const refused = await postFrom(limited.url, address, `/api/pay-links/${family.token}/checkout`, {});
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: SERVER_MESSAGES.tooManyFromAddress });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(600);
    expect(await t.db.selectFrom('onlinePayments').select('id').where('parentId', '=', family.parentId).execute()).toHaveLength(0);
    expect((await postFrom(limited.url, '127.0.9.2', `/api/pay-links/${family.token}/checkout`, {})).status).toBe(201);
  });

  it('is off without Tap: no link in the reminder, and the paths answer 404', async () => {
    const family = await remindedFamily();
    const off = await t.startAnother({ tap: undefined });
    const opened = await fetch(`${off.url}/api/pay-links/${family.token}`);
    expect(opened.status).toBe(404);
    expect(await opened.json()).toMatchObject({ message: ONLINE_PAYMENT_MESSAGES.off });
    expect(
      (await fetch(`${off.url}/api/pay-links/${family.token}/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
        .status,
    ).toBe(404);

    const settings = companySettings.parse({});
    const withoutLink = renderMessage('fee_reminder', { ...family.payload, payUrl: null }, { language: 'en', settings }).text;
    expect(withoutLink).toContain('upload the transfer screenshot');
    expect(withoutLink).not.toContain('/pay/');
  });
});
