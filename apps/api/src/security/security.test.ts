import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, startTestServer, type TestServer } from '../test/harness.js';
import { createParent } from '../test/factories.js';

let t: TestServer;
let limited: { url: string };
let proxied: { url: string };
beforeAll(async () => {
  t = await startTestServer({ allowedOrigins: ['https://app.example.bh'] });
  limited = await t.startAnother({ requestsPerMinute: 5 });
  proxied = await t.startAnother({ requestsPerMinute: 5, trustProxy: 1 });
});
afterAll(() => t.close());

describe('cross-site request forgery', () => {
  it('refuses a sign-in posted from another site with 403 and changes nothing', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    const refused = await client.post('/api/auth/login', { email: parent.email, password: parent.password }, { origin: 'https://evil.example.com' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'This request came from another site and was refused', code: 'server.crossSiteRefused' });
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
    expect((await t.client().post('/api/auth/login', { email: parent.email, password: parent.password }, { origin: 'https://app.example.bh' })).status).toBe(
      200,
    );
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
    expect(over.body).toEqual({ message: 'Too many requests. Please wait a minute and try again.', code: 'server.tooManyRequests' });
    expect(over.headers.get('retry-after')).toBeTruthy();
    // Pages and static files are not API requests.
    expect((await client.get('/parent')).status).not.toBe(429);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('counts each client by its forwarded address, so one client cannot use up another’s cap', async () => {
    const client = new HttpClient(proxied.url);
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 5; i += 1) expect((await client.get('/api/meta', from('203.0.113.7'))).status).toBe(200);
    expect((await client.get('/api/meta', from('203.0.113.7'))).status).toBe(429);
    // Another client behind the same proxy still has its own.
    expect((await client.get('/api/meta', from('203.0.113.8'))).status).toBe(200);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For, so a script cannot escape the cap by making addresses up', async () => {
    const client = new HttpClient(limited.url);
    // Six requests, each naming another address: they are all 127.0.0.1's, so the sixth is over the cap of five.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await client.get('/api/meta', { 'x-forwarded-for': `198.51.100.${i}` })).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it('takes the app’s own origin from X-Forwarded-Proto and -Host behind the proxy, and only there', async () => {
    const parent = await createParent(t.db);
    const behindProxy = {
      origin: 'https://bus.example.bh',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'bus.example.bh',
      'x-forwarded-for': '203.0.113.20',
    };
    expect((await new HttpClient(proxied.url).post('/api/auth/login', { email: parent.email, password: parent.password }, behindProxy)).status).toBe(200);
    // The same headers sent straight to a server that does not trust a proxy: another site.
    expect((await new HttpClient(t.url).post('/api/auth/login', { email: parent.email, password: parent.password }, behindProxy)).status).toBe(403);
  });
});
