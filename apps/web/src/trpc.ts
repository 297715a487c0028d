import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@school-transport/api';
import { MAX_CALLS_PER_BATCH } from '@school-transport/contracts';
import { translateKnownMessage } from './i18n/messageTranslator.js';

/**
 * Query defaults of spec section 7: no retry, no refetch on focus or reconnect, no polling, data
 * never goes stale. The session query and admin lists set their own exceptions where they are used.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

/** The browser's one cache (the server renders each page with a client of its own: entry-server.tsx). */
export const queryClient = createQueryClient();

export const trpcClient = createTRPCClient<AppRouter>({
  // The server refuses a batch of more calls than MAX_CALLS_PER_BATCH: longer ones are split.
  links: [httpBatchLink({ url: '/trpc', maxItems: MAX_CALLS_PER_BATCH, fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** Admin list queries retry up to 3 times (spec section 7). */
export const ADMIN_LIST_QUERY = { retry: 3 } as const;

/** The message the server gave, as it gave it (the contract's English). */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof TRPCClientError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** The message the server gave, for a toast: in the screen's language when it is one the contract knows. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = serverMessage(error);
  return message ? translateKnownMessage(message) : fallback;
}

/** The per-field messages of a 400 answer, keyed by field name, in the screen's language. */
export function fieldIssues(error: unknown): Record<string, string> {
  if (error instanceof TRPCClientError) {
    const issues = (error.data as { issues?: Record<string, string> } | undefined)?.issues;
    if (issues) return Object.fromEntries(Object.entries(issues).map(([field, message]) => [field, translateKnownMessage(message)]));
  }
  return {};
}
