import { Suspense, type ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { RequireRole } from './auth/RequireRole.js';
import { PageLoader } from './components/PageLoader/PageLoader.js';
import { PublicLayout } from './components/PublicLayout/PublicLayout.js';
import { LandingPage } from './pages/public/Landing.page.js';
import { lazyPage } from './routing/lazy-page.js';
import { prefetchPageData } from './routing/prefetch-page-data.js';
import { DEV_ROUTES, PAGE_ROUTES, type PageRoute } from './routing/routes.js';

type PageModule = Record<string, ComponentType | undefined>;

/**
 * The pages in the first load (routes.ts: `firstLoad`). The landing page is the first load for most
 * visitors: loaded lazily it would cost one more round trip before anything paints.
 */
const FIRST_LOAD_PAGES: Record<string, ComponentType> = { 'public/Landing.page.tsx': LandingPage };

/**
 * Every other page is its own chunk, loaded when its route is visited: a parent on a phone opening /
 * downloads neither the registration form nor the admin console. The developer pages are found only
 * in development builds: in a production bundle this branch is removed and their modules are never
 * shipped.
 */
const lazyModules: Record<string, () => Promise<PageModule>> = {
  ...import.meta.glob<PageModule>(['./pages/**/*.page.tsx', '!./pages/dev/**', '!./pages/public/Landing.page.tsx']),
  ...(import.meta.env.DEV ? import.meta.glob<PageModule>('./pages/dev/*.page.tsx') : {}),
};

interface RoutedPage {
  route: PageRoute;
  Page: ComponentType;
  /** Loads the page's code (and the data it opens with); settles when it can render without waiting. */
  preload(): Promise<unknown>;
}

/** The lazily loaded page of a module, one per module and data: a page served at two addresses is loaded once. */
const lazyPages = new Map<string, Omit<RoutedPage, 'route'>>();

function routedPage(route: PageRoute): RoutedPage {
  if (route.firstLoad) {
    const Page = FIRST_LOAD_PAGES[route.page];
    if (!Page) throw new Error(`${route.page} is in the first load but Router.tsx does not import it`);
    return { route, Page, preload: () => Promise.resolve() };
  }
  const key = `${route.page} ${route.data?.join(',') ?? ''}`;
  let page = lazyPages.get(key);
  if (!page) {
    const load = lazyModules[`./pages/${route.page}`];
    if (!load) throw new Error(`No page module src/pages/${route.page} (route ${route.path})`);
    const name = `${route.page.replace(/^.*\//, '').replace(/\.page\.tsx$/, '')}Page`;
    const { data } = route;
    const Page = lazyPage(async () => {
      // The data the page opens with is fetched alongside its code, and the page waits for both: the
      // registration form then opens with its choices and the terms dialog in one render (a failed
      // fetch leaves it to the page's own queries, which show their error). On the server the data
      // comes with the render instead (entry-server.tsx).
      const [module] = await Promise.all([load(), import.meta.env.SSR || !data ? null : prefetchPageData(data)]);
      const component = module[name];
      if (!component) throw new Error(`src/pages/${route.page} exports no ${name}`);
      return component;
    });
    page = { Page, preload: Page.preload };
    lazyPages.set(key, page);
  }
  return { route, ...page };
}

const ROUTED_PAGES: readonly RoutedPage[] = [...PAGE_ROUTES, ...(import.meta.env.DEV ? DEV_ROUTES : [])].map(routedPage);

/** The routes as the router matches them, to find the page an address opens (ranked as <Routes> ranks them). */
const MATCHED_ROUTES = ROUTED_PAGES.map(({ route }, index) => ({ id: String(index), path: route.path }));

/**
 * Loads the code of the page at `pathname` (main.tsx waits for it before the first render; the
 * server renderer too). The landing page is in the first load already; an address no route knows
 * gets 'Page Not Found'.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const match = matchRoutes(MATCHED_ROUTES, pathname)?.at(-1);
  return match ? ROUTED_PAGES[Number(match.route.id)]!.preload() : Promise.resolve();
}

function element({ route, Page }: RoutedPage) {
  return route.roles ? (
    <RequireRole role={route.roles}>
      <Page />
    </RequireRole>
  ) : (
    <Page />
  );
}

const PUBLIC_LAYOUT = ROUTED_PAGES.filter(({ route }) => route.layout === 'public');
const OWN_LAYOUT = ROUTED_PAGES.filter(({ route }) => route.layout === 'own');

/** Every route of routing/routes.ts, with its guard and layout. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route element={<PublicLayout />}>
          {PUBLIC_LAYOUT.map((page) => (
            <Route key={page.route.path} path={page.route.path} element={element(page)} />
          ))}
        </Route>
        {OWN_LAYOUT.map((page) => (
          <Route key={page.route.path} path={page.route.path} element={element(page)} />
        ))}
      </Routes>
    </Suspense>
  );
}
