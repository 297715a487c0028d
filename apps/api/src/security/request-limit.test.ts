import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

const CAP = 3;
let t: TestServer;
let lastAddress = 0;
beforeAll(async () => {
  // Behind one proxy: each test's client is told apart by the address the proxy adds.
  t = await startTestServer({ requestsPerMinute: CAP, trustProxy: 1 });
});
afterAll(() => t.close());

/** A raw request: fetch would tidy the path (`/api/./meta` → `/api/meta`) before sending it. */
async function send(path: string, forwardedFor: string, method = 'GET'): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(t.url, { method, path, headers: { 'x-forwarded-for': forwardedFor } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Statuses of CAP + 1 requests from one new client address, each spelled by `spell`. */
async function overTheCap(spell: (attempt: number) => string, addressOf = (own: string) => own): Promise<number[]> {
  const own = `203.0.113.${++lastAddress}`;
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= CAP; attempt += 1) statuses.push(await send(spell(attempt), addressOf(own)));
  return statuses;
}

describe('the cap counts API requests however their URL is spelled', () => {
  const spellings: Record<string, string> = {
    'a percent-encoded first letter': '/%61pi/meta',
    'upper-case hex digits': '/api/%6D%65%74%61',
    'lower-case hex digits': '/%61%70%69/%6d%65%74%61',
    'an encoded slash': '/api%2Fmeta',
    'a doubled slash': '//api/meta',
    'a dot segment': '/api/./meta',
    'an encoded dot segment': '/api/%2E/meta',
    'a dot-dot segment': '/x/../api/meta',
    'upper case': '/API/meta',
    'an encoded tRPC prefix': '/%74rpc/public.meta',
  };
  for (const [what, path] of Object.entries(spellings)) {
    it(`counts ${what} (${path})`, async () => {
      const statuses = await overTheCap(() => path);
      expect(statuses.at(-1), statuses.join()).toBe(429);
    });
  }

  it('counts one budget across every spelling of the same address’s requests', async () => {
    const statuses = await overTheCap((attempt) => ['/api/meta', '/%61pi/meta', '/api/%6d%65ta', '/%61pi/meta'][attempt]!);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('still counts no pages', async () => {
    const statuses = await overTheCap(() => '/parent-login');
    expect(statuses).not.toContain(429);
  });
});

describe('behind a proxy (TRUST_PROXY as a hop count)', () => {
  it('takes the address the proxy added, so a client cannot choose its own by writing X-Forwarded-For', async () => {
    // The client writes a new address of its own each time; the proxy appends the real one.
    const statuses = await overTheCap(() => '/api/meta', (own) => `198.51.100.${Math.floor(Math.random() * 250)}, ${own}`);
    expect(statuses.at(-1)).toBe(429);
  });
});
