// `pnpm perf:web`: builds the app, checks the download budget on the real files, then runs
// Lighthouse (mobile) against the production server on /, /register and /parent-login, and against
// a server with the demo data on the parent's dashboard and the driver's day, signed in.
// Options: --no-build (use the existing build), --runs N (median of N Lighthouse runs per page),
// --pages /a,/b (other public pages), --no-signed-in (public pages only), --json FILE (where the figures go; default perf-results/web.json). PERF_PORT picks the port (3106).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureWebSize, printWebSize } from './web-size.mjs';
import { startProductionServer } from './production-server.mjs';
import { runLighthouse, printLighthouse, lighthouseFailures } from './lighthouse.mjs';
import { signInBrowser, SIGNED_IN_PAGES } from './signed-in.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = Number(option('--runs', '1'));
const pages = option('--pages', undefined)?.split(',');
const jsonFile = resolve(ROOT, option('--json', 'perf-results/web.json'));
const port = Number(process.env.PERF_PORT ?? 3106);
const started = Date.now();

if (!args.includes('--no-build')) {
  console.log('Building (pnpm build, pnpm build:demo)...');
  execFileSync('pnpm', ['build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!args.includes('--no-signed-in')) execFileSync('pnpm', ['build:demo'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

const size = measureWebSize();
printWebSize(size);
console.log('');

const reportDir = join(dirname(jsonFile), 'lighthouse');
const server = await startProductionServer({ port });
let lighthouse;
try {
  lighthouse = await runLighthouse(server.url, { runs, pages, reportDir });
} finally {
  await server.stop();
}
if (!args.includes('--no-signed-in')) {
  const demoServer = await startProductionServer({ port, demo: true });
  try {
    const signIn = Object.fromEntries(
      Object.entries(SIGNED_IN_PAGES).map(([page, role]) => [page, (chromePort) => signInBrowser(chromePort, demoServer.url, role)]),
    );
    lighthouse.push(...(await runLighthouse(demoServer.url, { runs, pages: Object.keys(SIGNED_IN_PAGES), reportDir, signIn })));
  } finally {
    await demoServer.stop();
  }
}
printLighthouse(lighthouse);

const failures = [...size.failures, ...lighthouseFailures(lighthouse)];
mkdirSync(dirname(jsonFile), { recursive: true });
writeFileSync(jsonFile, JSON.stringify({ at: new Date().toISOString(), size, lighthouse, failures }, null, 2));
console.log(`\nFigures written to ${jsonFile} (${((Date.now() - started) / 1000).toFixed(0)} s).`);
if (failures.length > 0) {
  console.error(`Below target:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('All web targets met.');
