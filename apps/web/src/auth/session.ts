import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role, SessionUser } from '@school-transport/contracts';
import { queryClient, trpc, errorMessage } from '../trpc.js';
import { notify } from '../notify.js';

const SESSION_FRESH_MS = 5 * 60 * 1000;

const subscribeToNothing = () => () => {};

/**
 * False on the server and while React hydrates the markup the server rendered, true in every other
 * render (React renders again with true once hydration is done).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}

/**
 * The signed-in user, or null. A failed check is logged and treated as signed out.
 *
 * While hydrating, the session is not known yet, as it was not when the server rendered the page:
 * the session's answer may already be in the cache by the time a lazily loaded part of the page
 * hydrates (the app's shell asked for it first), and a page rendered from it would not match the
 * server's markup.
 */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const query = useQuery({ ...trpc.auth.user.queryOptions(), staleTime: SESSION_FRESH_MS });
  const hydrated = useHydrated();
  const { error } = query;
  useEffect(() => {
    // Without signal (a phone on the road) the check cannot succeed, and that is no error of the
    // app: the page carries on as it can. Any other failure is logged once, not at every render.
    if (error && !isOffline(error)) console.error('Session check failed', error);
  }, [error]);
  if (!hydrated) return { user: null, isLoading: true };
  return { user: query.data?.user ?? null, isLoading: query.isLoading };
}

/** The check failed for want of a connection: the browser is offline, or the request never got an answer. */
function isOffline(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof TypeError || (error instanceof Error && /Failed to fetch|NetworkError|Load failed/.test(error.message));
}

/** The login page for a role: the guards send people there. */
export function loginPathFor(role: Role): string {
  if (role === 'parent') return '/parent-login';
  if (role === 'driver') return '/driver-login';
  return '/admin-login';
}

/** Where a user lands after signing in. */
export function homePathFor(role: Role): string {
  if (role === 'admin' || role === 'staff') return '/admin';
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
