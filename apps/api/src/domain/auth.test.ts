import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { eventually, HttpClient, startTestServer, type TestServer } from '../test/harness.js';
import { createAdmin, createDriver, createParent } from '../test/factories.js';
import { postFrom } from '../test/from-address.js';
import { addressKey } from './login-throttle.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('sign-in by email', () => {
  it('signs an admin in, reports the user, and signs out', async () => {
    const admin = await createAdmin(t.db);
    const client = t.client();
    expect((await client.get('/api/auth/user')).status).toBe(401);

    const login = await client.post('/api/auth/login', { email: admin.email.toUpperCase(), password: admin.password });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ user: { id: admin.id, name: 'Test Admin', role: 'admin', email: admin.email, phone: null, language: 'en' } });

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(login.body);

    const logout = await client.post('/api/auth/logout', {});
    expect(logout.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const parent = await createParent(t.db);
    const wrong = await t.client().post('/api/auth/login', { email: parent.email, password: 'not-the-password' });
    const unknown = await t.client().post('/api/auth/login', { email: 'nobody-here@example.com', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: SERVER_MESSAGES.invalidCredentials, code: 'server.invalidCredentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses malformed input with 400 and the field messages', async () => {
    const response = await t.client().post('/api/auth/login', { email: 'not-an-email', password: '' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ issues: { email: 'Invalid email address', password: 'Password is required' } });
  });

  it('gives a new session id at every sign-in and a 30-day cookie only with rememberMe', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    const first = await client.post('/api/auth/login', { email: parent.email, password: parent.password });
    const firstCookie = first.headers.get('set-cookie') ?? '';
    expect(firstCookie).toMatch(/HttpOnly/i);
    expect(firstCookie).toMatch(/SameSite=Lax/i);
    expect(firstCookie).not.toMatch(/Expires|Max-Age/i);
    const firstSid = client.cookie;

    const second = await client.post('/api/auth/login', { email: parent.email, password: parent.password, rememberMe: true });
    const secondCookie = second.headers.get('set-cookie') ?? '';
    expect(client.cookie).not.toBe(firstSid);
    const expires = /Expires=([^;]+)/i.exec(secondCookie)?.[1];
    expect(expires).toBeDefined();
    const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });
});

/** The statuses of some answers, in order, so that counts can be compared whatever order the answers came in. */
const statusesOf = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();
const tenFailuresAndOneRefusal = [...Array<number>(10).fill(401), 429];

function expectRetryAfter(headers: Headers) {
  const seconds = Number(headers.get('retry-after'));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(600);
}

/** A sign-in sent from another address of this machine (test/from-address.ts). */
function signInFrom(localAddress: string, body: Record<string, string>, path = '/api/auth/login') {
  return postFrom(t.url, localAddress, path, body);
}

describe('sign-in limits', () => {
  it('slows down guessing with 429 after ten failures for one account, the right password included', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await client.post('/api/auth/login', { email: parent.email, password: `guess-${attempt}` })).status).toBe(401);
    }
    const blocked = await client.post('/api/auth/login', { email: parent.email, password: parent.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: SERVER_MESSAGES.tooManyAttempts, code: 'server.tooManyAttempts' });
    expectRetryAfter(blocked.headers);
  });

  it('limits an email that has no account like one that has, so the limit does not tell which exist', async () => {
    const nobody = `nobody-limited-${Date.now()}@example.com`;
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await t.client().post('/api/auth/login', { email: nobody, password: `guess-${attempt}` })).status).toBe(401);
    const refused = await t.client().post('/api/auth/login', { email: nobody, password: 'guess-10' });
    expect([refused.status, refused.body]).toEqual([429, { message: SERVER_MESSAGES.tooManyAttempts, code: 'server.tooManyAttempts' }]);
  });

  it('checks at most ten passwords of eleven wrong sign-ins sent at once for one account: the eleventh gets 429', async () => {
    const parent = await createParent(t.db);
    // The identifier is the normalized email: its letter case makes no new account to guess at.
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        t.client().post('/api/auth/login', { email: i % 2 ? parent.email.toUpperCase() : parent.email, password: `guess-${i}` }),
      ),
    );
    expect(statusesOf(answers)).toEqual(tenFailuresAndOneRefusal);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toEqual({ message: SERVER_MESSAGES.tooManyAttempts, code: 'server.tooManyAttempts' });
    expectRetryAfter(refused.headers);
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(429);
  });

  it('counts the calls of batched tRPC requests like separate sign-ins, and says when to retry there too', async () => {
    const parent = await createParent(t.db);
    const batch = (size: number, first: number) =>
      t
        .client()
        .post<{ error?: { message: string; data: { httpStatus: number } } }[]>(
          `/trpc/${Array(size).fill('auth.login').join(',')}?batch=1`,
          Object.fromEntries(Array.from({ length: size }, (_, i) => [i, { email: parent.email, password: `batched-guess-${first + i}` }])),
        );
    const answers = await Promise.all([batch(6, 0), batch(5, 6)]);
    const calls = answers.flatMap((answer) => answer.body);
    expect(calls.map((call) => call.error?.data.httpStatus).sort()).toEqual(tenFailuresAndOneRefusal);
    const withRefusal = answers.find((answer) => answer.body.some((call) => call.error?.data.httpStatus === 429))!;
    expect(withRefusal.body.find((call) => call.error?.data.httpStatus === 429)!.error!.message).toBe(SERVER_MESSAGES.tooManyAttempts);
    expectRetryAfter(withRefusal.headers);

    const single = await t.client().post(`/trpc/auth.login`, { email: parent.email, password: parent.password });
    expect(single.status).toBe(429);
    expectRetryAfter(single.headers);
  });

  it('holds across two server processes on one database', async () => {
    const driver = await createDriver(t.db);
    const other = await t.startAnother();
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        new HttpClient(i % 2 ? other.url : t.url).post('/api/driver/login', { phone: driver.phone, password: `guess-${i}` }),
      ),
    );
    expect(statusesOf(answers)).toEqual(tenFailuresAndOneRefusal);
    for (const url of [t.url, other.url])
      expect((await new HttpClient(url).post('/api/driver/login', { phone: driver.phone, password: driver.password })).status).toBe(429);
  });

  it('lets the right password in after failures under the limit, and forgets those failures', async () => {
    const parent = await createParent(t.db);
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await t.client().post('/api/auth/login', { email: parent.email, password: `guess-${attempt}` })).status).toBe(401);
    }
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(200);
    // Ten more tries, as if none had failed before the sign-in; the eleventh waits.
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await t.client().post('/api/auth/login', { email: parent.email, password: `again-${attempt}` })).status).toBe(401);
    }
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(429);
  });

  it('lets an account try again once its ten minutes have passed, and deletes the rows of windows that have passed', async () => {
    const parent = await createParent(t.db);
    const stale = `email:stale-${Date.now()}@example.com`;
    await t.db
      .insertInto('signInAttempts')
      .values({ scope: 'account', key: stale, attempts: 10, windowStartedAt: new Date(Date.now() - 11 * 60_000) })
      .execute();
    for (let attempt = 0; attempt < 11; attempt++) await t.client().post('/api/auth/login', { email: parent.email, password: `guess-${attempt}` });
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(429);
    // As if the window had begun ten minutes and a second ago.
    await t.db
      .updateTable('signInAttempts')
      .set({ windowStartedAt: new Date(Date.now() - 10 * 60_000 - 1000) })
      .where((eb) =>
        eb.or([
          eb.and([eb('scope', '=', 'account'), eb('key', '=', `email:${parent.email}`)]),
          eb.and([eb('scope', '=', 'account_address'), eb('key', 'like', `email:${parent.email} %`)]),
        ]),
      )
      .execute();
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(200);
    // The first sign-in attempt for some account in a new window deleted the row whose window had passed.
    expect(await t.db.selectFrom('signInAttempts').select('key').where('key', '=', stale).executeTakeFirst()).toBeUndefined();
  });

  it('lets the right password in from an address that has not failed while another address is locked out of the account', async () => {
    const driver = await createDriver(t.db);
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await signInFrom('127.0.0.21', { phone: driver.phone, password: `guess-${attempt}` }, '/api/driver/login')).status).toBe(401);
    // The guessing address waits, even with the right password...
    expect((await signInFrom('127.0.0.21', { phone: driver.phone, password: driver.password }, '/api/driver/login')).status).toBe(429);
    // ...but the driver on their own phone's address signs in before the morning run.
    expect((await signInFrom('127.0.0.22', { phone: driver.phone, password: driver.password }, '/api/driver/login')).status).toBe(200);
  });

  it('locks an account from every address after 50 failures spread over addresses, each refused after ten', async () => {
    const parent = await createParent(t.db);
    for (let address = 0; address < 5; address++) {
      const answers: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++)
        answers.push((await signInFrom(`127.0.1.${address + 1}`, { email: parent.email, password: `guess-${attempt}` })).status);
      expect(answers.sort()).toEqual(tenFailuresAndOneRefusal);
    }
    const refused = await signInFrom('127.0.1.99', { email: parent.email, password: parent.password });
    expect(refused.status).toBe(429);
    expectRetryAfter(refused.headers);
  });

  it('refuses an address after 100 failures across accounts, whatever account it tries next, and no other address', async () => {
    const parent = await createParent(t.db);
    const stamp = Date.now().toString(36);
    for (let round = 0; round < 25; round++) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) => signInFrom('127.0.0.7', { email: `guesser-${stamp}-${round * 4 + i}@example.com`, password: 'wrong-guess' })),
      );
      expect(statusesOf(answers)).toEqual([401, 401, 401, 401]);
    }
    const refused = await signInFrom('127.0.0.7', { email: parent.email, password: parent.password });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: SERVER_MESSAGES.tooManyAttempts, code: 'server.tooManyAttempts' });
    expectRetryAfter(refused.headers);
    // Another address, and the same account, are not held up: the refusal was not counted against the account.
    expect((await signInFrom('127.0.0.8', { email: parent.email, password: parent.password })).status).toBe(200);
    // An IPv6 client is counted by its /64 network: moving within it is the same address.
    expect(addressKey('2001:db8:1:2::7')).toBe(addressKey('2001:db8:1:2:ffff::1'));
    expect(addressKey('2001:db8:1:3::7')).not.toBe(addressKey('2001:db8:1:2::7'));
    expect(addressKey('::ffff:127.0.0.7')).toBe('127.0.0.7');
  });

  it('does not count successful sign-ins against their address', async () => {
    const parents = await Promise.all(Array.from({ length: 3 }, () => createParent(t.db)));
    await t.db.insertInto('signInAttempts').values({ scope: 'address', key: '127.0.0.9', attempts: 99, windowStartedAt: new Date() }).execute();
    for (const parent of parents) expect((await signInFrom('127.0.0.9', { email: parent.email, password: parent.password })).status).toBe(200);
    // The hundredth failure is still allowed; the next attempt is not.
    expect((await signInFrom('127.0.0.9', { email: parents[0]!.email, password: 'wrong-guess' })).status).toBe(401);
    expect((await signInFrom('127.0.0.9', { email: parents[1]!.email, password: parents[1]!.password })).status).toBe(429);
  });
});

describe('sign-in by phone (drivers)', () => {
  it('signs a driver in and reports the driver id', async () => {
    const driver = await createDriver(t.db);
    const client = t.client();
    const login = await client.post('/api/driver/login', { phone: driver.phone, password: driver.password });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      user: { id: driver.id, name: 'Test Driver', role: 'driver', email: null, phone: driver.phone, language: 'en', driverId: driver.driverId },
    });
    expect((await client.get('/api/auth/user')).body).toEqual(login.body);
  });

  it('does not let a driver sign in by email form nor a parent by phone form', async () => {
    const driver = await createDriver(t.db);
    expect((await t.client().post('/api/driver/login', { phone: driver.phone, password: 'wrong-one' })).status).toBe(401);
    expect((await t.client().post('/api/driver/login', { phone: '', password: '' })).body).toMatchObject({
      issues: { phone: 'Phone number is required', password: 'Password is required' },
    });
  });

  it("ends a deactivated driver's session and refuses the next sign-in", async () => {
    const driver = await createDriver(t.db);
    const client = t.client();
    await client.post('/api/driver/login', { phone: driver.phone, password: driver.password });
    await t.db.updateTable('drivers').set({ status: 'inactive' }).where('id', '=', driver.driverId).execute();
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const again = await t.client().post('/api/driver/login', { phone: driver.phone, password: driver.password });
    expect(again.status).toBe(403);
  });
});

describe('sessions in the database', () => {
  it('survive a server restart', async () => {
    const admin = await createAdmin(t.db);
    const client = t.client();
    await client.post('/api/auth/login', { email: admin.email, password: admin.password });
    const before = await t.startAnother();
    await before.server.stop();
    const restarted = await t.startAnother();
    client.baseUrl = restarted.url;
    const me = await client.get<{ user: { id: string } }>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(admin.id);
  });

  it('made on one server process are honoured by another on the same database, and logout ends them on both', async () => {
    const parent = await createParent(t.db);
    const other = await t.startAnother();
    const client = t.client();
    await client.post('/api/auth/login', { email: parent.email, password: parent.password });
    const onOther = await fetch(`${other.url}/api/auth/user`, { headers: { cookie: client.cookie! } });
    expect(onOther.status).toBe(200);
    const sid = client.cookie!;
    await client.post('/api/auth/logout', {});
    // The process that signed out has forgotten the session before answering...
    expect((await fetch(`${t.url}/api/auth/user`, { headers: { cookie: sid } })).status).toBe(401);
    // ...the other forgets it when the database's notice of the deleted row reaches it, milliseconds
    // later (session-cache.ts), and never honours it again.
    expect(await eventually(async () => (await fetch(`${other.url}/api/auth/user`, { headers: { cookie: sid } })).status === 401)).toBe(true);
    expect((await fetch(`${other.url}/api/auth/user`, { headers: { cookie: sid } })).status).toBe(401);
  });

  it('are written at sign-in, not again by every request', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    await client.post('/api/auth/login', { email: parent.email, password: parent.password });
    const expiryOf = async () =>
      (await t.db.selectFrom('sessions').select(['sess', 'expire']).execute())
        .find((row) => (row.sess as { userId?: string }).userId === parent.id)
        ?.expire.getTime();
    const atSignIn = await expiryOf();
    expect(atSignIn).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.headers.get('set-cookie')).toBeNull();
    expect(await expiryOf()).toBe(atSignIn);
  });

  it('are stored in the sessions table, not in the cookie', async () => {
    const admin = await createAdmin(t.db);
    const client = t.client();
    await client.post('/api/auth/login', { email: admin.email, password: admin.password });
    const rows = await t.db.selectFrom('sessions').select(['sess']).execute();
    expect(rows.some((row) => (row.sess as { userId?: string }).userId === admin.id)).toBe(true);
    expect(client.cookie).not.toContain(admin.id);
  });
});

describe('bootstrap admin', () => {
  it('creates the configured admin once over POST /api/auth/create-admin', async () => {
    const configured = await t.startAnother({ bootstrapAdmin: { email: 'boot@example.com', password: 'boot-admin-pass' } });
    const client = t.client();
    client.baseUrl = configured.url;
    const created = await client.post('/api/auth/create-admin', {});
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ message: 'Admin account created' });
    expect((await client.post('/api/auth/create-admin', {})).status).toBe(409);
    expect((await client.post('/api/auth/login', { email: 'boot@example.com', password: 'boot-admin-pass' })).status).toBe(200);
  });

  it('does nothing where no admin is configured', async () => {
    expect((await t.client().post('/api/auth/create-admin', {})).status).toBe(404);
  });
});
