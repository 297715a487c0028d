// The web app's download budget, read from the real build: what a phone downloads (gzip) for the
// landing page, and how much more each role's first screen adds. `pnpm check:web-size` runs it on an
// existing build (apps/web/dist); `pnpm perf:web` builds first and runs Lighthouse after it.
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEB_DIST = join(ROOT, 'apps', 'web', 'dist');

export const BUDGET = {
  /** The landing page's JavaScript before anything is clicked. */
  landingJsGzip: 150 * 1024,
  /** What a role's dashboard adds to the first load. */
  roleFirstScreenJsGzip: 250 * 1024,
};

/** The pages each role lands on after signing in, by their source file. */
export const ROLE_SCREENS = {
  parent: 'src/pages/parent/ParentDashboard.page.tsx',
  admin: 'src/pages/admin/AdminDashboard.page.tsx',
  driver: 'src/pages/driver/DriverDashboard.page.tsx',
};

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(WEB_DIST, file)), { level: constants.Z_BEST_COMPRESSION }).length);
  return gzipCache.get(file);
}
function rawSize(file) {
  return readFileSync(join(WEB_DIST, file)).length;
}

/** A manifest entry and everything it imports statically, transitively: what loads with it, before any click. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest: has the page moved? (scripts/perf/web-size.mjs)`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function filesOf(manifest, keys, kind) {
  const files = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (kind === 'js') files.add(chunk.file);
    else for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files];
}

const sum = (files, size) => files.reduce((total, file) => total + size(file), 0);
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Measures the build; answers the figures and whether every budget holds. */
export function measureWebSize() {
  const manifestPath = join(WEB_DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No build at ${WEB_DIST}: run pnpm build first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const initial = staticClosure(manifest, entryKey);
  const initialJs = filesOf(manifest, initial, 'js');
  const initialCss = filesOf(manifest, initial, 'css');
  const landing = {
    jsFiles: initialJs,
    jsGzip: sum(initialJs, gzipSize),
    jsRaw: sum(initialJs, rawSize),
    cssGzip: sum(initialCss, gzipSize),
    cssRaw: sum(initialCss, rawSize),
  };
  const roles = {};
  for (const [role, source] of Object.entries(ROLE_SCREENS)) {
    const keys = [...staticClosure(manifest, source)].filter((key) => !initial.has(key));
    const js = filesOf(manifest, keys, 'js');
    const css = filesOf(manifest, keys, 'css');
    roles[role] = { jsFiles: js, jsGzip: sum(js, gzipSize), jsRaw: sum(js, rawSize), cssGzip: sum(css, gzipSize) };
  }
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));
  const failures = [];
  if (landing.jsGzip > BUDGET.landingJsGzip) failures.push(`landing page JavaScript ${kb(landing.jsGzip)} gzip > ${kb(BUDGET.landingJsGzip)}`);
  for (const [role, figures] of Object.entries(roles)) {
    if (figures.jsGzip > BUDGET.roleFirstScreenJsGzip)
      failures.push(`${role} first screen adds ${kb(figures.jsGzip)} gzip > ${kb(BUDGET.roleFirstScreenJsGzip)}`);
  }
  return { landing, roles, totalJsGzip: sum([...new Set(allJs)], gzipSize), chunkCount: new Set(allJs).size, failures };
}

export function printWebSize(figures) {
  const { landing, roles } = figures;
  console.log('Web app download (gzip -9 of the built files; budget in brackets)');
  console.log(
    `  landing page JS   ${kb(landing.jsGzip).padStart(9)}  [< ${kb(BUDGET.landingJsGzip)}]  ${kb(landing.jsRaw)} raw in ${landing.jsFiles.length} files`,
  );
  console.log(`  landing page CSS  ${kb(landing.cssGzip).padStart(9)}  ${kb(landing.cssRaw)} raw`);
  for (const [role, f] of Object.entries(roles)) {
    console.log(
      `  + ${role.padEnd(6)} screen  ${kb(f.jsGzip).padStart(9)}  [< ${kb(BUDGET.roleFirstScreenJsGzip)}]  ${kb(f.jsRaw)} raw in ${f.jsFiles.length} files, CSS +${kb(f.cssGzip)}`,
    );
  }
  console.log(`  all JS chunks     ${kb(figures.totalJsGzip).padStart(9)}  in ${figures.chunkCount} chunks`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = measureWebSize();
  printWebSize(figures);
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures, null, 2));
  if (figures.failures.length > 0) {
    console.error(`\nOver budget:\n  ${figures.failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Within budget.');
}
