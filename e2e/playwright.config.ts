import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from './fixtures/accounts.js';
import { E2E_GATEWAY_PORT, E2E_WEBHOOK_SECRET } from './fixtures/gateway.js';

/**
 * Browser tests in Debian's Chromium against the production build served by the real API server:
 * on PostgreSQL when E2E_DATABASE_URL names a fresh database, else on a fresh embedded database.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const databaseUrl = process.env.E2E_DATABASE_URL ?? '';
const dataDir = mkdtempSync(join(tmpdir(), 'school-transport-e2e-'));
// E2E_FROM_SOURCE=1 runs the API from its TypeScript sources (no API build needed while developing);
// CI runs the bundled server exactly as `pnpm start` does.
const serverCommand = process.env.E2E_FROM_SOURCE ? 'pnpm exec tsx ../apps/api/src/main.ts' : 'node ../apps/api/dist/main.js';

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // With CI_REPORT_DIR (set by .ci/run) a JSON report joins the Vitest ones for CI's summary line.
  reporter: process.env.CI_REPORT_DIR ? [['list'], ['json', { outputFile: `${process.env.CI_REPORT_DIR}/playwright.json` }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: serverCommand,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // The outbox goes to the stand-in gateway of specs/admin/outbox.spec.ts, tried quickly and twice.
      NOTIFY_TRANSPORT: 'webhook',
      NOTIFY_WEBHOOK_URL: `http://127.0.0.1:${E2E_GATEWAY_PORT}/messages`,
      NOTIFY_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      OUTBOX_INTERVAL_MS: '300',
      OUTBOX_MAX_ATTEMPTS: '2',
      OUTBOX_RETRY_BASE_MS: '200',
      // A web build elsewhere than apps/web/dist (vite build --outDir ...), if given.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
