/**
 * `pnpm bench`: seeds a database with a realistic volume, starts the production server
 * (apps/api/dist/main.js) and the floor (bench/floor-server.ts: the same SQL, bare), and measures
 * both with autocannon, endpoint by endpoint. Prints requests/s, p50 and p99 and each endpoint's
 * ratio to its floor, and writes the figures to perf-results/bench-<engine>-<students>.json.
 *
 *   --students N (10000)  --drivers N (300)  --schools N (60)  --areas N (40)
 *   --engine postgres|pglite (postgres: a fresh database on BENCH_ADMIN_DATABASE_URL's server)
 *   --duration S (10 s per side and endpoint)  --connections N (50)  --only a,b,...
 *   --ci  small volume, 3 s per side; fails only when a ratio falls below half its target (0.35)
 * Ports: BENCH_PORT (3106) for the app, BENCH_FLOOR_PORT (3116) for the floor.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { createDatabase, migrateToLatest, seedEssentials } from '@school-transport/db';
import { seedVolume, VOLUME_DEFAULTS, VOLUME_PASSWORD, type VolumeSummary } from '@school-transport/db/volume';
import { hashPassword } from '../src/domain/passwords.js';
import { ENDPOINTS, type Endpoint, type FloorContext, type Role } from './endpoints.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..', '..');
const RATIO_TARGET = 0.7;

// ---------- options ----------
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const ci = args.includes('--ci');
const numberOption = (name: string, fallback: number) => Number(option(name) ?? fallback);
const volume = {
  students: numberOption('--students', ci ? 2000 : VOLUME_DEFAULTS.students),
  drivers: numberOption('--drivers', ci ? 40 : VOLUME_DEFAULTS.drivers),
  schools: numberOption('--schools', ci ? 10 : VOLUME_DEFAULTS.schools),
  areas: numberOption('--areas', ci ? 10 : VOLUME_DEFAULTS.areas),
};
const engine = (option('--engine') ?? 'postgres') as 'postgres' | 'pglite';
const duration = numberOption('--duration', ci ? 3 : 10);
const warmUp = ci ? 1 : 2;
const connections = numberOption('--connections', ci ? 10 : 50);
const only = option('--only')?.split(',');
const failBelow = ci ? RATIO_TARGET / 2 : RATIO_TARGET;
const appPort = Number(process.env.BENCH_PORT ?? 3106);
const floorPort = Number(process.env.BENCH_FLOOR_PORT ?? 3116);
const adminDatabaseUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const endpoints = ENDPOINTS.filter((endpoint) => !only || only.includes(endpoint.id));

// ---------- processes ----------
const children = new Set<ChildProcess>();
async function startProcess(name: string, command: string[], env: NodeJS.ProcessEnv, healthUrl: string): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, command, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    children.delete(child);
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} stopped at start:\n${errors}`);
    try {
      const response = await fetch(healthUrl, { method: healthUrl.includes('/floor/') ? 'HEAD' : 'GET' });
      if (response.status < 500) return { stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error(`${name} did not answer within 90 s:\n${errors}`);
}
function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});

// ---------- database ----------
interface PreparedDatabase {
  env: NodeJS.ProcessEnv;
  summary: VolumeSummary;
  passwordHash: string;
  seedMs: number;
  drop(): Promise<void>;
}

async function prepareDatabase(): Promise<PreparedDatabase> {
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  if (engine === 'postgres') {
    const name = `school_transport_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminDatabaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminDatabaseUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: '' };
    drop = async () => {
      const client = new pg.Client({ connectionString: adminDatabaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
    env = { DATABASE_URL: '', DATA_DIR: dir };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const handle = await createDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || undefined });
  try {
    await migrateToLatest(handle.db);
    await seedEssentials(handle.db);
    const passwordHash = await hashPassword(VOLUME_PASSWORD);
    const started = Date.now();
    // Fee rows: pass the fee seeder here once the fee tables exist (VolumeOptions.extraSteps).
    const summary = await seedVolume(handle.db, { ...volume, passwordHash });
    return { env, summary, passwordHash, seedMs: Date.now() - started, drop };
  } finally {
    await handle.close();
  }
}

// ---------- measuring ----------
interface Side {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}
interface Row {
  id: string;
  label: string;
  path: string;
  floorSql: string[] | string;
  status: 'measured' | 'skipped' | 'failed';
  note?: string;
  app?: Side;
  floor?: Side;
  ratio?: number;
  p99TargetMs?: number;
  verdict?: string;
}

async function measure(url: string, endpoint: Endpoint, headers: Record<string, string>, body?: string): Promise<Side> {
  const request = { url, method: endpoint.method, headers, body, connections: endpoint.connections ?? connections, timeout: 30 };
  await autocannon({ ...request, duration: warmUp });
  const result: Result = await autocannon({ ...request, duration });
  return {
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function signIn(baseUrl: string, role: Role, summary: VolumeSummary): Promise<string> {
  const [path, body] =
    role === 'driver'
      ? ['/api/driver/login', { phone: summary.driver.phone, password: VOLUME_PASSWORD }]
      : ['/api/auth/login', { email: role === 'admin' ? summary.admin.email : summary.parent.email, password: VOLUME_PASSWORD }];
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`Signing in as the ${role} failed: ${response.status} ${await response.text()}`);
  return cookie;
}

const appUrl = `http://127.0.0.1:${appPort}`;
const floorUrl = `http://127.0.0.1:${floorPort}`;

async function measureApp(rows: Map<string, Row>, summary: VolumeSummary): Promise<void> {
  const cookies = new Map<Role, string>();
  for (const endpoint of endpoints) {
    const row = rows.get(endpoint.id)!;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (endpoint.role) {
      if (!cookies.has(endpoint.role)) cookies.set(endpoint.role, await signIn(appUrl, endpoint.role, summary));
      headers.cookie = cookies.get(endpoint.role)!;
    }
    const body = endpoint.body ? JSON.stringify(endpoint.body({ email: summary.parent.email, password: VOLUME_PASSWORD })) : undefined;
    if (body) headers['content-type'] = 'application/json';
    const probe = await fetch(`${appUrl}${endpoint.path}`, { method: endpoint.method, headers, body });
    await probe.arrayBuffer();
    if (probe.status === 404) {
      row.status = 'skipped';
      row.note = 'skipped: the path answers 404 on this build';
      continue;
    }
    if (!probe.ok) {
      row.status = 'failed';
      row.note = `the path answers ${probe.status}`;
      continue;
    }
    process.stdout.write(`  app   ${endpoint.label}...`);
    row.app = await measure(`${appUrl}${endpoint.path}`, endpoint, headers, body);
    process.stdout.write(` ${row.app.requestsPerSecond} req/s\n`);
  }
}

async function measureFloor(rows: Map<string, Row>): Promise<void> {
  for (const endpoint of endpoints) {
    const row = rows.get(endpoint.id)!;
    if (row.status !== 'measured') continue;
    process.stdout.write(`  floor ${endpoint.label}...`);
    row.floor = await measure(`${floorUrl}/floor/${endpoint.id}`, endpoint, {}, undefined);
    process.stdout.write(` ${row.floor.requestsPerSecond} req/s\n`);
  }
}

// ---------- main ----------
const started = Date.now();
for (const file of [join(ROOT, 'apps/api/dist/main.js')]) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run pnpm build first (pnpm bench does).`);
}
console.log(
  `Benchmark on ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${volume.students} students, ${volume.drivers} drivers, ${volume.schools} schools, ${volume.areas} areas; ` +
    `${duration} s per side and endpoint after ${warmUp} s of warm-up, ${connections} connections${ci ? ' (CI mode)' : ''}.`,
);
const database = await prepareDatabase();
const { summary } = database;
console.log(`Seeded in ${(database.seedMs / 1000).toFixed(1)} s (no fee rows: the fee tables are not on this build).`);

const rows = new Map<string, Row>(
  endpoints.map((endpoint) => [
    endpoint.id,
    {
      id: endpoint.id,
      label: endpoint.label,
      path: `${endpoint.method} ${endpoint.path}`,
      floorSql: endpoint.floor === 'argon2-verify' ? 'argon2 verify of the parent’s hash (no SQL)' : endpoint.floor.map((step) => step.sql.replace(/\s+/g, ' ')),
      status: 'measured',
    },
  ]),
);
const floorContext: FloorContext = { parentUserId: summary.parent.userId, driverId: summary.driver.driverId, passwordHash: database.passwordHash };
const appEnv = {
  ...database.env,
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  COOKIE_SECURE: 'false',
  PORT: String(appPort),
  HOST: '127.0.0.1',
};
const floorEnv = { ...database.env, FLOOR_PORT: String(floorPort), FLOOR_CONTEXT: JSON.stringify(floorContext), FLOOR_PASSWORD: VOLUME_PASSWORD };
// tsx's loader as this package resolves it (the processes run from the repository root).
const floorCommand = ['--import', import.meta.resolve('tsx'), join(HERE, 'floor-server.ts')];

try {
  if (engine === 'postgres') {
    // Both servers up at once, one measured at a time.
    const app = await startProcess('the production server', ['apps/api/dist/main.js'], appEnv, `${appUrl}/api/health`);
    const floor = await startProcess('the floor server', floorCommand, floorEnv, `${floorUrl}/floor/c`);
    try {
      await measureApp(rows, summary);
      await measureFloor(rows);
    } finally {
      await app.stop();
      await floor.stop();
    }
  } else {
    // PGlite's files belong to one process at a time: the app first, then the floor.
    const app = await startProcess('the production server', ['apps/api/dist/main.js'], appEnv, `${appUrl}/api/health`);
    try {
      await measureApp(rows, summary);
    } finally {
      await app.stop();
    }
    const floor = await startProcess('the floor server', floorCommand, floorEnv, `${floorUrl}/floor/c`);
    try {
      await measureFloor(rows);
    } finally {
      await floor.stop();
    }
  }
} finally {
  stopAll();
  await database.drop();
}

// ---------- verdicts ----------
const failures: string[] = [];
for (const endpoint of endpoints) {
  const row = rows.get(endpoint.id)!;
  if (row.status === 'failed') failures.push(`${row.label}: ${row.note}`);
  if (!row.app || !row.floor) continue;
  row.ratio = Math.round((row.app.requestsPerSecond / row.floor.requestsPerSecond) * 100) / 100;
  const verdicts: string[] = [];
  if (row.app.non2xx > 0 || row.app.errors > 0) verdicts.push(`${row.app.non2xx} non-2xx, ${row.app.errors} errors`);
  if (row.ratio < RATIO_TARGET) verdicts.push(`ratio < ${RATIO_TARGET}`);
  if (row.ratio < failBelow) failures.push(`${row.label}: ratio ${row.ratio} < ${failBelow}`);
  const target = endpoint.p99TargetMs;
  if (target && engine === target.engine && volume.students >= target.minStudents && (endpoint.connections ?? connections) >= 50) {
    row.p99TargetMs = target.ms;
    if (row.app.p99Ms >= target.ms) {
      verdicts.push(`p99 ≥ ${target.ms} ms`);
      if (!ci) failures.push(`${row.label}: p99 ${row.app.p99Ms} ms ≥ ${target.ms} ms`);
    }
  }
  row.verdict = verdicts.length > 0 ? verdicts.join('; ') : 'ok';
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
console.log(`\n${'endpoint'.padEnd(34)} ${pad('app req/s', 10)} ${pad('p50', 6)} ${pad('p99', 6)} │ ${pad('floor req/s', 11)} ${pad('p50', 6)} ${pad('p99', 6)} │ ${pad('ratio', 6)}  verdict`);
for (const row of rows.values()) {
  if (!row.app || !row.floor) {
    console.log(`${row.label.padEnd(34)} ${row.note ?? ''}`);
    continue;
  }
  console.log(
    `${row.label.padEnd(34)} ${pad(row.app.requestsPerSecond, 10)} ${pad(row.app.p50Ms, 6)} ${pad(row.app.p99Ms, 6)} │ ${pad(row.floor.requestsPerSecond, 11)} ${pad(row.floor.p50Ms, 6)} ${pad(row.floor.p99Ms, 6)} │ ${pad(row.ratio!.toFixed(2), 6)}  ${row.verdict}`,
  );
}
console.log(`(latencies in ms; ratio = app req/s ÷ floor req/s, target ≥ ${RATIO_TARGET}${ci ? `, CI fails below ${failBelow}` : ''})`);

const resultsDir = join(ROOT, 'perf-results');
mkdirSync(resultsDir, { recursive: true });
const jsonFile = option('--json') ? resolve(option('--json')!) : join(resultsDir, `bench-${engine}-${volume.students}${ci ? '-ci' : ''}.json`);
writeFileSync(
  jsonFile,
  JSON.stringify({ at: new Date().toISOString(), engine, volume, duration, connections, ci, seedMs: database.seedMs, endpoints: [...rows.values()], failures }, null, 2),
);
console.log(`Figures written to ${jsonFile} (${Math.round((Date.now() - started) / 1000)} s in all).`);
if (failures.length > 0) {
  console.error(`Below target:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
