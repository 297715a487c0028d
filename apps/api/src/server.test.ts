import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from './test/harness.js';

let t: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await startTestServer({ webDist });
});
afterAll(() => t.close());

describe('the documented public paths', () => {
  it('GET /api/health answers 200 once the database is migrated', async () => {
    const health = await t.client().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
  });

  it('GET /api/meta answers { schools, areas } with prices as two-decimal strings', async () => {
    await t.db.insertInto('schools').values({ schoolCode: 'META-1', name: 'Meta School' }).execute();
    await t.db.insertInto('areas').values({ name: 'Meta Area', price: '31.5', roundaboutCount: 3 }).execute();
    const meta = await t.client().get<{ schools: unknown[]; areas: { name: string; price: string; id: string; roundaboutCount: number }[] }>('/api/meta');
    expect(meta.status).toBe(200);
    expect(Object.keys(meta.body).sort()).toEqual(['areas', 'schools']);
    expect(meta.body.schools).toContainEqual({ id: expect.any(String), name: 'Meta School' });
    expect(meta.body.areas).toContainEqual({ id: expect.stringMatching(/^area-\d{3}$/), name: 'Meta Area', price: '31.50', roundaboutCount: 3 });
  });

  it('GET /api/terms answers the active terms version with its id', async () => {
    const terms = await t.client().get('/api/terms');
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({ id: expect.any(String), version: 1, active: true, content: expect.stringContaining('3 minutes') });
  });

  it('GET /api/settings answers the company settings, empty until the office fills them in', async () => {
    const settings = await t.client().get('/api/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ supportPhone1: '', supportPhone2: '', instagramUrl: '' });
  });
});

describe('answers for what goes wrong', () => {
  it('an unknown /api path is a JSON 404, while page paths get the web app', async () => {
    const api = await t.client().get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: 'Not found', code: 'server.notFound' });
    const page = await t.client().get<string>('/parent');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it('a body over 1 MB is refused with 413', async () => {
    const response = await t.client().request('POST', '/api/auth/login', JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request is too large', code: 'server.payloadTooLarge' });
  });

  it('malformed JSON is a 400 with a message and no stack', async () => {
    const response = await t.client().request('POST', '/api/auth/login', '{"email":');
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('message');
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('sends security headers', async () => {
    const response = await t.client().get('/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('sends the same security headers on answers, refusals and unknown paths', async () => {
    const names = [
      'content-security-policy',
      'strict-transport-security',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ];
    const headersOf = (response: { headers: Headers }) => names.map((name) => response.headers.get(name));
    const answer = headersOf(await t.client().get('/api/meta'));
    expect(answer.every(Boolean)).toBe(true);
    expect(headersOf(await t.client().get('/api/admin/students'))).toEqual(answer);
    expect(headersOf(await t.client().get('/api/no-such-path'))).toEqual(answer);
    expect(headersOf(await t.client().request('POST', '/api/auth/login', '{"email":'))).toEqual(answer);
  });
});
