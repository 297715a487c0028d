// Bundles the server into dist/ with the workspace packages inlined; npm packages stay external
// (native argon2 and PGlite's wasm files are loaded from node_modules at run time), so the
// packages the bundled workspace code imports are listed as this app's own dependencies.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// esbuild itself is only loaded when the server runs from its sources (the import's worker, see
// src/domain/admin/students/import/read-in-worker.ts); a build never reaches that import.
const external = [...Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@school-transport/')), 'esbuild'];
// The worker thread that reads an import's spreadsheet runs this file, beside the server's bundle.
const importReader = { 'student-import-reader': 'src/domain/admin/students/import/read-worker.ts' };

// `--development` builds only dist/development.js: the demo data and developer shortcuts, which the
// production build (`pnpm build`) must not contain. `pnpm demo` and the browser tests build both.
const development = process.argv.includes('--development');

await build({
  entryPoints: development
    ? { development: 'src/development/index.ts', ...importReader }
    : { main: 'src/main.ts', 'cli/migrate': 'src/cli/migrate.ts', 'cli/create-admin': 'src/cli/create-admin.ts', ...importReader },
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

// The receipt PDF's Arabic font files travel with the server (src/domain/fees/receipt-fonts.ts
// reads them from dist/fonts, beside the bundle), so the build is all a deployment needs to draw them.
if (!development) {
  const require = createRequire(import.meta.url);
  const fonts = new URL('../dist/fonts/', import.meta.url);
  mkdirSync(fonts, { recursive: true });
  for (const file of ['400Regular/NotoSansArabic_400Regular.ttf', '700Bold/NotoSansArabic_700Bold.ttf']) {
    const source = require.resolve(`@expo-google-fonts/noto-sans-arabic/${file}`);
    copyFileSync(source, new URL(basename(source), fonts));
  }
}
