// Reads the production build (`pnpm build`: apps/web/dist and apps/api/dist) and fails when it holds
// what only development may have: demo or test passwords, the developer pages and routes, or source
// maps that carry the source. Run by .ci/run right after `pnpm build`, before the demo build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builds = ['apps/web/dist', 'apps/api/dist'].map((dir) => join(root, dir));

/** Strings that must never ship: development credentials and developer-only routes and pages. */
const FORBIDDEN = [
  'demo-admin',
  'demo-staff',
  'staff@demo.bh',
  'demo-parent',
  'demo-driver',
  'admin@demo.bh',
  'e2e-admin-pass',
  'volume-password',
  'force-admin-credentials',
  '/api/dev/',
  'test-register',
  'force-admin-login',
  'TestRegisterPage',
  'ForceAdminLoginPage',
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const problems = [];
let checked = 0;
for (const dir of builds) {
  if (!existsSync(dir)) {
    problems.push(`${relative(root, dir)} is missing: run pnpm build first`);
    continue;
  }
  for (const file of files(dir)) {
    const name = relative(root, file);
    if (name.endsWith('development.js') || name.endsWith('development.js.map'))
      problems.push(`${name}: the development extras belong to \`pnpm build:demo\`, not the production build`);
    if (!/\.(js|mjs|css|html|map|json|txt|svg)$/.test(file)) continue;
    checked += 1;
    const text = readFileSync(file, 'utf8');
    for (const needle of FORBIDDEN) if (text.includes(needle)) problems.push(`${name} contains "${needle}"`);
    if (file.endsWith('.map')) {
      const map = JSON.parse(text);
      if (Array.isArray(map.sourcesContent) && map.sourcesContent.some((source) => source)) problems.push(`${name} carries the source (sourcesContent)`);
      if (name.startsWith('apps/web/')) problems.push(`${name}: the public web build ships no source maps`);
    }
    if (name.startsWith('apps/web/') && /sourceMappingURL=/.test(text)) problems.push(`${name} points to a source map`);
  }
}

if (problems.length > 0) {
  console.error(`The production build holds what only development may have:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`Production build check: ${checked} files read, no development credentials, developer routes or source in source maps.`);
