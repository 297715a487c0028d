import { posix } from 'node:path';
import type { FastifyRequest } from 'fastify';

/** The URL's path without its query string: tRPC queries carry their input (a phone, an email) in the query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The path as a server would resolve it, whatever its spelling: percent-encodings decoded
 * (`/%61pi` is `/api`), repeated slashes folded, `.` and `..` segments resolved, lower case.
 * What a request is must not depend on how the URL was written.
 */
export function normalizedPath(url: string): string {
  let path = pathOf(url);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed encoding is not decoded; the path is judged as written.
  }
  return posix.normalize(`/${path}`).toLowerCase();
}

const API_PREFIXES = ['/api/', '/trpc/'];
const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));

/**
 * An API request (as opposed to a page or a static file), judged by the route that serves it, or,
 * when no route matched, by the normalized path: never by the raw URL, which a client may spell
 * as it likes (`/%61pi/auth/login` is served by `/api/auth/login`).
 */
export function isApiRequest(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  if (route !== undefined) return isApiPath(route);
  return isApiPath(normalizedPath(req.url));
}
