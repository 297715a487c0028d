// Bundles the server into dist/ with the workspace packages inlined; npm packages stay external
// (native argon2 and PGlite's wasm files are loaded from node_modules at run time), so the
// packages the bundled workspace code imports are listed as this app's own dependencies.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@school-transport/'));

await build({
  entryPoints: { main: 'src/main.ts', 'cli/migrate': 'src/cli/migrate.ts', 'cli/create-admin': 'src/cli/create-admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
