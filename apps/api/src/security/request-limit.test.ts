import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { startTestServer, type TestServer } from '../test/harness.js';

const CAP = 3;
const SCRIPT = '/assets/index-AbC123xy.js';
let t: TestServer;
let lastAddress = 0;
beforeAll(async () => {
  // A built web app, as production serves it: its static files' catch-all route must not swallow
  // the API paths that no API route matches.
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, SCRIPT), 'export {};\n');
  // Behind one proxy: each test's client is told apart by the address the proxy adds.
  t = await startTestServer({ requestsPerMinute: CAP, trustProxy: 1, webDist });
});
afterAll(() => t.close());

/** A raw request: fetch would tidy the path (`/api/./meta` → `/api/meta`) before sending it. */
async function send(path: string, forwardedFor: string, method = 'GET'): Promise<number> {
  return (await answer(path, forwardedFor, method)).status;
}

async function answer(path: string, forwardedFor: string, method = 'GET'): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(t.url, { method, path, headers: { 'x-forwarded-for': forwardedFor } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], body }));
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

/** The answer to one more request of a new client address after CAP requests to `path`. */
async function afterTheCap(path: string, method = 'GET') {
  const own = `203.0.113.${++lastAddress}`;
  for (let attempt = 0; attempt < CAP; attempt += 1) await send(path, own, method);
  return answer(path, own, method);
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
    'a tripled slash': '///api/meta',
    'a dot-dot segment inside the API': '/api/../api/meta',
    'an unknown API path': '/api/unknown-path',
    'the API prefix alone': '/api',
    'an unknown path in upper case': '/API/UNKNOWN',
    'a trailing dot on the prefix': '/api./meta',
    'trailing dots on the prefix': '/api../meta',
    'a trailing space on the prefix': '/api%20/meta',
    'a backslash for a slash': '/api%5Cmeta',
    'a trailing dot segment': '/api/meta/.',
    'a path parameter': '/api;x/meta',
    'an unknown tRPC procedure': '/trpc/no.such.procedure',
  };
  for (const [what, path] of Object.entries(spellings)) {
    it(`counts ${what} (${path}): past the cap, 429 { message } with Retry-After`, async () => {
      const refused = await afterTheCap(path);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.retryAfter), path).toBeGreaterThan(0);
      expect(JSON.parse(refused.body), path).toMatchObject({ message: SERVER_MESSAGES.tooManyRequests });
    });
  }

  it('counts a POST to an unknown API path as well', async () => {
    expect((await afterTheCap('/api/unknown-path', 'POST')).status).toBe(429);
  });

  it('counts one budget across every spelling of the same address’s requests', async () => {
    const statuses = await overTheCap((attempt) => ['/api/meta', '/%61pi/meta', '/api/%6d%65ta', '/%61pi/meta'][attempt]!);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('still counts no pages and no static files', async () => {
    for (const path of ['/', '/register', '/parent-login', '/register/', SCRIPT, '/index.html', '/assets/missing.js', '/apiary', '/trpcs']) {
      const statuses = await overTheCap(() => path);
      expect(statuses, path).not.toContain(429);
    }
  });

  it('leaves a page answered after the same address used up its API budget', async () => {
    const own = `203.0.113.${++lastAddress}`;
    for (let attempt = 0; attempt <= CAP; attempt += 1) await send('//api/meta', own);
    expect(await send('/api/meta', own)).toBe(429);
    expect(await send('/register', own)).toBe(200);
    expect(await send(SCRIPT, own)).toBe(200);
  });
});

describe('behind a proxy (TRUST_PROXY as a hop count)', () => {
  it('takes the address the proxy added, so a client cannot choose its own by writing X-Forwarded-For', async () => {
    // The client writes a new address of its own each time; the proxy appends the real one.
    const statuses = await overTheCap(
      () => '/api/meta',
      (own) => `198.51.100.${Math.floor(Math.random() * 250)}, ${own}`,
    );
    expect(statuses.at(-1)).toBe(429);
  });
});
