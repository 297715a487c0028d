import { useQuery, useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role, SessionUser } from '@school-transport/contracts';
import { queryClient, trpc, errorMessage } from '../trpc.js';
import { notify } from '../notify.js';

const SESSION_FRESH_MS = 5 * 60 * 1000;

/** The signed-in user, or null. A failed check is logged and treated as signed out (spec section 8). */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const query = useQuery({ ...trpc.auth.user.queryOptions(), staleTime: SESSION_FRESH_MS });
  if (query.error) console.error('Session check failed', query.error);
  return { user: query.data?.user ?? null, isLoading: query.isLoading };
}

/** The login page for a role: the guards send people there (spec section 2). */
export function loginPathFor(role: Role): string {
  if (role === 'parent') return '/parent-login';
  if (role === 'driver') return '/driver-login';
  return '/admin-login';
}

/** Where a user lands after signing in. */
export function homePathFor(role: Role): string {
  if (role === 'admin') return '/admin';
  if (role === 'parent') return '/parent';
  if (role === 'driver') return '/driver-dashboard';
  return '/';
}

/**
 * After a sign-in: the session cache holds the new user, and nothing cached for the previous
 * user survives into this one.
 */
export function rememberSignedInUser(user: SessionUser | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== undefined && JSON.stringify(query.queryKey) !== JSON.stringify(trpc.auth.user.queryKey()) });
  queryClient.setQueryData(trpc.auth.user.queryKey(), { user });
}

/** Logout as the header and dashboards use it: toast, fresh session, back to a page. */
export function useLogout(redirectTo = '/') {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    ...trpc.auth.logout.mutationOptions(),
    onSuccess: async () => {
      // Leave first: on a guarded page, clearing the user first would send the guard to a login page instead.
      await navigate(redirectTo);
      rememberSignedInUser(null);
      notify({ title: t('logout.success') });
    },
    onError: (error) => notify({ title: t('logout.failed'), message: errorMessage(error, t('logout.failed')), variant: 'destructive' }),
  });
}
