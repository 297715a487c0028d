import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '@school-transport/contracts';
import { startTestServer, type TestServer } from './test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** The answer as it travels: its status and the body's exact text. */
async function raw(path: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(`${t.url}${path}`, init);
  return { status: response.status, text: await response.text() };
}
const postJson = (path: string, body: unknown) =>
  raw(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('REST error answers', () => {
  it('keep `message` as it was and add the code that names it', async () => {
    const refused = await postJson('/api/auth/login', { email: 'nobody-here@example.com', password: 'not-the-password' });
    expect(refused.status).toBe(401);
    expect(refused.text).toBe(`{"message":${JSON.stringify(SERVER_MESSAGES.invalidCredentials)},"code":"server.invalidCredentials"}`);
  });

  it('keep `message` and `issues` first, then the codes of the message and of each field message', async () => {
    const refused = await postJson('/api/auth/login', { email: 'not-an-email', password: '' });
    expect(refused.status).toBe(400);
    const before = JSON.stringify({ message: MESSAGES.invalidEmail, issues: { email: MESSAGES.invalidEmail, password: MESSAGES.passwordRequired } });
    expect(refused.text).toBe(
      `${before.slice(0, -1)},"code":"validation.invalidEmail","issueCodes":{"email":"validation.invalidEmail","password":"validation.passwordRequired"}}`,
    );
  });

  it('give a field message the contract does not have no code, and the others theirs', async () => {
    const refused = await postJson('/api/auth/login', { email: 'not-an-email', password: 'x', rememberMe: 'yes' });
    expect(refused.status).toBe(400);
    const body = JSON.parse(refused.text) as { issues: Record<string, string>; issueCodes: Record<string, string> };
    expect(Object.keys(body.issues).sort()).toEqual(['email', 'rememberMe']);
    expect(body.issueCodes).toEqual({ email: 'validation.invalidEmail' });
  });

  it('carry codes also where the server answers before any procedure (unknown path, another site, a body not JSON)', async () => {
    expect(await raw('/api/no-such-thing')).toEqual({ status: 404, text: '{"message":"Not found","code":"server.notFound"}' });
    const crossSite = await raw('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example.com' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.text)).toEqual({ message: SERVER_MESSAGES.crossSiteRefused, code: 'server.crossSiteRefused' });
    const notJson = await raw('/trpc/auth.login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(notJson.status).toBe(415);
    expect(JSON.parse(notJson.text)).toEqual({ message: SERVER_MESSAGES.jsonOnly, code: 'server.jsonOnly' });
  });

  it('answer text the contract does not have (the framework’s own) without a code', async () => {
    const malformed = await postJson('/api/auth/login', '{"email":');
    expect(malformed.status).toBe(400);
    const body = JSON.parse(malformed.text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['message']);
  });
});

describe('tRPC error answers', () => {
  interface TrpcError {
    error: {
      message: string;
      data: { code: string; httpStatus: number; messageCode?: string; issues?: Record<string, string>; issueCodes?: Record<string, string> };
    };
  }

  it("keep tRPC's own data.code and carry the message's code as data.messageCode", async () => {
    const refused = await t.client().post<TrpcError>('/trpc/auth.login', { email: 'nobody-here@example.com', password: 'not-the-password' });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(SERVER_MESSAGES.invalidCredentials);
    expect(refused.body.error.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, messageCode: 'server.invalidCredentials' });
  });

  it('carry the field messages’ codes beside the field messages', async () => {
    const refused = await t.client().post<TrpcError>('/trpc/auth.login', { email: 'not-an-email', password: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.data).toMatchObject({
      code: 'BAD_REQUEST',
      messageCode: 'validation.invalidEmail',
      issues: { email: MESSAGES.invalidEmail, password: MESSAGES.passwordRequired },
      issueCodes: { email: 'validation.invalidEmail', password: 'validation.passwordRequired' },
    });
  });

  it('give no messageCode to text the contract does not have', async () => {
    // No bootstrap admin is configured on the test server: its refusal is the server's own sentence.
    const refused = await t.client().post<TrpcError>('/trpc/auth.createAdmin', {});
    expect(refused.status).toBe(404);
    expect(refused.body.error.data.code).toBe('NOT_FOUND');
    expect(refused.body.error.data).not.toHaveProperty('messageCode');
  });
});
