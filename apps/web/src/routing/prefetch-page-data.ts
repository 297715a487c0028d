import { queryClient, trpc } from '../trpc.js';
import type { PublicQuery } from './page-data.js';

const prefetchPublic: Record<PublicQuery, () => Promise<void>> = {
  meta: () => queryClient.prefetchQuery(trpc.public.meta.queryOptions()),
  terms: () => queryClient.prefetchQuery(trpc.public.terms.queryOptions()),
  settings: () => queryClient.prefetchQuery(trpc.public.settings.queryOptions()),
};

/**
 * Fetches into the cache the data a page opens with (its route's `data`, routes.ts), all in the same
 * tick so the tRPC client sends them as the one batched GET that the page's HTML preloads
 * (page-data.ts). Settles when all have answered; a failed one is left to the page's own query,
 * which shows its error.
 */
export function prefetchPageData(queries: readonly PublicQuery[]): Promise<void[]> {
  return Promise.all(queries.map((query) => prefetchPublic[query]()));
}
