import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '../trpc.js';

/** The block the server writes into a guarded page's HTML (apps/api/src/first-screen-data.ts). */
const ELEMENT_ID = 'first-screen-data';

/** A query of the tRPC client, as the proxy answers it for a path: enough to name its cache entry. */
interface QueryNode {
  queryKey(): readonly unknown[];
}

function queryNode(path: string): QueryNode | undefined {
  let node: unknown = trpc;
  for (const segment of path.split('.')) {
    if (node === null || (typeof node !== 'object' && typeof node !== 'function')) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof (node as Partial<QueryNode> | undefined)?.queryKey === 'function' ? (node as QueryNode) : undefined;
}

/**
 * Puts the answers the server wrote into a guarded page's HTML (the session and the page's first
 * screen, routes.ts `firstScreen`: the signed-in user's own, answered by the same procedures the app
 * would ask) into the cache, before the first render: the page renders with them at once, in one
 * transition React splits into short tasks, instead of rendering a loader, asking, and rendering
 * everything again in one long task when the answers arrive. They count as fetched now, when the
 * page was served, so the usual freshness rules apply from here.
 */
export function seedFirstScreen(queryClient: QueryClient, document: Document): void {
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return;
  let block: { answers?: unknown };
  try {
    block = JSON.parse(text) as typeof block;
  } catch (error) {
    console.error('The first screen data could not be read', error);
    return;
  }
  if (!block.answers || typeof block.answers !== 'object') return;
  for (const [path, answer] of Object.entries(block.answers)) {
    const node = queryNode(path);
    if (node && answer !== undefined) queryClient.setQueryData(node.queryKey(), answer);
  }
}
