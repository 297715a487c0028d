import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { eventually, startTestServer, type TestServer } from './test/harness.js';
import { createAdmin, createDriver, createParent } from './test/factories.js';

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
    expect(wrong.body).toEqual({ message: SERVER_MESSAGES.invalidCredentials });
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

  it('slows down guessing with 429 after ten failures for one account', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await client.post('/api/auth/login', { email: parent.email, password: `guess-${attempt}` })).status).toBe(401);
    }
    const blocked = await client.post('/api/auth/login', { email: parent.email, password: parent.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: SERVER_MESSAGES.tooManyAttempts });
  });
});

describe('sign-in by phone (drivers)', () => {
  it('signs a driver in and reports the driver id', async () => {
    const driver = await createDriver(t.db);
    const client = t.client();
    const login = await client.post('/api/driver/login', { phone: driver.phone, password: driver.password });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ user: { id: driver.id, name: 'Test Driver', role: 'driver', email: null, phone: driver.phone, language: 'en', driverId: driver.driverId } });
    expect((await client.get('/api/auth/user')).body).toEqual(login.body);
  });

  it('does not let a driver sign in by email form nor a parent by phone form', async () => {
    const driver = await createDriver(t.db);
    expect((await t.client().post('/api/driver/login', { phone: driver.phone, password: 'wrong-one' })).status).toBe(401);
    expect((await t.client().post('/api/driver/login', { phone: '', password: '' })).body).toMatchObject({
      issues: { phone: 'Phone number is required', password: 'Password is required' },
    });
  });

  it('ends a deactivated driver\'s session and refuses the next sign-in', async () => {
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
    // later (kept-sessions.ts), and never honours it again.
    expect(await eventually(async () => (await fetch(`${other.url}/api/auth/user`, { headers: { cookie: sid } })).status === 401)).toBe(true);
    expect((await fetch(`${other.url}/api/auth/user`, { headers: { cookie: sid } })).status).toBe(401);
  });

  it('are written at sign-in, not again by every request', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    await client.post('/api/auth/login', { email: parent.email, password: parent.password });
    const expiryOf = async () =>
      (await t.db.selectFrom('sessions').select(['sess', 'expire']).execute()).find((row) => (row.sess as { userId?: string }).userId === parent.id)?.expire.getTime();
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
    const configured = await t.startAnother({ bootstrapAdmin: { email: 'boot@example.com', password: 'boot-pass' } });
    const client = t.client();
    client.baseUrl = configured.url;
    const created = await client.post('/api/auth/create-admin', {});
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ message: 'Admin account created' });
    expect((await client.post('/api/auth/create-admin', {})).status).toBe(409);
    expect((await client.post('/api/auth/login', { email: 'boot@example.com', password: 'boot-pass' })).status).toBe(200);
  });

  it('does nothing where no admin is configured', async () => {
    expect((await t.client().post('/api/auth/create-admin', {})).status).toBe(404);
  });
});
