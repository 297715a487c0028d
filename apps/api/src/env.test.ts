import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ENV_VARIABLES, loadConfig } from './env.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'env-test-'));
const SECRET = 'a-production-secret-of-more-than-32-chars';

describe('configuration', () => {
  it('refuses to start in production without SESSION_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/SESSION_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('never loads demo data in production and makes cookies Secure there', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: SECRET, NOTIFY_TRANSPORT: 'log', DEMO_DATA: '1' });
    expect(config.demoData).toBe(false);
    expect(config.cookieSecure).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: SECRET, NOTIFY_TRANSPORT: 'log', COOKIE_SECURE: 'false' }).cookieSecure,
    ).toBe(false);
  });

  it('caches sessions unless KEEP_SESSIONS turns it off (a transaction-mode pooler)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sessionCache).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), KEEP_SESSIONS: '0' }).sessionCache).toBe(false);
  });

  it('opens developer shortcuts only when asked for, and never in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).devShortcuts).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DEV_SHORTCUTS: '1' }).devShortcuts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: SECRET, NOTIFY_TRANSPORT: 'log', DEV_SHORTCUTS: '1' }).devShortcuts).toBe(
      false,
    );
  });

  it('trusts no X-Forwarded-For unless told, then only a hop count or the listed proxies, never every hop', () => {
    const trustProxy = (value?: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    for (const off of [undefined, '', 'false', '0', 'no']) expect(trustProxy(off), String(off)).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 10.0.0.0/8,fd00::/8, loopback')).toEqual(['10.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']);
    // Every hop would let a client write its own address first: refused at start, saying what to set.
    for (const every of ['true', 'TRUE', 'yes']) {
      expect(() => trustProxy(every), every).toThrow('TRUST_PROXY=true would trust every X-Forwarded-For hop, so any client could choose its own address');
    }
    expect(() => trustProxy('10.0.0.300')).toThrow(/TRUST_PROXY: invalid IP address/);
    expect(() => trustProxy('10.0.0.0/40')).toThrow(/TRUST_PROXY: invalid range/);
    expect(() => trustProxy('proxy.internal')).toThrow(/TRUST_PROXY/);
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

describe('the message transport in production', () => {
  const production = () => ({ NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: SECRET });

  it('must be chosen: without NOTIFY_TRANSPORT the configuration is refused, and log is taken only when named', () => {
    expect(() => loadConfig(production())).toThrow('NOTIFY_TRANSPORT is required when NODE_ENV=production');
    expect(() => loadConfig({ ...production(), NOTIFY_TRANSPORT: '' })).toThrow('NOTIFY_TRANSPORT is required when NODE_ENV=production');
    expect(loadConfig({ ...production(), NOTIFY_TRANSPORT: 'log' }).outbox.transport).toEqual({ kind: 'log', maskPhones: true });
    // Outside production the log stays the default: the demo and the tests work offline.
    expect(loadConfig({ DATA_DIR: dataDir() }).outbox.transport).toEqual({ kind: 'log', maskPhones: false });
  });

  it('missing, the server process stops at start with one clear line and a failing exit code', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...production(), DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1' };
    delete env.NOTIFY_TRANSPORT;
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: resolve(import.meta.dirname, '..'),
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('The server cannot start: NOTIFY_TRANSPORT is required when NODE_ENV=production');
    expect(started.stdout).not.toContain('is running at');
  });
});

/**
 * The settings as the operator reads them: `.env.example` (each `NAME=` line, commented out or
 * not) and the README's configuration table (the markdown table whose first column, headed
 * `variable`, holds the names in backticks) name exactly the variables the server reads, and
 * docs/operations.md names none it does not read.
 */
describe('the documented settings', () => {
  const root = resolve(import.meta.dirname, '../../..');
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  const readByServer = new Set(ENV_VARIABLES);

  const inEnvExample = () => new Set([...read('.env.example').matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));

  function inReadmeTable(): Set<string> {
    const lines = read('README.md').split('\n');
    const header = lines.findIndex((line) => /^\|\s*variable\s*\|/i.test(line));
    expect(header, 'README.md has a table whose first column is headed "variable"').toBeGreaterThanOrEqual(0);
    const names = new Set<string>();
    for (const line of lines.slice(header + 2)) {
      if (!line.startsWith('|')) break;
      const firstCell = line.split('|')[1] ?? '';
      for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
    }
    return names;
  }

  /** Variables of the tests, benchmarks and CI that the operations guide may name besides the server's. */
  const TOOLING = new Set(['TEST_DATABASE_URL', 'E2E_DATABASE_URL', 'BENCH_ADMIN_DATABASE_URL', 'CI_REPORT_DIR']);
  const inOperationsGuide = () => new Set([...read('docs/operations.md').matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g)].map((match) => match[1]!));

  it('.env.example names every variable the server reads, and no other', () => {
    const named = inEnvExample();
    expect({ missing: ENV_VARIABLES.filter((name) => !named.has(name)), unknown: [...named].filter((name) => !readByServer.has(name)) }).toEqual({
      missing: [],
      unknown: [],
    });
  });

  it('the README’s configuration table names every variable the server reads, and no other', () => {
    const named = inReadmeTable();
    expect({ missing: ENV_VARIABLES.filter((name) => !named.has(name)), unknown: [...named].filter((name) => !readByServer.has(name)) }).toEqual({
      missing: [],
      unknown: [],
    });
  });

  it('docs/operations.md names no variable the server does not read', () => {
    expect([...inOperationsGuide()].filter((name) => !readByServer.has(name) && !TOOLING.has(name))).toEqual([]);
  });
});
