import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin, createParent } from '../test/factories.js';

/**
 * U+0000 in any text: PostgreSQL cannot store or compare it (the embedded database can), so before
 * this check a lookup with one answered 500 on PostgreSQL (found by the fast-check suite). Now every
 * procedure, tRPC or REST, answers 400 and writes nothing; who asks is still settled first.
 */
let t: TestServer;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestServer();
  const account = await createAdmin(t.db);
  admin = t.client();
  expect((await admin.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
});
afterAll(() => t.close());

describe('a null character or half a surrogate pair in the input', () => {
  it('is a 400 with its message on a REST query, a REST body and a tRPC call', async () => {
    const lookup = await admin.get('/api/admin/parents/lookup?emailOrPhone=a%00b');
    expect([lookup.status, lookup.body]).toEqual([400, { message: MESSAGES.nullCharacter, code: 'validation.nullCharacter' }]);
    const search = await admin.get('/api/admin/students?search=%00');
    expect([search.status, search.body]).toEqual([400, { message: MESSAGES.nullCharacter, code: 'validation.nullCharacter' }]);
    const trpc = await admin.get(`/trpc/admin.students.findParent?input=${encodeURIComponent(JSON.stringify({ emailOrPhone: 'x\u0000' }))}`);
    expect(trpc.status).toBe(400);
    expect(JSON.stringify(trpc.body)).toContain(MESSAGES.nullCharacter);

    const schools = async () => (await t.db.selectFrom('schools').select('id').execute()).length;
    const before = await schools();
    const school = await admin.post('/api/admin/schools', { schoolCode: 'NUL-1', name: 'Nul\u0000School' });
    expect([school.status, school.body]).toEqual([400, { message: MESSAGES.nullCharacter, code: 'validation.nullCharacter' }]);
    // Keys count too, and nested values.
    const nested = await admin.post('/api/admin/schools', { schoolCode: 'NUL-2', name: 'Fine', ['extra\u0000']: { deep: ['a\u0000'] } });
    expect(nested.status).toBe(400);
    expect(await schools()).toBe(before);
  });

  it('is still 401 for an anonymous caller and 403 for the wrong role: who asks is settled first', async () => {
    expect((await t.client().get('/api/admin/parents/lookup?emailOrPhone=a%00b')).status).toBe(401);
    const account = await createParent(t.db);
    const parent = t.client();
    expect((await parent.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    expect((await parent.get('/api/admin/parents/lookup?emailOrPhone=a%00b')).status).toBe(403);
    const registration = await t.client().post('/api/registrations', { firstName: 'a\u0000b' });
    expect([registration.status, registration.body]).toEqual([400, { message: MESSAGES.nullCharacter, code: 'validation.nullCharacter' }]);
  });

  it('refuses half of a surrogate pair the same way (the settings, kept as jsonb, answered 500 with one), and takes whole pairs', async () => {
    for (const text of ['\uD800', 'a\uDC00b', '\uDBFFx']) {
      const settings = await admin.put('/api/admin/settings', { companyName: text });
      expect([settings.status, settings.body]).toEqual([400, { message: MESSAGES.brokenCharacter, code: 'validation.brokenCharacter' }]);
      const school = await admin.post('/api/admin/schools', { schoolCode: 'SUR-1', name: text });
      expect([school.status, school.body]).toEqual([400, { message: MESSAGES.brokenCharacter, code: 'validation.brokenCharacter' }]);
    }
    const emoji = await admin.post<{ school: { name: string } }>('/api/admin/schools', { schoolCode: 'SUR-2', name: 'Bus 🚌 School' });
    expect([emoji.status, emoji.body.school.name]).toEqual([201, 'Bus 🚌 School']);
  });
});
