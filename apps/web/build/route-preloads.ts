import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

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
  /** Addresses of the data the page opens with (src/routing/pageData.ts). */
  data?: string[];
}

/**
 * A chunk and everything it imports, what it imports before itself: a server-drawn page runs them in
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
 * `routes` maps each page route to its lazily loaded page (null: the page is in the first load, as the
 * landing page is); `everyPage` names the lazily loaded parts that every page loads (the toast area).
 *
 * Pages are lazy chunks, so a phone opening /register directly would first run the entry, then
 * discover the page's chunk: one more round trip on mobile data. This writes, per page route, the
 * files its chunk needs (dist/.vite/route-preloads.json); the server names them in a `Link` header
 * on the page's HTML so the browser fetches them in parallel with the entry.
 */
export function routePreloads(routes: Record<string, string | null>, data: Record<string, string[]> = {}, everyPage: string[] = []): Plugin {
  let outDir = 'dist';
  return {
    name: 'school-transport:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
      const initial = entryKey ? staticClosure(manifest, entryKey) : new Set<string>();
      const preloads: Record<string, RoutePreloads> = {};
      for (const source of everyPage) if (!manifest[source]) this.error(`${source} is not a chunk of the build: update vite.config.ts`);
      for (const [route, source] of Object.entries(routes)) {
        if (source !== null && !manifest[source]) this.error(`${source} (route ${route}) is not a chunk of the build: update the route list in vite.config.ts`);
        // What every page loads lazily (the toast area) first, then the page's own chunk and its imports.
        const ordered = new Set<string>();
        for (const key of [...everyPage, ...(source === null ? [] : [source])]) staticClosure(manifest, key, new Set(), ordered);
        const keys = [...ordered].filter((key) => !initial.has(key));
        preloads[route] = {
          scripts: keys.map((key) => `/${manifest[key]!.file}`),
          styles: [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))].map((file) => `/${file}`),
          ...(data[route] ? { data: data[route] } : {}),
        };
      }
      await writeFile(join(outDir, '.vite', 'route-preloads.json'), JSON.stringify(preloads, null, 2));
    },
  };
}
