import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type HttpClient, type TestServer } from './test/harness.js';
import { createAdmin, createDriver, createParent, createStaff } from './test/factories.js';
import { LAST_SEEN_WRITE_INTERVAL_MS, OFFICE_IDLE_TIMEOUT_MS } from './session-store.js';

/**
 * Office sessions (admins, staff) end after 12 hours without a request; parents' and drivers' do
 * not. The idle time is made by moving the session's stored last request time back. No session
 * cache here, so every request reads its session.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ listen: undefined });
}, 60_000);
afterAll(() => t.close());

async function signIn(body: Record<string, unknown>, path = '/api/auth/login'): Promise<HttpClient> {
  const client = t.client();
  expect((await client.post(path, body)).status).toBe(200);
  return client;
}

/** The one session of an account (each test's accounts sign in once). */
const sessionOf = (userId: string) => sql<boolean>`sess->>'userId' = ${userId}`;

async function lastSeen(userId: string): Promise<Date> {
  return (await t.db.selectFrom('sessions').select('lastSeenAt').where(sessionOf(userId)).executeTakeFirstOrThrow()).lastSeenAt;
}

async function idleFor(userId: string, ms: number): Promise<void> {
  await t.db
    .updateTable('sessions')
    .set({ lastSeenAt: new Date(Date.now() - ms) })
    .where(sessionOf(userId))
    .execute();
}

const MINUTE = 60_000;

describe('office sessions idle for 12 hours', () => {
  it('end for staff and admins, even with remember me', async () => {
    const staff = await createStaff(t.db);
    const admin = await createAdmin(t.db);
    for (const account of [staff, admin]) {
      const client = await signIn({ email: account.email, password: account.password, rememberMe: true });
      expect((await client.get('/api/auth/user')).status).toBe(200);
      await idleFor(account.id, OFFICE_IDLE_TIMEOUT_MS + MINUTE);
      expect((await client.get('/api/auth/user')).status).toBe(401);
      expect((await client.get('/api/admin/overview')).status).toBe(401);
    }
  });

  it('last while requests keep coming: a request after 11 hours 59 minutes is answered and counts as the last one', async () => {
    const staff = await createStaff(t.db);
    const client = await signIn({ email: staff.email, password: staff.password });
    await idleFor(staff.id, OFFICE_IDLE_TIMEOUT_MS - MINUTE);
    expect((await client.get('/api/admin/overview')).status).toBe(200);
    expect(Date.now() - (await lastSeen(staff.id)).getTime()).toBeLessThan(MINUTE);
    await idleFor(staff.id, OFFICE_IDLE_TIMEOUT_MS - MINUTE);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('write the last request time at most every 5 minutes, not on every request', async () => {
    const staff = await createStaff(t.db);
    const client = await signIn({ email: staff.email, password: staff.password });
    await idleFor(staff.id, LAST_SEEN_WRITE_INTERVAL_MS - MINUTE);
    const before = await lastSeen(staff.id);
    for (let i = 0; i < 3; i++) expect((await client.get('/api/admin/overview')).status).toBe(200);
    expect(await lastSeen(staff.id)).toEqual(before);
    await idleFor(staff.id, LAST_SEEN_WRITE_INTERVAL_MS + MINUTE);
    expect((await client.get('/api/admin/overview')).status).toBe(200);
    expect(Date.now() - (await lastSeen(staff.id)).getTime()).toBeLessThan(MINUTE);
  });
});

describe('parents and drivers', () => {
  it('stay signed in after 13 hours without a request, as before', async () => {
    const parent = await createParent(t.db);
    const driver = await createDriver(t.db);
    const parentClient = await signIn({ email: parent.email, password: parent.password, rememberMe: true });
    const driverClient = await signIn({ phone: driver.phone, password: driver.password, rememberMe: true }, '/api/driver/login');
    for (const [client, userId] of [
      [parentClient, parent.id],
      [driverClient, driver.id],
    ] as const) {
      await idleFor(userId, OFFICE_IDLE_TIMEOUT_MS + 60 * MINUTE);
      expect((await client.get('/api/auth/user')).status).toBe(200);
    }
  });
});
