import { describe, expect, it } from 'vitest';
import { preloadPage } from './Router.js';
import { renderPage } from './entry-server.js';
import { DEV_ROUTES, PAGE_ROUTES } from './routing/routes.js';

/** An address the route opens, its parameters filled in. */
const addressOf = (path: string) => path.replace(/:\w+/g, '8b1f0c3e-6a55-4d6f-9a3b-2f1c4e5d6a7b');

/** What a visitor sees of a page rendered at `pathname` (its text, without Mantine's style elements). */
async function textAt(pathname: string): Promise<string> {
  const { html } = await renderPage(pathname, []);
  return html.replace(/<style[^]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ');
}

describe('the routes of routing/routes.ts', () => {
  it('load the page each one names, at its address', async () => {
    for (const route of [...PAGE_ROUTES, ...DEV_ROUTES]) await preloadPage(addressOf(route.path));
  });

  it("answer an address no route knows with 'Page Not Found' under the public header", async () => {
    const text = await textAt('/no-such-page');
    expect(text).toContain('Page Not Found');
    // The public header's name of the service, linking home.
    expect(text).toContain('Student Transport');
  });

  it('open the developer pages in a development build', async () => {
    const text = await textAt('/test-register');
    expect(text).toContain('Test Registration');
    expect(text).not.toContain('Page Not Found');
  });
});
