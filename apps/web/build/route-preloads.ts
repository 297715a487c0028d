import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { pageDataUrl } from '../src/routing/page-data.js';
import type { PageRoute } from '../src/routing/routes.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What a page route needs beyond the entry: its chunk and what it imports (imports first), their styles. */
export interface RoutePreloads {
  scripts: string[];
  styles: string[];
  /** Addresses of the data the page opens with (src/routing/page-data.ts). */
  data?: string[];
  /** A guarded page's roles and the queries of its first screen, which the server answers in its HTML (routes.ts). */
  roles?: string[];
  firstScreen?: string[];
}

/**
 * A chunk and everything it imports, what it imports before itself: a server-rendered page runs them in
 * this order, one at a time (public/paint-first.js), each then finding what it needs already run.
 */
function staticClosure(manifest: Manifest, key: string, visited = new Set<string>(), ordered = new Set<string>()): Set<string> {
  if (visited.has(key) || !manifest[key]) return ordered;
  visited.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, visited, ordered);
  ordered.add(key);
  return ordered;
}

/**
 * `routes` are the app's page routes (src/routing/routes.ts); `everyPage` names the lazily loaded
 * parts that every page loads (the toast area).
 *
 * Pages are lazy chunks, so a phone opening /register directly would first run the entry, then
 * discover the page's chunk: one more round trip on mobile data. This writes, per page route, the
 * files its chunk needs (dist/.vite/route-preloads.json); the server names them in a `Link` header
 * on the page's HTML so the browser fetches them in parallel with the entry. The server looks a
 * page up by its exact address, so only routes without parameters are listed (not the invoice or
 * the receipt, nor 'Page Not Found').
 */
export function routePreloads(routes: readonly PageRoute[], everyPage: string[] = []): Plugin {
  let outDir = 'dist';
  let failed = false;
  return {
    name: 'school-transport:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // A failed build writes no manifest: its own error is the one to show, not a missing file here.
    buildEnd(error) {
      failed = Boolean(error);
    },
    renderError() {
      failed = true;
    },
    async closeBundle() {
      if (failed) return;
      const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
      const initial = entryKey ? staticClosure(manifest, entryKey) : new Set<string>();
      const preloads: Record<string, RoutePreloads> = {};
      for (const source of everyPage) if (!manifest[source]) this.error(`${source} is not a chunk of the build: update vite.config.ts`);
      for (const { path: route, page, firstLoad, data, roles, firstScreen } of routes.filter(({ path }) => path !== '*' && !path.includes(':'))) {
        // The page in the first load (the landing page) adds no chunk: the route preloads what every page loads.
        const source = firstLoad ? null : `src/pages/${page}`;
        if (source !== null && !manifest[source]) this.error(`${source} (route ${route}) is not a chunk of the build: is it still imported by src/Router.tsx?`);
        // What every page loads lazily (the toast area) first, then the page's own chunk and its imports.
        const ordered = new Set<string>();
        for (const key of [...everyPage, ...(source === null ? [] : [source])]) staticClosure(manifest, key, new Set(), ordered);
        const keys = [...ordered].filter((key) => !initial.has(key));
        preloads[route] = {
          scripts: keys.map((key) => `/${manifest[key]!.file}`),
          styles: [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].map((file) => `/${file}`),
          ...(data ? { data: [pageDataUrl(data)] } : {}),
          ...(firstScreen && roles ? { roles: typeof roles === 'string' ? [roles] : [...roles], firstScreen: [...firstScreen] } : {}),
        };
      }
      await writeFile(join(outDir, '.vite', 'route-preloads.json'), JSON.stringify(preloads, null, 2));
    },
  };
}
