import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against the production build served by the real API server.
 * Each worker starts a server of its own (fixtures/server.ts): on PostgreSQL when E2E_DATABASE_URL
 * names a fresh database (the first worker uses it, the others databases of their own beside it),
 * else on a fresh embedded database each. Spec files are shared out among the workers; the tests
 * of one file run in order, in one worker.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// One per core of the machines this runs on (2); E2E_WORKERS=1 runs every file on one server.
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // A screen under test may wait seconds for a CPU on a loaded 2-core machine (two browsers, two
  // servers and PostgreSQL share it): an expectation waits up to 20 s before it fails.
  expect: { timeout: 20_000 },
  // With CI_REPORT_DIR (set by .ci/run) a JSON report joins the Vitest ones for CI's summary line.
  reporter: process.env.CI_REPORT_DIR ? [['list'], ['json', { outputFile: `${process.env.CI_REPORT_DIR}/playwright.json` }]] : [['list']],
  use: {
    // The screens as a phone set to reduce motion shows them (the theme respects it): no dialog or
    // menu waits out its animation before a check can read it.
    reducedMotion: 'reduce',
    // No trace unless asked for (E2E_TRACE=1 keeps one of each failed test, to open with `playwright
    // show-trace`): recording one costs every test a third of its time on a 2-core machine (the
    // browser encodes a frame of the screen at each change), and a failure's screenshot and the
    // page's accessibility tree (error-context.md) are kept either way.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
