import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type SignInLock } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createDriver, createParent, createStaff } from '../../test/factories.js';
import { postFrom } from '../../test/from-address.js';

let t: TestServer;
let staff: HttpClient;

beforeAll(async () => {
  t = await startTestServer();
  staff = await t.signIn(await createStaff(t.db));
});
afterAll(() => t.close());

/** Ten wrong passwords from one address: that address is then refused for the account. */
async function lockOut(address: string, path: string, identifier: Record<string, string>) {
  for (let attempt = 0; attempt < 10; attempt++)
    expect((await postFrom(t.url, address, path, { ...identifier, password: `guess-${attempt}` })).status).toBe(401);
}

describe("the office clears a parent's or driver's sign-in lock", () => {
  it("shows until when a driver is locked, clears it (audited), and the driver's right password then signs in from the guessing address", async () => {
    const driver = await createDriver(t.db);
    const other = await createDriver(t.db);
    expect((await staff.get<SignInLock>(`/api/admin/drivers/${driver.driverId}/sign-in-lock`)).body).toEqual({ lockedUntil: null });
    await lockOut('127.0.2.1', '/api/driver/login', { phone: driver.phone });
    await lockOut('127.0.2.1', '/api/driver/login', { phone: other.phone });
    expect((await postFrom(t.url, '127.0.2.1', '/api/driver/login', { phone: driver.phone, password: driver.password })).status).toBe(429);

    const lock = await staff.get<SignInLock>(`/api/admin/drivers/${driver.driverId}/sign-in-lock`);
    expect(lock.status).toBe(200);
    const minutesLeft = (Date.parse(lock.body.lockedUntil!) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(8);
    expect(minutesLeft).toBeLessThanOrEqual(10);

    const cleared = await staff.post(`/api/admin/drivers/${driver.driverId}/sign-in-lock/clear`);
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ message: ACCOUNT_MESSAGES.signInLockCleared, lockedUntil: null });
    expect((await staff.get<SignInLock>(`/api/admin/drivers/${driver.driverId}/sign-in-lock`)).body).toEqual({ lockedUntil: null });
    expect((await postFrom(t.url, '127.0.2.1', '/api/driver/login', { phone: driver.phone, password: driver.password })).status).toBe(200);
    // Another driver's lock is theirs: clearing one account leaves it.
    expect((await postFrom(t.url, '127.0.2.1', '/api/driver/login', { phone: other.phone, password: other.password })).status).toBe(429);

    const audit = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('entityType', '=', 'driver')
      .where('entityId', '=', driver.driverId)
      .where('action', '=', 'clear_sign_in_lock')
      .executeTakeFirstOrThrow();
    expect(audit.diff).toMatchObject({ lockedUntil: lock.body.lockedUntil });
  });

  it('clears a parent locked out from every address after failures spread over five addresses', async () => {
    const parent = await createParent(t.db);
    for (let address = 1; address <= 5; address++) await lockOut(`127.0.3.${address}`, '/api/auth/login', { email: parent.email });
    expect((await postFrom(t.url, '127.0.3.50', '/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(429);
    expect((await staff.get<SignInLock>(`/api/admin/parents/${parent.parentId}/sign-in-lock`)).body.lockedUntil).not.toBeNull();

    const cleared = await staff.post(`/api/admin/parents/${parent.parentId}/sign-in-lock/clear`);
    expect(cleared.status).toBe(200);
    expect((await postFrom(t.url, '127.0.3.50', '/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(200);
    expect(
      await t.db
        .selectFrom('auditLogs')
        .select('action')
        .where('entityType', '=', 'parent')
        .where('entityId', '=', parent.parentId)
        .where('action', '=', 'clear_sign_in_lock')
        .executeTakeFirst(),
    ).toBeDefined();
  });

  it('is the office’s only, and names no unknown record', async () => {
    const parent = await createParent(t.db);
    const driver = await createDriver(t.db);
    const asParent = await t.signIn(parent);
    expect((await asParent.post(`/api/admin/parents/${parent.parentId}/sign-in-lock/clear`)).status).toBe(403);
    const asDriver = await t.signIn(driver);
    expect((await asDriver.post(`/api/admin/drivers/${driver.driverId}/sign-in-lock/clear`)).status).toBe(403);
    expect((await t.client().post(`/api/admin/drivers/${driver.driverId}/sign-in-lock/clear`)).status).toBe(401);
    const admin = await t.signIn(await createAdmin(t.db));
    const unknown = await admin.post('/api/admin/drivers/00000000-0000-4000-8000-000000000000/sign-in-lock/clear');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: expect.any(String) });
  });
});
