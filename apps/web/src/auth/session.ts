import { useSyncExternalStore } from 'react';
import { useQuery, useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
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
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * Whether a failed session check is one the app expects: no answer at all (the phone is offline,
 * the network dropped) or a refusal (4xx). Those are handled where they are met (the last known
 * user stays until an answer says otherwise, or the guard sends to a login page) and are not
 * errors to report; only a server failure or a broken answer is.
 */
export function isExpectedSessionFailure(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  if (status === undefined) return !(error.cause instanceof SyntaxError) && error.meta?.response === undefined;
  return status >= 400 && status < 500;
}

/**
 * The session query: a failed check is reported once, where it happens (not on every render of
 * every screen that reads the user), and only when it is unexpected.
 */
function sessionQueryOptions() {
  const options = trpc.auth.user.queryOptions();
  const ask = options.queryFn!;
  return {
    ...options,
    staleTime: SESSION_FRESH_MS,
    queryFn: async (context: Parameters<typeof ask>[0]) => {
      try {
        return await ask(context);
      } catch (error) {
        if (!isExpectedSessionFailure(error)) console.error('Session check failed', error);
        throw error;
      }
    },
  };
}

/**
 * The signed-in user, or null. After a failed check the last known user stays (a phone that went
 * offline is not signed out by it); without one, the user is null.
 *
 * While hydrating, the session is not known yet, as it was not when the server rendered the page:
 * the session's answer may already be in the cache by the time a lazily loaded part of the page
 * hydrates (the app's shell asked for it first), and a page rendered from it would not match the
 * server's markup.
 */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const query = useQuery(sessionQueryOptions());
  const hydrated = useHydrated();
  if (!hydrated) return { user: null, isLoading: true };
  return { user: query.data?.user ?? null, isLoading: query.isLoading };
}

/** The login page for a role: the guards send people there. */
export function loginPathFor(role: Role): string {
  if (role === 'parent') return '/parent-login';
  if (role === 'driver' || role === 'attendant') return '/driver-login';
  return '/admin-login';
}

/** Where a user lands after signing in. */
export function homePathFor(role: Role): string {
  if (role === 'admin' || role === 'staff') return '/admin';
  if (role === 'parent') return '/parent';
  if (role === 'driver') return '/driver-dashboard';
  // The attendant works the bus's day: its screen is their home.
  if (role === 'attendant') return '/driver/today';
  return '/';
}

/**
 * After a sign-in: the session cache holds the new user, and nothing cached for the previous
 * user survives into this one.
 */
export function rememberSignedInUser(user: SessionUser | null): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== undefined && JSON.stringify(query.queryKey) !== JSON.stringify(trpc.auth.user.queryKey()),
  });
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
