import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from './test/harness.js';

/**
 * A web build with its server entry, as apps/web's build leaves it (dist and dist-ssr side by side).
 * The entry stands in for entry-server.tsx: it renders the data it was given, and counts its renders.
 */
const INDEX =
  '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-AbC1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-Zz90.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/app-Ef56.css"></head><body><div id="root"></div></body></html>';
const ENTRY = `
let renders = 0;
export const SERVER_RENDERED_PAGES = ['/', '/register', '/driver-login'];
export function pageQueries(pathname) { return pathname === '/register' ? ['terms', 'settings'] : []; }
export async function loadEverything() {}
export async function renderPage(pathname, answers) {
  if (pathname === '/driver-login') throw new Error('a page that fails to render');
  renders += 1;
  return { html: '<main>' + pathname + ' render ' + renders + '</main>', data: JSON.stringify(answers) };
}
`;

let t: TestServer;
beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'web-build-'));
  const webDist = join(root, 'dist');
  for (const folder of [join(webDist, 'assets'), join(webDist, '.vite'), join(root, 'dist-ssr')]) mkdirSync(folder, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'assets', 'app-Ef56.css'), 'body{margin:0}');
  writeFileSync(join(webDist, 'assets', 'sign-in-Gh78.css'), '.card{padding:1rem}');
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), ENTRY);
  writeFileSync(
    join(webDist, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/register': {
        scripts: ['/assets/Register.page-Xy12.js'],
        styles: ['/assets/sign-in-Gh78.css'],
        data: ['/trpc/public.terms,public.settings?batch=1&input=%7B%7D'],
      },
    }),
  );
  t = await startTestServer({ webDist });
});
afterAll(() => t.close());

function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; html: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const html = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, html });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The JSON block the page's data travels in. */
function pageData(html: string): unknown {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

const english = { 'accept-language': 'en-GB,en;q=0.9', 'accept-encoding': 'gzip, deflate, br' };

describe('public pages rendered by the server', () => {
  it('in English, /register arrives server-rendered, with its data, its stylesheets inside, its code after it, inert until the app hydrates it, compressed', async () => {
    const page = await get('/register', english);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(page.html).toMatch(/<div id="root" data-entry="\/assets\/index-AbC1.js" inert><main>\/register render \d+<\/main><\/div>/);
    // The terms and settings the server's own procedures answer (the seeded terms version).
    const [terms, settings] = pageData(page.html) as [{ id: string; content: string }, { supportPhone1: string }];
    expect(terms.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof settings.supportPhone1).toBe('string');
    // No stylesheet to fetch before the first paint; the page's own is marked for the app's loader.
    // (a disabled link beside each tells the app's loader it is there, so it does not fetch it again).
    expect(page.html).toContain(
      '<style data-href="/assets/app-Ef56.css">body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/app-Ef56.css" disabled>',
    );
    expect(page.html).toContain(
      '<style data-href="/assets/sign-in-Gh78.css">.card{padding:1rem}</style><link rel="stylesheet" crossorigin href="/assets/sign-in-Gh78.css" disabled>',
    );
    expect(page.html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/app-Ef56.css">');
    // The code is fetched at low priority and started after the first paint (public/paint-first.js).
    expect(page.html).not.toContain('<script type="module" crossorigin src="/assets/index-AbC1.js">');
    expect(page.html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index-AbC1.js"><script type="module" src="/paint-first.js"></script>',
    );
    expect(page.html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" data-run-first href="/assets/react-Zz90.js">');
    expect(page.html).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" data-run-first href="/assets/Register.page-Xy12.js">');
    expect(page.headers.link).toBeUndefined();
  });

  it('/ is server-rendered too, gzip-compressed for a browser that takes only gzip', async () => {
    const page = await get('/', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.html).toMatch(/<div id="root" data-entry="[^"]+" inert><main>\/ render \d+<\/main><\/div>/);
  });

  it('for a browser in Arabic (its cookie, else its first language) the page is the app itself, with its data preloaded', async () => {
    const arabic: Record<string, string>[] = [
      { cookie: 'language=ar' },
      { 'accept-language': 'ar-BH,en;q=0.8' },
      { cookie: 'language=ar', 'accept-language': 'en' },
    ];
    for (const headers of arabic) {
      const page = await get('/register', headers);
      expect(page.html, JSON.stringify(headers)).toBe(INDEX);
      expect(page.headers.link, JSON.stringify(headers)).toContain(
        '</trpc/public.terms,public.settings?batch=1&input=%7B%7D>; rel=preload; as=fetch; crossorigin=use-credentials',
      );
    }
    // The cookie is the browser's own choice and wins over its first language.
    expect((await get('/register', { cookie: 'language=en', 'accept-language': 'ar' })).html).toContain('<main>/register');
  });

  it('a page that fails to render on the server is the app itself, which the browser renders', async () => {
    const page = await get('/driver-login', english);
    expect(page.status).toBe(200);
    expect(page.html).toBe(INDEX);
  });

  it('pages that depend on who is signed in are the app itself', async () => {
    for (const path of ['/parent', '/admin', '/driver', '/no-such-page']) expect((await get(path, english)).html, path).toBe(INDEX);
  });

  it('a page is rendered again only when its data changed, and shows the change at once', async () => {
    const first = await get('/register', english);
    const again = await get('/register', english);
    expect(again.html).toBe(first.html);
    await t.db
      .insertInto('settings')
      .values({ key: 'contactText', value: JSON.stringify('Call us </script><script>alert(1)</script>') })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify('Call us </script><script>alert(1)</script>') }))
      .execute();
    const changed = await get('/register', english);
    expect(changed.html).not.toBe(first.html);
    const [, settings] = pageData(changed.html) as [unknown, { contactText: string }];
    expect(settings.contactText).toBe('Call us </script><script>alert(1)</script>');
    // The text cannot end the JSON block: only the block's own closing tag is in the page.
    expect(changed.html.match(/<\/script>/g)).toHaveLength(2);
    expect(changed.html).toContain('Call us \\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });
});
