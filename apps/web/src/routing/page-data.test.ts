import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageDataUrl } from './page-data.js';
import { prefetchPageData } from './prefetch-page-data.js';
import { PAGE_ROUTES } from './routes.js';

afterEach(() => vi.unstubAllGlobals());

describe('the data a page opens with', () => {
  it('is asked for as the one GET that the page HTML preloads, so the browser uses the preloaded answer', async () => {
    const queries = PAGE_ROUTES.find((route) => route.path === '/register')?.data ?? [];
    // The client's request is recorded (and answered as the server would) instead of going out.
    const requests: { url: string; credentials?: RequestCredentials }[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      requests.push({ url: String(url), credentials: init?.credentials });
      const answers = queries.map(() => ({ result: { data: {} } }));
      return Promise.resolve(new Response(JSON.stringify(answers), { headers: { 'content-type': 'application/json' } }));
    });
    await prefetchPageData(queries);
    expect(requests).toEqual([{ url: pageDataUrl(queries), credentials: 'include' }]);
    expect(pageDataUrl(queries)).toBe('/trpc/public.meta,public.terms,public.settings?batch=1&input=%7B%7D');
  });
});
