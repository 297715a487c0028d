import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SIGN_INS, seedDemo } from '@school-transport/db/demo';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { hashPassword } from '../passwords.js';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PATH = '/api/dev/force-admin-credentials';

describe('the force-admin credentials endpoint (development only)', () => {
  it('does not exist on a production server, even with an admin configured', async () => {
    t = await startTestServer({ development: false, bootstrapAdmin: { email: 'boss@example.com', password: 'boss-pass-long' } });
    const response = await t.client().get(PATH);
    expect(response.status).toBe(404);
    expect(response.body).not.toHaveProperty('password');
  });

  it('answers the configured admin on a development server', async () => {
    t = await startTestServer({ development: true, bootstrapAdmin: { email: 'boss@example.com', password: 'boss-pass-long' } });
    const response = await t.client().get(PATH);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: 'boss@example.com', password: 'boss-pass-long' });
  });

  it('falls back to the demo admin when the demo data is loaded, and is 404 without any admin', async () => {
    t = await startTestServer({ development: true });
    expect((await t.client().get(PATH)).status).toBe(404);
    await seedDemo(t.db, hashPassword);
    const response = await t.client().get(PATH);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ email: DEMO_SIGN_INS.admin.email, password: DEMO_SIGN_INS.admin.password });
  });
});
