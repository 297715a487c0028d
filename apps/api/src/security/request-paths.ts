import { posix } from 'node:path';
import type { FastifyRequest } from 'fastify';

/** The URL's path without its query string: tRPC queries carry their input (a phone, an email) in the query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The path as a server would resolve it, whatever its spelling: percent-encodings decoded
 * (`/%61pi` is `/api`), backslashes taken as slashes, repeated slashes folded, `.` and `..`
 * segments resolved, lower case. What a request is must not depend on how the URL was written.
 */
export function normalizedPath(url: string): string {
  let path = pathOf(url);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed encoding is not decoded; the path is judged as written.
  }
  return posix.normalize(`/${path.replaceAll('\\', '/')}`).toLowerCase();
}

/** The API's first path segments: the REST paths and the tRPC endpoint. */
const API_SEGMENTS = new Set(['api', 'trpc']);

/**
 * The first segment of a normalized path as a lenient server or proxy would read it: without a
 * `;parameter` and without the trailing dots and spaces that some file systems and proxies drop
 * (`/api./meta`, `/api%20/meta`, `/api;x/meta` are all `api`).
 */
function firstSegment(path: string): string {
  const segment = path.split('/')[1] ?? '';
  return segment.split(';')[0]!.replace(/[.\s]+$/u, '');
}

const isApiPath = (path: string) => API_SEGMENTS.has(firstSegment(path));

/**
 * An API request (as opposed to a page or a static file): served by an API route, or addressed to
 * the API by its normalized path, whichever route (none, the static files' catch-all) took it.
 * Never judged by the raw URL alone, which a client may spell as it likes (`/%61pi/auth/login`
 * is served by `/api/auth/login`; `//api/meta`, `/API/meta` and unknown `/api/...` paths fall to
 * the static files' catch-all and are API requests all the same).
 */
export function isApiRequest(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  return (route !== undefined && isApiPath(route)) || isApiPath(normalizedPath(req.url));
}
