import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@school-transport/api';
import { MAX_CALLS_PER_BATCH } from '@school-transport/contracts';
import { translateKnownMessage } from './i18n/message-translator.js';

/**
 * The product's query defaults: no retry, no refetch on focus or reconnect, no polling, data
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

/** Admin list queries retry up to 3 times. */
export const ADMIN_LIST_QUERY = { retry: 3 } as const;

/** The message the server gave, as it gave it (the contract's English). */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof TRPCClientError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/**
 * What a tRPC error answer's data carries beside tRPC's own code: the code of its message and of
 * each field message, for those that are the contract's (apps/api/src/trpc/init.ts).
 */
interface ErrorData {
  messageCode?: string;
  issues?: Record<string, string>;
  issueCodes?: Record<string, string>;
  /** The figures of a message that has them (a full bus's riders and seats). */
  riders?: number;
  seats?: number;
}

function errorData(error: unknown): ErrorData | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined) : undefined;
}

/** The message the server gave, for a toast: in the screen's language when the contract knows it, by its code. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = serverMessage(error);
  const data = errorData(error);
  return message ? translateKnownMessage(message, data?.messageCode, figuresOf(data)) : fallback;
}

/** A message's figures, filled into its translation. */
function figuresOf(data: ErrorData | undefined): Record<string, number> | undefined {
  if (typeof data?.riders !== 'number' || typeof data.seats !== 'number') return undefined;
  return { riders: data.riders, seats: data.seats };
}

/** The per-field messages of a 400 answer, keyed by field name, in the screen's language (by their codes). */
export function fieldIssues(error: unknown): Record<string, string> {
  const data = errorData(error);
  if (!data?.issues) return {};
  const codes = data.issueCodes ?? {};
  return Object.fromEntries(Object.entries(data.issues).map(([field, message]) => [field, translateKnownMessage(message, codes[field])]));
}
