/** Queries of the `public` router that take no input. */
export type PublicQuery = 'meta' | 'terms' | 'settings';

/**
 * The address of the tRPC client's batched GET for these public queries (none takes input).
 *
 * The public queries a page opens with (its route's `data`, routes.ts) are fetched before its first
 * render (prefetch-page-data.ts) and named in the page's HTML as a preload (build/route-preloads.ts →
 * the server's `Link` header), so that on a phone the answer is on its way in parallel with the
 * app's code instead of after it. The preload is used only if the app then asks for exactly the
 * same address: the tRPC client batches queries asked for in the same tick into one GET whose
 * address lists them in order, so prefetchPageData asks for a route's queries in their order,
 * together, and this writes that address.
 */
export function pageDataUrl(queries: readonly PublicQuery[]): string {
  return `/trpc/${queries.map((query) => `public.${query}`).join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
}
