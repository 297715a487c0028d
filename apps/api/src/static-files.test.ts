import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from './test/harness.js';

/** A built web app as apps/web's build leaves it: hashed assets with .br and .gz beside them. */
const SCRIPT = `export const greeting = ${JSON.stringify('Safe & Reliable Student Transport Services '.repeat(200))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

let t: TestServer;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  for (const [path, content] of [
    ['assets/index-AbC123xy.js', SCRIPT],
    ['index.html', INDEX],
  ] as const) {
    writeFileSync(join(webDist, path), content);
    writeFileSync(join(webDist, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(webDist, `${path}.gz`), gzipSync(content));
  }
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(
    join(webDist, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/register': {
        scripts: ['/assets/Register.page-Xy12.js', '/assets/Select-Ab34.js'],
        styles: ['/assets/public-forms-Cd56.css'],
        data: ['/trpc/public.meta,public.terms?batch=1&input=%7B%7D'],
      },
    }),
  );
  t = await startTestServer({ webDist });
});
afterAll(() => t.close());

/** A raw GET (fetch would decode the body and hide what travelled). */
function rawGet(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files of the web app', () => {
  it('a hashed asset travels brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const response = await rawGet('/assets/index-AbC123xy.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it('gzip when the client accepts only gzip, with the same cache headers', async () => {
    const response = await rawGet('/assets/index-AbC123xy.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.body).toString()).toBe(SCRIPT);
  });

  it('the plain file to a client that accepts no compression', async () => {
    const response = await rawGet('/assets/index-AbC123xy.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toBe(SCRIPT);
  });

  it('index.html, at / and at every page route, is compressed too but revalidated on each visit', async () => {
    for (const path of ['/', '/register', '/parent-login']) {
      const response = await rawGet(path, 'br, gzip');
      expect(response.status, path).toBe(200);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(brotliDecompressSync(response.body).toString(), path).toBe(INDEX);
    }
  });

  it("a page route's HTML names the chunks and data its page needs, so they download alongside the entry", async () => {
    const register = await rawGet('/register?from=landing', 'br');
    // crossorigin as the web app's own requests make them (Vite links stylesheets anonymously, tRPC
    // sends credentials): a preload in another mode would be downloaded twice.
    expect(register.headers.link).toBe(
      '</assets/public-forms-Cd56.css>; rel=preload; as=style; crossorigin, </assets/Register.page-Xy12.js>; rel=modulepreload, </assets/Select-Ab34.js>; rel=modulepreload, ' +
        '</trpc/public.meta,public.terms?batch=1&input=%7B%7D>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
    expect((await rawGet('/register/', 'br')).headers.link).toBe(register.headers.link);
    expect((await rawGet('/parent-login', 'br')).headers.link).toBeUndefined();
  });
});
