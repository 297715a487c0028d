/**
 * The public queries a page opens with, fetched before its first render (Router.tsx) and named in
 * the page's HTML as a preload (build/route-preloads.ts → the server's `Link` header), so that on a
 * phone the answer is on its way in parallel with the app's code instead of after it.
 *
 * The preload is used only if the app then asks for exactly the same address: the tRPC client
 * batches queries asked for in the same tick into one GET whose address lists them in order, so
 * Router.tsx asks for these in this order, together, and pageDataUrl writes that address.
 */
export const PAGE_DATA = {
  '/register': ['meta', 'terms', 'settings'],
} as const satisfies Record<string, readonly PublicQuery[]>;

/** Queries of the `public` router that take no input. */
export type PublicQuery = 'meta' | 'terms' | 'settings';

/** The address of the tRPC client's batched GET for these public queries (none takes input). */
export function pageDataUrl(queries: readonly PublicQuery[]): string {
  return `/trpc/${queries.map((query) => `public.${query}`).join(',')}?batch=1&input=${encodeURIComponent('{}')}`;
}
