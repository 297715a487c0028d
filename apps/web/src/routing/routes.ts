import type { OfficeRole, Role } from '@school-transport/contracts';
import type { PublicQuery } from './page-data.js';

/**
 * A page of the app at an address. The list below is the one place routes are declared: the router
 * builds its routes from it (Router.tsx), the build writes each page's files for the server to
 * preload (build/route-preloads.ts) and the server renders the public pages it marks
 * (entry-server.tsx). It holds data only, no code to load, so the build's config can read it.
 */
export interface PageRoute {
  path: string;
  /**
   * The page's module under src/pages; `Name.page.tsx` exports `NamePage`. It is its own chunk,
   * loaded when its route is visited, unless the route is `firstLoad`.
   */
  page: string;
  /** The page is in the first load (the landing page: it is the first load for most visitors). */
  firstLoad?: true;
  /** Under the public header (PublicLayout), or on a screen of its own (sign-in card, dashboards, printouts). */
  layout: 'public' | 'own';
  /** Who may open it: anyone else goes to the sign-in page of the first role named. None: anyone. */
  roles?: Role | readonly [Role, ...Role[]];
  /** Rendered to HTML by the server (in English): public pages only, as they depend on nobody's session. */
  serverRendered?: true;
  /** The public queries the page opens with, fetched with its code (page-data.ts). */
  data?: readonly PublicQuery[];
  /**
   * A guarded page's first screen: the queries (tRPC paths, none taking input) its first render
   * shows. The server answers them for the signed-in user, when the page's roles include theirs, in
   * the page's HTML (routing/first-screen-data.ts), so that the first render has them without waiting
   * for the app's code to ask. The session (auth.user) always comes with them.
   */
  firstScreen?: readonly FirstScreenQuery[];
}

/** The queries a first screen may open with (each one's procedure takes no input). */
export type FirstScreenQuery =
  | 'parent.students'
  | 'parent.modificationRequests'
  | 'parent.absences.list'
  | 'parent.schoolDayMessages'
  | 'driver.me'
  | 'driver.students'
  | 'public.settings';

const PARENT_FIRST_SCREEN = ['parent.students', 'parent.modificationRequests', 'parent.absences.list', 'parent.schoolDayMessages'] as const;
const DRIVER_FIRST_SCREEN = ['driver.me', 'driver.students', 'public.settings'] as const;

/** The office's roles (OFFICE_ROLES), written out: this file imports no code. */
const OFFICE = ['admin', 'staff'] as const satisfies readonly OfficeRole[];

/** Every page route, in the order the server's preload list is written. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', page: 'public/Landing.page.tsx', firstLoad: true, layout: 'public', serverRendered: true },
  { path: '/register', page: 'public/Register.page.tsx', layout: 'public', serverRendered: true, data: ['meta', 'terms', 'settings'] },
  { path: '/parent-login', page: 'public/ParentLogin.page.tsx', layout: 'public', serverRendered: true },
  { path: '/driver-login', page: 'public/DriverLogin.page.tsx', layout: 'public', serverRendered: true },
  { path: '/admin-login', page: 'public/AdminLogin.page.tsx', layout: 'own', serverRendered: true },
  { path: '/forgot-password', page: 'public/ForgotPassword.page.tsx', layout: 'public' },
  // A fee reminder's pay link, opened without signing in.
  { path: '/pay/:token', page: 'public/PayLink.page.tsx', layout: 'own' },
  { path: '/parent', page: 'parent/ParentDashboard.page.tsx', layout: 'own', roles: 'parent', firstScreen: PARENT_FIRST_SCREEN },
  { path: '/parent/students/:id/bus', page: 'parent/TrackBus.page.tsx', layout: 'own', roles: 'parent' },
  { path: '/parent/payments/:id', page: 'parent/OnlinePayment.page.tsx', layout: 'own', roles: 'parent' },
  { path: '/admin', page: 'admin/AdminDashboard.page.tsx', layout: 'own', roles: OFFICE },
  { path: '/admin-dashboard', page: 'admin/AdminDashboard.page.tsx', layout: 'own', roles: OFFICE },
  { path: '/admin/invoices/:studentId', page: 'admin/Invoice.page.tsx', layout: 'own', roles: OFFICE },
  { path: '/receipts/:paymentId', page: 'receipts/Receipt.page.tsx', layout: 'own', roles: ['parent', ...OFFICE] },
  { path: '/driver', page: 'driver/DriverDashboard.page.tsx', layout: 'own', roles: 'driver', firstScreen: DRIVER_FIRST_SCREEN },
  { path: '/driver-dashboard', page: 'driver/DriverDashboard.page.tsx', layout: 'own', roles: 'driver', firstScreen: DRIVER_FIRST_SCREEN },
  // The driver's day guards itself: without signal it opens for the driver whose list is on the phone.
  { path: '/driver/today', page: 'driver/DriverToday.page.tsx', layout: 'own' },
  { path: '*', page: 'NotFound.page.tsx', layout: 'public' },
];

/**
 * Developer pages, routed only in development builds: the router reads this list behind
 * `import.meta.env.DEV`, so a production bundle holds neither the list nor the pages, and both
 * addresses fall through to 'Page Not Found'.
 */
export const DEV_ROUTES: readonly PageRoute[] = [
  { path: '/test-register', page: 'dev/TestRegister.page.tsx', layout: 'public' },
  { path: '/force-admin-login', page: 'dev/ForceAdminLogin.page.tsx', layout: 'public' },
];
