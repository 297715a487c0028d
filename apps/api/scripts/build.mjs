// Bundles the server into dist/ with the workspace packages inlined; npm packages stay external
// (native argon2 and PGlite's wasm files are loaded from node_modules at run time), so the
// packages the bundled workspace code imports are listed as this app's own dependencies.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@school-transport/'));

// `--development` builds only dist/development.js: the demo data and developer shortcuts, which the
// production build (`pnpm build`) must not contain. `pnpm demo` and the browser tests build both.
const development = process.argv.includes('--development');

await build({
  entryPoints: development
    ? { development: 'src/development/index.ts' }
    : { main: 'src/main.ts', 'cli/migrate': 'src/cli/migrate.ts', 'cli/create-admin': 'src/cli/create-admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Maps for readable stack traces, without the source itself inside them.
  sourcemap: true,
  sourcesContent: false,
  external,
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
