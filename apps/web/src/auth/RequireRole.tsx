import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@school-transport/contracts';
import { PageLoader } from '../components/PageLoader/PageLoader.js';
import { loginPathFor, useSession } from './session.js';

/**
 * The guard of the signed-in areas: a spinner while the user loads; nobody signed in, or someone with another
 * role, goes to the login page of the required role (of the first one, where a page serves several).
 */
export function RequireRole({ role, children }: { role: Role | readonly [Role, ...Role[]]; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const roles: readonly Role[] = typeof role === 'string' ? [role] : role;
  if (isLoading) return <PageLoader />;
  if (!user || !roles.includes(user.role)) return <Navigate to={loginPathFor(roles[0]!)} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
