import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { RequireRole } from './auth/RequireRole.js';
import { PageLoader } from './components/PageLoader/PageLoader.js';
import { PublicLayout } from './components/PublicLayout/PublicLayout.js';
import { NotFoundPage } from './pages/NotFound.page.js';
import { LandingPage } from './pages/public/Landing.page.js';
import { RegisterPage } from './pages/public/Register.page.js';
import { ParentLoginPage } from './pages/public/ParentLogin.page.js';
import { AdminLoginPage } from './pages/public/AdminLogin.page.js';
import { DriverLoginPage } from './pages/public/DriverLogin.page.js';
import { ParentDashboardPage } from './pages/parent/ParentDashboard.page.js';
import { AdminDashboardPage } from './pages/admin/AdminDashboard.page.js';
import { DriverDashboardPage } from './pages/driver/DriverDashboard.page.js';

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
        <Route path="/driver" element={<RequireRole role="driver"><DriverDashboardPage /></RequireRole>} />
        <Route path="/driver-dashboard" element={<RequireRole role="driver"><DriverDashboardPage /></RequireRole>} />
      </Routes>
    </Suspense>
  );
}
