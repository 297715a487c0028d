// First, before any module can use Zod (as in main.tsx).
import './zod-config.js';
import { StrictMode } from 'react';
// The web-streams build, not react-dom/static's Node one: that one runs each render inside an
// AsyncLocalStorage, and on Node 20 one such run switches on async_hooks' promise hooks for the
// rest of the process, so every promise of every API request paid for them (about a tenth of the
// Node time of a driver's list). This one uses AsyncLocalStorage only where it is a global (edge
// runtimes), which it is not in Node.
import { prerender } from 'react-dom/static.edge';
import { renderToString } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import './i18n/index.js';
import { App } from './App.js';
import { preloadPage } from './Router.js';
import { createQueryClient, trpc } from './trpc.js';
import type { PublicQuery } from './routing/page-data.js';
import { PAGE_ROUTES } from './routing/routes.js';

/**
 * The public pages the server renders to HTML (routes.ts: `serverRendered`; in English, Arabic is
 * rendered by the browser, see main.tsx): a phone paints the page from the HTML and its stylesheets,
 * before any of the app's code has arrived, and the code then hydrates the same markup instead of
 * rendering it again. Guarded pages are not among them: they depend on who is signed in.
 */
export const SERVER_RENDERED_PAGES: readonly string[] = PAGE_ROUTES.filter((route) => route.serverRendered).map((route) => route.path);

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The page's data as the browser's cache takes it (TanStack Query's dehydrated state), as JSON. */
  data: string;
}

const warmed = new Set<string>();

/**
 * The page is rendered in one synchronous pass (renderToString), so that the HTML is complete markup
 * with no script: the Content-Security-Policy allows no inline script, and a Suspense boundary left
 * for a script to fill in would be rendered again by the browser. A first pass per page, which waits
 * for every lazily loaded component (React.lazy) of its tree, makes sure nothing suspends then.
 */
async function everythingLoaded(pathname: string, app: React.ReactElement): Promise<void> {
  if (warmed.has(pathname)) return;
  const { prelude } = await prerender(app);
  await new Response(prelude).arrayBuffer();
  warmed.add(pathname);
}

/** Loads every lazily loaded part of the public pages (the server calls it once, at start). */
export async function loadEverything(): Promise<void> {
  for (const pathname of SERVER_RENDERED_PAGES) await renderPage(pathname, []);
}

/** The public queries `pathname` opens with (its route's `data`, routes.ts), in the order renderPage asks for them. */
export function pageQueries(pathname: string): readonly PublicQuery[] {
  return PAGE_ROUTES.find((route) => route.path === pathname)?.data ?? [];
}

/**
 * Renders a public page with the answers of the public queries it opens with, in pageQueries' order
 * (the server asks its own procedures; a missing answer leaves that query to the browser). Every
 * render has a cache of its own, so no answer is shared between requests.
 */
export async function renderPage(pathname: string, answers: readonly unknown[]): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  pageQueries(pathname).forEach((query, index) => {
    // As the browser would read it off the wire (no transformer: plain JSON), so both render the same.
    const answer = answers[index];
    if (answer !== undefined) queryClient.setQueryData(trpc.public[query].queryKey(), JSON.parse(JSON.stringify(answer)) as never);
  });
  await preloadPage(pathname);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={(routes) => <StaticRouter location={pathname}>{routes}</StaticRouter>} />
    </StrictMode>
  );
  await everythingLoaded(pathname, app);
  return { html: renderToString(app), data: JSON.stringify(dehydrate(queryClient)) };
}
