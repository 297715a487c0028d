import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './env.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'env-test-'));
const SECRET = 'a-production-secret-of-more-than-32-chars';

describe('configuration', () => {
  it('refuses to start in production without SESSION_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/SESSION_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('never loads demo data in production and makes cookies Secure there', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: SECRET, DEMO_DATA: '1' });
    expect(config.demoData).toBe(false);
    expect(config.cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: SECRET, COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it('keeps sessions unless KEEP_SESSIONS turns it off (a transaction-mode pooler)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).keepSessions).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), KEEP_SESSIONS: '0' }).keepSessions).toBe(false);
  });

  it('opens developer shortcuts only when asked for, and never in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).devShortcuts).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_SHORTCUTS: '1' }).devShortcuts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: SECRET, DEV_SHORTCUTS: '1' }).devShortcuts).toBe(false);
  });

  it('outside production generates a session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecret).toHaveLength(64);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir() }).sessionSecret).not.toBe(first.sessionSecret);
  });

  it('uses the embedded database unless DATABASE_URL is set, and reads the bootstrap admin', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '4000', DEMO_DATA: '1', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'a-long-admin-secret' });
    expect(config).toMatchObject({ port: 4000, demoData: true, admin: { email: 'a@b.co', password: 'a-long-admin-secret' } });
  });
});
