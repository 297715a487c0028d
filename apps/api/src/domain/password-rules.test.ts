import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, messageCode, SERVER_MESSAGES } from '@school-transport/contracts';
import { HttpClient, startTestServer, type TestServer } from '../test/harness.js';
import { createAdmin, createDriver } from '../test/factories.js';
import { createBootstrapAdmin } from './admin-bootstrap.js';
import { loadConfig } from '../env.js';

/**
 * The password rules: no one may choose one of the 10,000 most common passwords (parents at
 * registration, drivers when the office sets theirs, admins), and admin passwords are at least 12
 * characters. The refusal is a 400 whose message sits on the password field, as the forms show it.
 */
let t: TestServer;
let office: HttpClient;
let choices: { schoolId: string; areaId: string; termsVersionId: string };
let sequence = 0;

beforeAll(async () => {
  t = await startTestServer();
  const admin = await createAdmin(t.db);
  office = t.client();
  expect((await office.post('/api/auth/login', { email: admin.email, password: admin.password })).status).toBe(200);
  const stamp = Date.now().toString(36);
  const school = await t.db
    .insertInto('schools')
    .values({ schoolCode: `PW-${stamp}`, name: 'Password School' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const area = await t.db
    .insertInto('areas')
    .values({ name: `Password ${stamp}`, price: '25.00' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const terms = await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow();
  choices = { schoolId: school.id, areaId: area.id, termsVersionId: terms.id };
});
afterAll(() => t.close());

function registration(password: string) {
  sequence += 1;
  return {
    firstName: 'Mariam',
    fathersName: 'Yusuf',
    lastName: `Rules ${sequence}`,
    grade: '2',
    studentSchoolId: `PW-${sequence}`,
    parentName: 'Yusuf',
    parentEmail: `rules-${Date.now().toString(36)}-${sequence}@example.com`,
    parentPhone: '36004455',
    password,
    serviceType: 'BOTH',
    block: '1',
    road: '2',
    houseBuilding: '3',
    termsAccepted: true,
    ...choices,
  };
}

const tooCommon = {
  message: MESSAGES.passwordTooCommon,
  issues: { password: MESSAGES.passwordTooCommon },
  code: 'validation.passwordTooCommon',
  issueCodes: { password: 'validation.passwordTooCommon' },
};
const uniquePhone = () => String(38_000_000 + Math.floor(Math.random() * 999_999));

describe('common passwords', () => {
  it('are refused at registration with the message on the password field, and nothing is written', async () => {
    for (const password of ['password123', 'Password123', 'qwerty123']) {
      const input = registration(password);
      const response = await t.client().post('/api/registrations', input);
      expect([response.status, response.body]).toEqual([400, tooCommon]);
      expect(await t.db.selectFrom('users').select('id').where('email', '=', input.parentEmail).executeTakeFirst()).toBeUndefined();
    }
    expect(MESSAGES.passwordTooCommon).toBe('This password is too common. Please choose another.');
  });

  it('are refused alike whether or not the email has an account', async () => {
    const first = registration('bus-stop-4417');
    expect((await t.client().post('/api/registrations', first)).status).toBe(201);
    const again = { ...registration('123456789'), parentEmail: first.parentEmail };
    const response = await t.client().post('/api/registrations', again);
    expect([response.status, response.body]).toEqual([400, tooCommon]);
  });

  it('leave a password that is not common to the six-character rule: registration goes through', async () => {
    const response = await t.client().post('/api/registrations', registration('bus-stop-4418'));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: SERVER_MESSAGES.registrationReceived, redirectTo: '/parent-login' });
  });

  it("are refused for a driver's account, when the office creates the driver or sets a new password", async () => {
    const created = await office.post('/api/admin/drivers', { name: 'Common Driver', phone: uniquePhone(), licenseNo: 'DL-1', password: 'letmein' });
    expect([created.status, created.body]).toEqual([400, tooCommon]);

    const driver = await createDriver(t.db);
    const driverRow = await t.db.selectFrom('drivers').select(['id', 'name', 'licenseNo']).where('userId', '=', driver.id).executeTakeFirstOrThrow();
    const update = { name: driverRow.name, phone: driver.phone, licenseNo: driverRow.licenseNo };
    const changed = await office.put(`/api/admin/drivers/${driverRow.id}`, { ...update, password: 'iloveyou' });
    expect([changed.status, changed.body]).toEqual([400, tooCommon]);
    // The old password still signs in: nothing was changed.
    expect((await t.client().post('/api/driver/login', { phone: driver.phone, password: driver.password })).status).toBe(200);
    expect((await office.put(`/api/admin/drivers/${driverRow.id}`, { ...update, password: 'night-route-22' })).status).toBe(200);
  });
});

describe('admin passwords', () => {
  it('are at least 12 characters and not common, for the configured admin created over POST /api/auth/create-admin', async () => {
    for (const [password, message] of [
      ['boot-pass', MESSAGES.staffPasswordMin],
      ['qwerty123456', MESSAGES.passwordTooCommon],
    ] as const) {
      const email = `boot-${(sequence += 1)}@example.com`;
      const configured = await t.startAnother({ bootstrapAdmin: { email, password } });
      const response = await new HttpClient(configured.url).post('/api/auth/create-admin', {});
      expect([response.status, response.body]).toEqual([
        400,
        { message, issues: { password: message }, code: messageCode(message), issueCodes: { password: messageCode(message) } },
      ]);
      expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    }
  });

  it('are refused by the account creation that `pnpm admin:create` and the start use', async () => {
    await expect(createBootstrapAdmin(t.db, { email: 'short-admin@example.com', password: 'elevenchars' })).rejects.toThrow(MESSAGES.staffPasswordMin);
    expect(await createBootstrapAdmin(t.db, { email: 'long-admin@example.com', password: 'twelve-chars' })).toBe(true);
  });

  it('stop the server from starting when ADMIN_PASSWORD breaks them, in production and elsewhere', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'password-rules-'));
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-session-secret-of-at-least-32-characters', NOTIFY_TRANSPORT: 'log' };
    for (const environment of [{}, production]) {
      expect(() => loadConfig({ ...environment, DATA_DIR: dataDir, ADMIN_EMAIL: 'office@example.bh', ADMIN_PASSWORD: 'short-pass' })).toThrow(
        `ADMIN_PASSWORD is refused: ${MESSAGES.staffPasswordMin}`,
      );
      expect(() => loadConfig({ ...environment, DATA_DIR: dataDir, ADMIN_EMAIL: 'office@example.bh', ADMIN_PASSWORD: 'qwerty123456' })).toThrow(
        `ADMIN_PASSWORD is refused: ${MESSAGES.passwordTooCommon}`,
      );
      expect(loadConfig({ ...environment, DATA_DIR: dataDir, ADMIN_EMAIL: 'office@example.bh', ADMIN_PASSWORD: 'office-admin-2026' }).admin).toEqual({
        email: 'office@example.bh',
        password: 'office-admin-2026',
      });
    }
  });
});
