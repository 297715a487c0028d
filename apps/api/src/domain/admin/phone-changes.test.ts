import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createDriver, createStaff } from '../../test/factories.js';
import { hashPassword } from '../passwords.js';
import { requestPasswordReset, resetRequestSteps, type ResetRequestSteps } from '../password-reset.js';

let t: TestServer;
let admin: HttpClient;
let staff: HttpClient;
let counter = 0;
const uniquePhone = () => `3${String(Date.now() + counter++).slice(-7)}`;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(await createAdmin(t.db));
  staff = await t.signIn(await createStaff(t.db));
});
afterAll(() => t.close());

async function newParent(language: 'en' | 'ar' = 'en') {
  const email = `moved-${Date.now().toString(36)}${counter++}@example.com`;
  const phone = uniquePhone();
  const user = await t.db
    .insertInto('users')
    .values({ email, passwordHash: await hashPassword('parent-pass'), role: 'parent', name: 'Mariam Saleh', phone, language })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parent = await t.db.insertInto('parents').values({ userId: user.id, whatsappNumber: phone }).returning('id').executeTakeFirstOrThrow();
  return { userId: user.id, parentId: parent.id, email, phone };
}

const messagesTo = (recipient: string) =>
  t.db.selectFrom('notifications').select(['templateKey', 'recipientType', 'payload', 'language']).where('recipient', '=', recipient).execute();

describe("the office changes a parent's or driver's phone", () => {
  it('tells the old phone and the email; a reset code to the new phone then needs an admin for a day, and the owner’s own request sends none', async () => {
    const parent = await newParent('ar');
    const newPhone = uniquePhone();
    const saved = await staff.put(`/api/admin/parents/${parent.parentId}`, { name: 'Mariam Saleh', email: parent.email, phone: newPhone });
    expect(saved.status).toBe(200);

    const toOldPhone = await messagesTo(parent.phone);
    expect(toOldPhone).toEqual([
      { templateKey: 'phone_changed', recipientType: 'sms', payload: { name: 'Mariam Saleh', newPhoneEnding: newPhone.slice(-2) }, language: 'ar' },
    ]);
    expect((await messagesTo(parent.email)).map((message) => [message.templateKey, message.recipientType])).toEqual([['phone_changed', 'email']]);

    const refused = await staff.post(`/api/admin/parents/${parent.parentId}/reset-code`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: ACCOUNT_MESSAGES.resetCodeAfterPhoneChangeNeedsAdmin });
    // The public form answers as always, and sends the new phone nothing.
    expect((await t.client().post('/api/auth/password-reset', { identifier: parent.email })).status).toBe(202);
    expect(await messagesTo(newPhone)).toEqual([]);

    expect((await admin.post(`/api/admin/parents/${parent.parentId}/reset-code`)).status).toBe(200);
    expect((await messagesTo(newPhone)).map((message) => message.templateKey)).toEqual(['password_reset']);

    // A day later staff help again as before.
    await t.db.updateTable('users').set({ phoneChangedByOfficeAt: sql<Date>`now() - interval '25 hours'` }).where('id', '=', parent.userId).execute();
    expect((await staff.post(`/api/admin/parents/${parent.parentId}/reset-code`)).status).toBe(200);
  });

  it('tells nobody and holds nothing when the correction leaves the phone as it was', async () => {
    const parent = await newParent();
    expect((await staff.put(`/api/admin/parents/${parent.parentId}`, { name: 'Mariam S.', email: parent.email, phone: parent.phone })).status).toBe(200);
    expect(await messagesTo(parent.phone)).toEqual([]);
    expect((await staff.post(`/api/admin/parents/${parent.parentId}/reset-code`)).status).toBe(200);
  });

  it("tells a driver's old phone when the driver's phone is edited, and holds staff's reset code", async () => {
    const driver = await createDriver(t.db);
    const newPhone = uniquePhone();
    const row = await t.db.selectFrom('drivers').select(['name', 'licenseNo']).where('id', '=', driver.driverId).executeTakeFirstOrThrow();
    expect((await admin.put(`/api/admin/drivers/${driver.driverId}`, { name: row.name, phone: newPhone, licenseNo: row.licenseNo })).status).toBe(200);
    expect((await messagesTo(driver.phone)).map((message) => [message.templateKey, (message.payload as { newPhoneEnding: string }).newPhoneEnding])).toEqual([
      ['phone_changed', newPhone.slice(-2)],
    ]);
    const refused = await staff.post(`/api/admin/drivers/${driver.driverId}/reset-code`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: ACCOUNT_MESSAGES.resetCodeAfterPhoneChangeNeedsAdmin });
    expect(await messagesTo(newPhone)).toEqual([]);
  });
});

describe('a forgotten-password request', () => {
  /** The steps one request called, in order, by name. */
  async function stepsOf(identifier: string): Promise<string[]> {
    const called: string[] = [];
    const spied = Object.fromEntries(
      Object.entries(resetRequestSteps).map(([name, step]) => [
        name,
        vi.fn((...args: unknown[]) => (called.push(name), (step as (...a: unknown[]) => unknown)(...args))),
      ]),
    ) as unknown as ResetRequestSteps;
    await requestPasswordReset(t.db, identifier, spied);
    return called;
  }

  it('runs the same steps in the same order for an account, an unknown identifier, an account without a phone and one past its hour', async () => {
    const parent = await newParent();
    const withoutPhone = await t.db
      .insertInto('users')
      .values({ email: `nophone-${counter++}@example.com`, passwordHash: 'x', role: 'parent', name: 'No Phone' })
      .returning('email')
      .executeTakeFirstOrThrow();
    const known = await stepsOf(parent.email);
    expect(known).toEqual(['findAccount', 'prepareCode', 'lock', 'codesInLastHour', 'send']);
    expect((await messagesTo(parent.phone)).map((message) => message.templateKey)).toEqual(['password_reset']);
    expect(await stepsOf(`nobody-${counter++}@example.com`)).toEqual(known);
    expect(await stepsOf(withoutPhone.email!)).toEqual(known);
    for (let more = 0; more < 3; more++) expect(await stepsOf(parent.email)).toEqual(known);
    // The fourth of the hour sent nothing, after the same steps.
    expect(await messagesTo(parent.phone)).toHaveLength(3);
  });
});
