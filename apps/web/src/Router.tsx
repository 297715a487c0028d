import { Suspense, type ReactNode } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { RequireRole } from './auth/RequireRole.js';
import { PageLoader } from './components/PageLoader/PageLoader.js';
import { PublicLayout } from './components/PublicLayout/PublicLayout.js';
import { LandingPage } from './pages/public/Landing.page.js';
import { lazyPage, type LazyPage } from './routing/lazyPage.js';
import { prefetchPageData } from './routing/prefetchPageData.js';

/**
 * Every page but the landing page is its own chunk, loaded when its route is visited: a parent on a
 * phone opening / downloads neither the registration form nor the admin console. The landing page
 * stays in the first load because it is the first load for most visitors (a lazy one would cost
 * one more round trip before anything paints).
 */
const NotFoundPage = lazyPage(() => import('./pages/NotFound.page.js').then((m) => m.NotFoundPage));
const RegisterPage = lazyPage(async () => {
  // The form's choices and the terms dialog it opens with are fetched alongside the page's code, and
  // the page waits for both: it then opens with the terms in the dialog, in one render (a failed
  // fetch leaves it to the page's own queries, which show their error).
  // On the server the data comes with the render instead (entry-server.tsx).
  const [page] = await Promise.all([
    import('./pages/public/Register.page.js'),
    import.meta.env.SSR ? null : prefetchPageData('/register'),
  ]);
  return page.RegisterPage;
});
const ParentLoginPage = lazyPage(() => import('./pages/public/ParentLogin.page.js').then((m) => m.ParentLoginPage));
const AdminLoginPage = lazyPage(() => import('./pages/public/AdminLogin.page.js').then((m) => m.AdminLoginPage));
const DriverLoginPage = lazyPage(() => import('./pages/public/DriverLogin.page.js').then((m) => m.DriverLoginPage));
const ParentDashboardPage = lazyPage(() => import('./pages/parent/ParentDashboard.page.js').then((m) => m.ParentDashboardPage));
const AdminDashboardPage = lazyPage(() => import('./pages/admin/AdminDashboard.page.js').then((m) => m.AdminDashboardPage));
const DriverDashboardPage = lazyPage(() => import('./pages/driver/DriverDashboard.page.js').then((m) => m.DriverDashboardPage));

/**
 * Developer pages exist only in development builds: in a production bundle this branch is
 * removed, the modules are never shipped, and both paths fall through to 'Page Not Found'.
 */
const devRoutes: ReactNode = import.meta.env.DEV
  ? (() => {
      const TestRegisterPage = lazyPage(() => import('./pages/dev/TestRegister.page.js').then((m) => m.TestRegisterPage));
      const ForceAdminLoginPage = lazyPage(() => import('./pages/dev/ForceAdminLogin.page.js').then((m) => m.ForceAdminLoginPage));
      return (
        <>
          <Route path="/test-register" element={<TestRegisterPage />} />
          <Route path="/force-admin-login" element={<ForceAdminLoginPage />} />
        </>
      );
    })()
  : null;

const InvoicePage = lazyPage(() => import('./pages/admin/Invoice.page.js').then((m) => m.InvoicePage));
const ReceiptPage = lazyPage(() => import('./pages/receipts/Receipt.page.js').then((m) => m.ReceiptPage));

/** The page each address opens (the routes below), for loading it before the first render. */
const PAGES: [path: string, page: LazyPage][] = [
  ['/register', RegisterPage],
  ['/parent-login', ParentLoginPage],
  ['/driver-login', DriverLoginPage],
  ['/admin-login', AdminLoginPage],
  ['/parent', ParentDashboardPage],
  ['/admin', AdminDashboardPage],
  ['/admin-dashboard', AdminDashboardPage],
  ['/admin/invoices/:studentId', InvoicePage],
  ['/receipts/:paymentId', ReceiptPage],
  ['/driver', DriverDashboardPage],
  ['/driver-dashboard', DriverDashboardPage],
];

/**
 * Loads the code of the page at `pathname` (main.tsx waits for it before the first render). The
 * landing page is in the first load already; an address no route knows gets 'Page Not Found'.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  if (pathname === '/') return Promise.resolve();
  const page = PAGES.find(([path]) => matchPath(path, pathname))?.[1] ?? NotFoundPage;
  return page.preload();
}

/** Every route of spec section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/" element={<LandingPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/parent-login" element={<ParentLoginPage />} />
          <Route path="/driver-login" element={<DriverLoginPage />} />
          {devRoutes}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="/admin-login" element={<AdminLoginPage />} />
        <Route path="/parent" element={<RequireRole role="parent"><ParentDashboardPage /></RequireRole>} />
        <Route path="/admin" element={<RequireRole role="admin"><AdminDashboardPage /></RequireRole>} />
        <Route path="/admin-dashboard" element={<RequireRole role="admin"><AdminDashboardPage /></RequireRole>} />
        <Route path="/admin/invoices/:studentId" element={<RequireRole role="admin"><InvoicePage /></RequireRole>} />
        <Route path="/receipts/:paymentId" element={<RequireRole role={['parent', 'admin']}><ReceiptPage /></RequireRole>} />
        <Route path="/driver" element={<RequireRole role="driver"><DriverDashboardPage /></RequireRole>} />
        <Route path="/driver-dashboard" element={<RequireRole role="driver"><DriverDashboardPage /></RequireRole>} />
      </Routes>
    </Suspense>
  );
}
