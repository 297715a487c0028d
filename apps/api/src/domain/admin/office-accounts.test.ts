import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_ACCOUNT_MESSAGES, type OfficeUser } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createParent, createStaff } from '../../test/factories.js';

/**
 * The office's accounts (the Users tab): REST contract, the last-admin rule, deactivation, the
 * time of the last sign-in. No session cache here (no notices listened to), so a change made
 * straight in the database is seen at the next request.
 */
let t: TestServer;
let admin: HttpClient;
let adminId: string;

async function signIn(email: string, password: string): Promise<HttpClient> {
  const client = t.client();
  const response = await client.post('/api/auth/login', { email, password });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return client;
}

beforeAll(async () => {
  t = await startTestServer({ listen: undefined });
  const created = await createAdmin(t.db, 'owner-password-2026');
  adminId = created.id;
  admin = await signIn(created.email, created.password);
}, 60_000);
afterAll(() => t.close());

describe('GET, POST and PUT /api/admin/users', () => {
  it('adds a staff member who then signs in, and lists name, email, role, active and the last sign-in, never a hash', async () => {
    const added = await admin.post<{ user: OfficeUser }>('/api/admin/users', {
      name: 'Maryam Office',
      email: 'Maryam@Office.example',
      phone: '36001122',
      role: 'staff',
      password: 'long-enough-pass-1',
    });
    expect(added.status).toBe(201);
    expect(added.body.user).toEqual({
      id: expect.any(String),
      name: 'Maryam Office',
      email: 'maryam@office.example',
      role: 'staff',
      active: true,
      lastSignInAt: null,
    });

    await signIn('maryam@office.example', 'long-enough-pass-1');
    const list = await admin.get<{ users: OfficeUser[] }>('/api/admin/users');
    expect(list.status).toBe(200);
    const maryam = list.body.users.find((user) => user.email === 'maryam@office.example')!;
    expect(Object.keys(maryam).sort()).toEqual(['active', 'email', 'id', 'lastSignInAt', 'name', 'role']);
    expect(Date.now() - Date.parse(maryam.lastSignInAt!)).toBeLessThan(60_000);
    expect(list.body.users.every((user) => user.role === 'admin' || user.role === 'staff')).toBe(true);
    expect(JSON.stringify(list.body) + JSON.stringify(added.body)).not.toMatch(/argon2|password/i);

    const audit = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('entityType', '=', 'user')
      .where('entityId', '=', added.body.user.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorUserId: adminId, action: 'create' });
    expect(JSON.stringify(audit.diff)).not.toContain('long-enough-pass-1');
  });

  it('refuses a taken email (409), a short office password and a role other than admin or staff (400)', async () => {
    const body = { name: 'Second', email: 'second@office.example', role: 'staff', password: 'long-enough-pass-2' };
    expect((await admin.post('/api/admin/users', body)).status).toBe(201);
    const taken = await admin.post('/api/admin/users', { ...body, email: 'SECOND@office.example' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: OFFICE_ACCOUNT_MESSAGES.emailTaken });
    expect((await admin.post('/api/admin/users', { ...body, email: 'short@office.example', password: 'short-pass' })).status).toBe(400);
    const parentRole = await admin.post<{ issues: Record<string, string> }>('/api/admin/users', { ...body, email: 'role@office.example', role: 'parent' });
    expect(parentRole.status).toBe(400);
    expect(parentRole.body.issues.role).toBe(OFFICE_ACCOUNT_MESSAGES.roleInvalid);
  });

  it('renames and changes a role; a parent or unknown id is not one of the office accounts (404)', async () => {
    const staff = await createStaff(t.db);
    const renamed = await admin.put<{ user: OfficeUser }>(`/api/admin/users/${staff.id}`, { name: 'Renamed Staff', role: 'admin' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user).toMatchObject({ id: staff.id, name: 'Renamed Staff', role: 'admin', active: true });
    const parent = await createParent(t.db);
    expect((await admin.put(`/api/admin/users/${parent.id}`, { name: 'Nope' })).status).toBe(404);
    expect((await admin.put('/api/admin/users/not-an-id', { name: 'Nope' })).status).toBe(404);
    await admin.put(`/api/admin/users/${staff.id}`, { role: 'staff' });
  });

  it('answers staff 403 { message } on all three paths', async () => {
    const staff = await createStaff(t.db);
    const client = await signIn(staff.email, staff.password);
    for (const response of [
      await client.get('/api/admin/users'),
      await client.post('/api/admin/users', { name: 'X', email: 'x@office.example', role: 'admin', password: 'long-enough-pass-3' }),
      await client.put(`/api/admin/users/${staff.id}`, { role: 'admin' }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ message: 'You do not have access to this' });
    }
    expect(await t.db.selectFrom('users').select('role').where('id', '=', staff.id).executeTakeFirstOrThrow()).toEqual({ role: 'staff' });
  });
});

describe('deactivation', () => {
  it('signs the person out at once and refuses their next sign-in', async () => {
    const staff = await createStaff(t.db);
    const client = await signIn(staff.email, staff.password);
    expect((await client.get('/api/admin/fees/overdue')).status).toBe(200);
    const off = await admin.put<{ user: OfficeUser }>(`/api/admin/users/${staff.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.user.active).toBe(false);
    expect((await client.get('/api/admin/fees/overdue')).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email: staff.email, password: staff.password })).status).toBe(403);
    const audit = await t.db.selectFrom('auditLogs').select('action').where('entityId', '=', staff.id).orderBy('createdAt', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('deactivate');
  });
});

describe('the last active admin', () => {
  async function activeAdmins(): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM users WHERE role = 'admin' AND status = 'active'`.execute(t.db);
    return Number(rows[0]!.n);
  }

  it('can be neither demoted nor deactivated (409), and stays signed in', async () => {
    // Every other admin made by this file's tests steps down first.
    await t.db.updateTable('users').set({ status: 'inactive' }).where('role', '=', 'admin').where('id', '!=', adminId).execute();
    for (const change of [{ role: 'staff' }, { active: false }]) {
      const refused = await admin.put(`/api/admin/users/${adminId}`, change);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: 'At least one active admin is required.', code: 'officeAccounts.lastActiveAdmin' });
    }
    expect(await activeAdmins()).toBe(1);
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });

  it('survives two admins demoting each other at the same moment: one succeeds, the other is refused', async () => {
    await t.db.updateTable('users').set({ status: 'inactive' }).where('role', '=', 'admin').execute();
    const first = await createAdmin(t.db, 'first-admin-pass-1');
    const second = await createAdmin(t.db, 'second-admin-pass-1');
    const [a, b] = await Promise.all([signIn(first.email, first.password), signIn(second.email, second.password)]);
    const answers = await Promise.all([a.put(`/api/admin/users/${second.id}`, { role: 'staff' }), b.put(`/api/admin/users/${first.id}`, { role: 'staff' })]);
    // The loser is refused either as no longer an admin (403, when the winner had committed before
    // its call was let in) or by the rule (409, when both were let in and the lock ordered them).
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect([403, 409]).toContain(answers.find((answer) => answer.status !== 200)!.status);
    expect(await activeAdmins()).toBe(1);
  });

  it('survives one admin demoting and deactivating both admins at the same moment: the second change gets 409', async () => {
    await t.db.updateTable('users').set({ status: 'inactive' }).where('role', '=', 'admin').execute();
    const first = await createAdmin(t.db, 'first-admin-pass-2');
    const second = await createAdmin(t.db, 'second-admin-pass-2');
    const a = await signIn(first.email, first.password);
    for (const change of [{ role: 'staff' }, { active: false }]) {
      await t.db.updateTable('users').set({ role: 'admin', status: 'active' }).where('id', 'in', [first.id, second.id]).execute();
      const answers = await Promise.all([a.put(`/api/admin/users/${second.id}`, change), a.put(`/api/admin/users/${first.id}`, change)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await activeAdmins()).toBe(1);
      if (answers[1]!.status === 200) a.cookie = (await signIn(second.email, second.password)).cookie;
    }
    await t.db.updateTable('users').set({ role: 'admin', status: 'active' }).where('id', '=', adminId).execute();
  });
});
