import { queryClient, trpc } from '../trpc.js';
import { PAGE_DATA, type PublicQuery } from './pageData.js';

const prefetchPublic: Record<PublicQuery, () => Promise<void>> = {
  meta: () => queryClient.prefetchQuery(trpc.public.meta.queryOptions()),
  terms: () => queryClient.prefetchQuery(trpc.public.terms.queryOptions()),
  settings: () => queryClient.prefetchQuery(trpc.public.settings.queryOptions()),
};

/**
 * Fetches into the cache the data `route` opens with (pageData.ts), all in the same tick so the tRPC
 * client sends them as the one batched GET that the page's HTML preloads. Settles when all have
 * answered; a failed one is left to the page's own query, which shows its error.
 */
export function prefetchPageData(route: keyof typeof PAGE_DATA): Promise<void[]> {
  return Promise.all(PAGE_DATA[route].map((query) => prefetchPublic[query]()));
}
