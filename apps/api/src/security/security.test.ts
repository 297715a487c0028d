import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, startTestServer, type TestServer } from '../test/harness.js';
import { createParent } from '../test/factories.js';

let t: TestServer;
let limited: { url: string };
beforeAll(async () => {
  t = await startTestServer({ allowedOrigins: ['https://app.example.bh'] });
  limited = await t.startAnother({ requestsPerMinute: 5 });
});
afterAll(() => t.close());

describe('cross-site request forgery', () => {
  it('refuses a sign-in posted from another site with 403 and changes nothing', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    const refused = await client.post('/api/auth/login', { email: parent.email, password: parent.password }, { origin: 'https://evil.example.com' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This request came from another site and was refused' });
    expect(client.cookie).toBeUndefined();
  });

  it('refuses a signed-in mutation whose Referer is another site when there is no Origin', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    expect((await client.post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(200);
    const refused = await client.post('/api/auth/logout', {}, { referer: 'https://evil.example.com/page' });
    expect(refused.status).toBe(403);
    // The session is still there: the forged logout did nothing.
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('refuses a tRPC mutation from another site', async () => {
    const refused = await t.client().post('/trpc/auth.logout', {}, { origin: 'null' });
    expect(refused.status).toBe(403);
  });

  it('accepts the app’s own origin, a configured origin, and clients that name no origin', async () => {
    const parent = await createParent(t.db);
    const own = new URL(t.url).origin;
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password }, { origin: own })).status).toBe(200);
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password }, { origin: 'https://app.example.bh' })).status).toBe(200);
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(200);
  });

  it('never blocks reads', async () => {
    expect((await t.client().get('/api/meta', { origin: 'https://evil.example.com' })).status).toBe(200);
  });
});

describe('the cap on API requests per address', () => {
  it('answers 429 with a JSON message past the cap, for any endpoint, and counts no pages', async () => {
    const client = new HttpClient(limited.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await client.get('/api/meta')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const over = await client.get('/api/terms');
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: 'Too many requests. Please wait a minute and try again.' });
    expect(over.headers.get('retry-after')).toBeTruthy();
    // Pages and static files are not API requests.
    expect((await client.get('/parent')).status).not.toBe(429);
  });
});
