import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type HttpClient, type TestServer } from './test/harness.js';
import { createAdmin } from './test/factories.js';

const PHONE = '36661234';
const EMAIL = 'fatima.search@example.bh';

const lines: Record<string, unknown>[] = [];
let t: TestServer;
let admin: HttpClient;
beforeAll(async () => {
  t = await startTestServer({ logLevel: 'info', logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
  const account = await createAdmin(t.db);
  admin = t.client();
  expect((await admin.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
});
afterAll(() => t.close());

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
/** The log lines written since `from`, once the request's line is in (it is written when the answer has gone). */
async function linesAfter(from: number, count: number) {
  for (let wait = 0; lines.length < from + count && wait < 100; wait += 1) await new Promise((done) => setTimeout(done, 20));
  return lines.slice(from);
}

describe('the request log', () => {
  it('writes the path of an office search, not its query string', async () => {
    const from = lines.length;
    expect((await admin.get(`/trpc/admin.students.findParent?input=${input({ emailOrPhone: PHONE })}`)).status).toBe(200);
    expect((await admin.get(`/trpc/admin.students.list?input=${input({ search: EMAIL })}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/students?search=${PHONE}`)).status).toBe(200);
    const written = await linesAfter(from, 3);
    const text = JSON.stringify(written);
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain('fatima.search');
    expect(text).not.toContain('?');
    const completed = written.filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.path)).toEqual(['/trpc/admin.students.findParent', '/trpc/admin.students.list', '/api/admin/students']);
  });

  it('keeps sign-in bodies out of the log', async () => {
    const from = lines.length;
    await t.client().post('/trpc/auth.login', { email: EMAIL, password: 'a-secret-password' });
    const text = JSON.stringify(await linesAfter(from, 1));
    expect(text).toContain('/trpc/auth.login');
    expect(text).not.toContain('a-secret-password');
    expect(text).not.toContain('fatima.search');
  });

  it('writes any line naming the request (errors included) with the path alone', () => {
    const from = lines.length;
    // What Fastify and its plugins log with the request, e.g. an error's line.
    t.server.app.log.error(
      { req: { method: 'GET', url: `/trpc/admin.students.list?input=${input({ search: PHONE })}`, ip: '203.0.113.9', headers: { cookie: 'sid=secret' } } },
      'request errored',
    );
    const [line] = lines.slice(from);
    expect(line?.req).toEqual({ method: 'GET', path: '/trpc/admin.students.list', remoteAddress: '203.0.113.9' });
  });
});
