import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { RequireRole } from './auth/RequireRole.js';
import { PageLoader } from './components/PageLoader/PageLoader.js';
import { PublicLayout } from './components/PublicLayout/PublicLayout.js';
import { LandingPage } from './pages/public/Landing.page.js';
import { queryClient, trpc } from './trpc.js';

/**
 * Every page but the landing page is its own chunk, loaded when its route is visited: a parent on a
 * phone opening / downloads neither the registration form nor the admin console. The landing page
 * stays in the first load because it is the first load for most visitors (a lazy one would cost
 * one more round trip before anything paints).
 */
const NotFoundPage = lazy(() => import('./pages/NotFound.page.js').then((m) => ({ default: m.NotFoundPage })));
const RegisterPage = lazy(() => {
  // The form's choices and the terms dialog it opens with are fetched alongside the page's code.
  void queryClient.prefetchQuery(trpc.public.meta.queryOptions());
  void queryClient.prefetchQuery(trpc.public.terms.queryOptions());
  void queryClient.prefetchQuery(trpc.public.settings.queryOptions());
  return import('./pages/public/Register.page.js').then((m) => ({ default: m.RegisterPage }));
});
const ParentLoginPage = lazy(() => import('./pages/public/ParentLogin.page.js').then((m) => ({ default: m.ParentLoginPage })));
const AdminLoginPage = lazy(() => import('./pages/public/AdminLogin.page.js').then((m) => ({ default: m.AdminLoginPage })));
const DriverLoginPage = lazy(() => import('./pages/public/DriverLogin.page.js').then((m) => ({ default: m.DriverLoginPage })));
const ParentDashboardPage = lazy(() => import('./pages/parent/ParentDashboard.page.js').then((m) => ({ default: m.ParentDashboardPage })));
const AdminDashboardPage = lazy(() => import('./pages/admin/AdminDashboard.page.js').then((m) => ({ default: m.AdminDashboardPage })));
const DriverDashboardPage = lazy(() => import('./pages/driver/DriverDashboard.page.js').then((m) => ({ default: m.DriverDashboardPage })));

/**
 * Developer pages exist only in development builds: in a production bundle this branch is
 * removed, the modules are never shipped, and both paths fall through to 'Page Not Found'.
 */
const devRoutes: ReactNode = import.meta.env.DEV
  ? (() => {
      const TestRegisterPage = lazy(() => import('./pages/dev/TestRegister.page.js').then((m) => ({ default: m.TestRegisterPage })));
      const ForceAdminLoginPage = lazy(() => import('./pages/dev/ForceAdminLogin.page.js').then((m) => ({ default: m.ForceAdminLoginPage })));
      return (
        <>
          <Route path="/test-register" element={<TestRegisterPage />} />
          <Route path="/force-admin-login" element={<ForceAdminLoginPage />} />
        </>
      );
    })()
  : null;

const InvoicePage = lazy(() => import('./pages/admin/Invoice.page.js').then((m) => ({ default: m.InvoicePage })));
const ReceiptPage = lazy(() => import('./pages/receipts/Receipt.page.js').then((m) => ({ default: m.ReceiptPage })));

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
