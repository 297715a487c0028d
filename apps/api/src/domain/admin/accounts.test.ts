import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES, MESSAGES, STUDENT_MESSAGES, type AdminNotificationList } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createDriver } from '../../test/factories.js';
import { hashPassword } from '../passwords.js';
import { OutboxWorker } from '../notifications/worker.js';
import { logTransport } from '../notifications/transports.js';
import { issueWelcomeCode, MAX_WRONG_CODES, WELCOME_CODE_DAYS } from '../account-codes.js';
import { MAX_ACCOUNT_ADDRESS_FAILURES } from '../login-throttle.js';

let t: TestServer;
let office: HttpClient;
let counter = 0;
const uniquePhone = () => `3${String(Date.now() + counter++).slice(-7)}`;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** What the log transport wrote: the text each phone received. */
const delivered: { to: string; text: string }[] = [];
let worker: OutboxWorker;

beforeAll(async () => {
  t = await startTestServer();
  worker = new OutboxWorker(
    t.db,
    logTransport({ info: (object, message) => delivered.push({ to: String(object.to), text: message }) }),
    { enabled: true, intervalMs: 50, maxAttempts: 5, retryBaseMs: 10, leaseMs: 60_000, batchSize: 100 },
    { info: () => undefined, warn: () => undefined, error: () => undefined },
  );
  const admin = await createAdmin(t.db);
  office = t.client();
  expect((await office.post('/api/auth/login', { email: admin.email, password: admin.password })).status).toBe(200);
});
afterAll(() => t.close());

/** A parent with a phone of their own (the factory's parents share one), in the given language. */
async function newParent(options: { phone?: string | null; language?: 'en' | 'ar'; password?: string } = {}) {
  const email = `parent-${unique()}@example.com`;
  const phone = options.phone === undefined ? uniquePhone() : options.phone;
  const password = options.password ?? 'parent-pass';
  const user = await t.db
    .insertInto('users')
    .values({ email, passwordHash: await hashPassword(password), role: 'parent', name: 'Mariam Saleh', phone, language: options.language ?? 'en' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parent = await t.db.insertInto('parents').values({ userId: user.id, whatsappNumber: phone }).returning('id').executeTakeFirstOrThrow();
  return { id: user.id, parentId: parent.id, email, phone, password };
}

/** Delivers the outbox through the log transport and answers every text the phone received, oldest first. */
async function textsTo(phone: string): Promise<string[]> {
  await worker.runOnce();
  return delivered.filter((message) => message.to === `+973${phone}`).map((message) => message.text);
}

/** The 6-digit code of the latest text to the phone. */
async function latestCode(phone: string): Promise<string> {
  const texts = await textsTo(phone);
  const code = /\b(\d{6})\b/.exec(texts.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`No code in the texts to ${phone}: ${JSON.stringify(texts)}`);
  return code;
}

const requestCode = (identifier: string) => t.client().post('/api/auth/password-reset', { identifier });
const confirm = (identifier: string, code: string, newPassword: string) =>
  t.client().post('/api/auth/password-reset/confirm', { identifier, code, newPassword });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('forgotten password', () => {
  it('sends a code to the parent’s phone; the code sets a new password and ends every session', async () => {
    const parent = await newParent();
    const laptop = await t.signIn(parent);
    const phone = await t.signIn(parent);

    const asked = await requestCode(parent.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: ACCOUNT_MESSAGES.resetCodeSent });
    const texts = await textsTo(parent.phone!);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/Your password reset code is \d{6}\. It is valid for 15 minutes\./);
    const code = await latestCode(parent.phone!);

    const confirmed = await confirm(parent.email, code, 'a-new-family-password');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });
    expect((await laptop.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(401);
    await t.signIn({ email: parent.email, password: 'a-new-family-password' });
  });

  it('answers an unknown identifier, an account without a phone and a known one alike, and sends nothing to the first two', async () => {
    const withoutPhone = await newParent({ phone: null });
    const known = await newParent();
    const answers = await Promise.all([
      requestCode(`nobody-${unique()}@example.com`),
      requestCode('39999999'),
      requestCode(withoutPhone.email),
      requestCode(known.email),
    ]);
    for (const answer of answers)
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 202, body: { message: ACCOUNT_MESSAGES.resetCodeSent } });
    expect(await textsTo(known.phone!)).toHaveLength(1);
    const codes = await t.db.selectFrom('accountCodes').select('userId').where('userId', '=', withoutPhone.id).execute();
    expect(codes).toHaveLength(0);
    // A wrong code for an account that does not exist is the same 400 as any wrong code.
    const unknown = await confirm(`nobody-${unique()}@example.com`, '123456', 'a-new-family-password');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: ACCOUNT_MESSAGES.codeWrong });
  });

  it('keeps only a hash of the code', async () => {
    const parent = await newParent();
    await requestCode(parent.email);
    const code = await latestCode(parent.phone!);
    const row = await t.db.selectFrom('accountCodes').selectAll().where('userId', '=', parent.id).executeTakeFirstOrThrow();
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an expired code', async () => {
    const parent = await newParent();
    await requestCode(parent.email);
    const code = await latestCode(parent.phone!);
    const row = await t.db.selectFrom('accountCodes').select(['createdAt', 'expiresAt']).where('userId', '=', parent.id).executeTakeFirstOrThrow();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(15 * 60 * 1000);
    await t.db.updateTable('accountCodes').set({ expiresAt: sql<Date>`now() - interval '1 second'` }).where('userId', '=', parent.id).execute();
    const late = await confirm(parent.email, code, 'a-new-family-password');
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ message: ACCOUNT_MESSAGES.codeWrong });
    await t.signIn(parent);
  });

  it('uses a code once', async () => {
    const parent = await newParent();
    await requestCode(parent.email);
    const code = await latestCode(parent.phone!);
    expect((await confirm(parent.email, code, 'first-new-password')).status).toBe(200);
    const again = await confirm(parent.email, code, 'second-new-password');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: ACCOUNT_MESSAGES.codeWrong });
    await t.signIn({ email: parent.email, password: 'first-new-password' });
  });

  it('voids a code at its fifth wrong try', async () => {
    const parent = await newParent();
    await requestCode(parent.email);
    const code = await latestCode(parent.phone!);
    for (let attempt = 1; attempt <= MAX_WRONG_CODES; attempt++) {
      const wrong = await confirm(parent.email, wrongCodeFor(code), 'a-new-family-password');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ message: ACCOUNT_MESSAGES.codeWrong });
    }
    const right = await confirm(parent.email, code, 'a-new-family-password');
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ message: ACCOUNT_MESSAGES.codeWrong });
    await t.signIn(parent);
  });

  it('takes a right code after four wrong ones', async () => {
    const parent = await newParent();
    await requestCode(parent.email);
    const code = await latestCode(parent.phone!);
    for (let attempt = 1; attempt < MAX_WRONG_CODES; attempt++)
      expect((await confirm(parent.email, wrongCodeFor(code), 'a-new-family-password')).status).toBe(400);
    expect((await confirm(parent.email, code, 'a-new-family-password')).status).toBe(200);
  });

  it('sends at most 3 codes an hour to an account, with the same answer beyond', async () => {
    const parent = await newParent();
    for (let request = 0; request < 5; request++) {
      const answer = await requestCode(parent.email);
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: ACCOUNT_MESSAGES.resetCodeSent });
    }
    expect(await textsTo(parent.phone!)).toHaveLength(3);
    // Only the latest code works.
    const texts = await textsTo(parent.phone!);
    const first = /\b(\d{6})\b/.exec(texts[0]!)![1]!;
    const last = /\b(\d{6})\b/.exec(texts[2]!)![1]!;
    if (first !== last) expect((await confirm(parent.email, first, 'a-new-family-password')).status).toBe(400);
    expect((await confirm(parent.email, last, 'a-new-family-password')).status).toBe(200);
  });

  it('sends the code in the account’s language, with ASCII digits, and reads Arabic-Indic digits typed back', async () => {
    const parent = await newParent({ language: 'ar' });
    await requestCode(parent.email);
    const [text] = await textsTo(parent.phone!);
    expect(text).toContain('رمز إعادة تعيين كلمة المرور هو');
    const code = await latestCode(parent.phone!);
    const arabicDigits = [...code].map((digit) => String.fromCharCode(0x0660 + Number(digit))).join('');
    expect((await confirm(parent.email, arabicDigits, 'a-new-family-password')).status).toBe(200);
  });

  it('keeps the rules of new passwords, and a refused password leaves the code usable', async () => {
    const parent = await newParent();
    await requestCode(parent.email);
    const code = await latestCode(parent.phone!);
    const short = await confirm(parent.email, code, 'abc');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: MESSAGES.passwordMin });
    const common = await confirm(parent.email, code, 'password123');
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ message: MESSAGES.passwordTooCommon });
    expect((await confirm(parent.email, code, 'a-new-family-password')).status).toBe(200);
  });

  it('lets a driver ask by the phone they sign in with', async () => {
    const driver = await createDriver(t.db);
    await requestCode(driver.phone);
    const code = await latestCode(driver.phone);
    expect((await confirm(driver.phone, code, 'new-driver-pass')).status).toBe(200);
    expect((await t.client().post('/api/driver/login', { phone: driver.phone, password: 'new-driver-pass' })).status).toBe(200);
  });
});

describe('changing a password', () => {
  it('ends the account’s other sessions and keeps the caller’s', async () => {
    const parent = await newParent();
    const here = await t.signIn(parent);
    const elsewhere = await t.signIn(parent);
    const changed = await here.post('/api/auth/change-password', { currentPassword: parent.password, newPassword: 'another-family-pass' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    expect((await here.get('/api/auth/user')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    await t.signIn({ email: parent.email, password: 'another-family-pass' });
  });

  it('refuses a wrong current password and counts it toward the sign-in limits', async () => {
    const parent = await newParent();
    const client = await t.signIn(parent);
    for (let attempt = 0; attempt < MAX_ACCOUNT_ADDRESS_FAILURES; attempt++) {
      const wrong = await client.post('/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'another-family-pass' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ message: ACCOUNT_MESSAGES.currentPasswordWrong });
    }
    // The account's sign-ins from this address now wait, the right password too.
    const refused = await t.client().post('/api/auth/login', { email: parent.email, password: parent.password });
    expect(refused.status).toBe(429);
    await t.db.deleteFrom('signInAttempts').execute();
  });

  it('holds an admin to 12 characters', async () => {
    const admin = await createAdmin(t.db);
    const client = await t.signIn(admin);
    const short = await client.post('/api/auth/change-password', { currentPassword: admin.password, newPassword: 'short-pass' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: MESSAGES.staffPasswordMin });
  });

  it('needs a sign-in', async () => {
    expect((await t.client().post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'another-family-pass' })).status).toBe(401);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account, this one included, and no other account’s', async () => {
    const parent = await newParent();
    const other = await newParent();
    const here = await t.signIn(parent);
    const elsewhere = await t.signIn(parent);
    const someoneElse = await t.signIn(other);
    expect((await here.post('/api/auth/sign-out-everywhere')).status).toBe(200);
    expect((await here.get('/api/auth/user')).status).toBe(401);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    expect((await someoneElse.get('/api/auth/user')).status).toBe(200);
  });

  it('needs a sign-in', async () => {
    expect((await t.client().post('/api/auth/sign-out-everywhere')).status).toBe(401);
  });
});

describe('the office helps with an account', () => {
  it('sends a parent a reset code, audited; the Outbox masks it, the phone receives it', async () => {
    const parent = await newParent();
    const sent = await office.post(`/api/admin/parents/${parent.parentId}/reset-code`);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: ACCOUNT_MESSAGES.resetCodeSentByOffice });
    const audit = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('entityType', '=', 'parent')
      .where('entityId', '=', parent.parentId)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('send_reset_code');
    const code = await latestCode(parent.phone!);
    expect(JSON.stringify(audit.diff)).not.toContain(code);

    const outbox = await office.get<AdminNotificationList>(`/api/admin/notifications?recipient=${parent.phone}`);
    const shown = outbox.body.notifications.find((message) => message.templateKey === 'password_reset')!;
    expect(shown.status).toBe('sent');
    expect(shown.text).toContain('******');
    expect(shown.text).not.toContain(code);

    expect((await confirm(parent.email, code, 'a-new-family-password')).status).toBe(200);
  });

  it('sends a driver a reset code; refuses an account without a phone and unknown records', async () => {
    const driver = await createDriver(t.db);
    expect((await office.post(`/api/admin/drivers/${driver.driverId}/reset-code`)).status).toBe(200);
    expect(await latestCode(driver.phone)).toMatch(/^\d{6}$/);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select('action')
      .where('entityType', '=', 'driver')
      .where('entityId', '=', driver.driverId)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('send_reset_code');

    const withoutPhone = await newParent({ phone: null });
    const refused = await office.post(`/api/admin/parents/${withoutPhone.parentId}/reset-code`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: ACCOUNT_MESSAGES.noPhoneForCode });
    expect((await office.post('/api/admin/parents/00000000-0000-4000-8000-000000000000/reset-code')).status).toBe(404);
  });

  it('office codes do not use up the parent’s own 3 an hour', async () => {
    const parent = await newParent();
    for (let sent = 0; sent < 3; sent++) expect((await office.post(`/api/admin/parents/${parent.parentId}/reset-code`)).status).toBe(200);
    await requestCode(parent.email);
    expect(await textsTo(parent.phone!)).toHaveLength(4);
  });

  it('is the office’s only', async () => {
    const parent = await newParent();
    const client = await t.signIn(parent);
    expect((await client.post(`/api/admin/parents/${parent.parentId}/reset-code`)).status).toBe(403);
    expect((await client.put(`/api/admin/parents/${parent.parentId}`, { name: 'X', email: parent.email })).status).toBe(403);
  });

  it('corrects a parent’s name, email and phone, audited; the new email signs in', async () => {
    const parent = await newParent();
    const email = `corrected-${unique()}@example.com`;
    const phone = uniquePhone();
    const saved = await office.put(`/api/admin/parents/${parent.parentId}`, { name: 'Mariam Saleh Ali', email: email.toUpperCase(), phone });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ parent: { id: parent.parentId, name: 'Mariam Saleh Ali', email, phone } });
    const audit = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('entityType', '=', 'parent')
      .where('entityId', '=', parent.parentId)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('update');
    expect(audit.diff).toMatchObject({
      name: { from: 'Mariam Saleh', to: 'Mariam Saleh Ali' },
      email: { from: parent.email, to: email },
      phone: { from: parent.phone, to: phone },
    });
    await t.signIn({ email, password: parent.password });
  });

  it('refuses another account’s email with 409, and leaves the parent as they were', async () => {
    const parent = await newParent();
    const other = await newParent();
    const clash = await office.put(`/api/admin/parents/${parent.parentId}`, { name: 'Someone', email: other.email, phone: parent.phone });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: STUDENT_MESSAGES.parentEmailTaken });
    const row = await t.db.selectFrom('users').select(['name', 'email']).where('id', '=', parent.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Mariam Saleh', email: parent.email });
  });
});

describe('welcome code', () => {
  it('is sent to an account made without a usable password, valid 7 days, and confirmed like a reset code', async () => {
    const parent = await newParent();
    await t.db.updateTable('users').set({ passwordHash: '!' }).where('id', '=', parent.id).execute();
    expect(await t.db.transaction().execute((trx) => issueWelcomeCode(trx, parent.id))).toBe(true);
    const [text] = await textsTo(parent.phone!);
    expect(text).toContain(`Welcome, Mariam Saleh. Your account (${parent.email}) is ready.`);
    const row = await t.db.selectFrom('accountCodes').selectAll().where('userId', '=', parent.id).executeTakeFirstOrThrow();
    expect(row.purpose).toBe('welcome');
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(WELCOME_CODE_DAYS * 24 * 60 * 60 * 1000);
    const code = await latestCode(parent.phone!);
    expect((await confirm(parent.email, code, 'my-first-password')).status).toBe(200);
    await t.signIn({ email: parent.email, password: 'my-first-password' });
  });

  it('expires after 7 days', async () => {
    const parent = await newParent();
    await t.db.transaction().execute((trx) => issueWelcomeCode(trx, parent.id));
    const code = await latestCode(parent.phone!);
    await t.db.updateTable('accountCodes').set({ expiresAt: sql<Date>`now() - interval '1 minute'` }).where('userId', '=', parent.id).execute();
    expect((await confirm(parent.email, code, 'my-first-password')).status).toBe(400);
  });

  it('sends nothing to an account without a phone', async () => {
    const parent = await newParent({ phone: null });
    expect(await t.db.transaction().execute((trx) => issueWelcomeCode(trx, parent.id))).toBe(false);
    expect(await t.db.selectFrom('accountCodes').select('id').where('userId', '=', parent.id).execute()).toHaveLength(0);
  });
});

describe('the production log transport', () => {
  it('does not write a one-time code to the log', async () => {
    const lines: string[] = [];
    const transport = logTransport({ info: (_object, message) => lines.push(message) }, { maskPhones: true });
    await transport.send({
      id: 'n1',
      channel: 'sms',
      to: '+97336001122',
      text: 'Your password reset code is 482913. It is valid for 15 minutes.',
      templateKey: 'password_reset',
      payload: {},
      language: 'en',
      params: [],
    });
    expect(lines).toEqual(['SMS to +973****1122: password_reset (n1)']);
  });
});
