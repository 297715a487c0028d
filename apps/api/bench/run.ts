/**
 * `pnpm bench`: seeds a database with a realistic volume, starts the production server
 * (apps/api/dist/main.js) and the floor (bench/floor-server.ts: the same SQL, bare), and measures
 * both with autocannon, endpoint by endpoint. Prints requests/s, p50 and p99 and each endpoint's
 * ratio to its floor, and writes the figures to perf-results/bench-<engine>-<students>.json.
 *
 *   --students N (10000)  --drivers N (300)  --schools N (60)  --areas N (40)
 *   --engine postgres|pglite (postgres: a fresh database on BENCH_ADMIN_DATABASE_URL's server)
 *   --duration S (10 s per side and endpoint)  --connections N (50)  --only a,b,...
 *   --rounds N (1; 3 with --ci)  app/floor pairs per endpoint on PostgreSQL, back to back; the median pair counts
 *   --slices N (1; 2 with --ci)  turns per side in a round: app and floor alternate every duration/N s
 *   --warm-up N (500; 300 with --ci)  requests per endpoint and side before measuring (login: a tenth)
 *   --ci  small volume, 3 rounds of 2 s per side; fails only when an endpoint's best round has a
 *         ratio below half its target (0.35)
 *   --json FILE  where the figures go (default perf-results/, or $CI_REPORT_DIR with --ci when it is set)
 *   --app FILE  the server to measure (default apps/api/dist/main.js): another build to compare
 *   --compare FILE  a second build measured in the same run (PostgreSQL), its slices taken in turn
 *         with the app's and the floor's, so that both builds meet the same load from the rest of the
 *         machine: a mechanism with and without it (docs/performance.md)
 *   --node-flags "..."  Node's flags for the app (default: those of package.json's start script, so
 *         the app runs as `pnpm start` runs it); --compare-node-flags "..." for the compared build
 *         (default: the app's); --compare-env "NAME=value ..." settings of the compared build's
 *         environment (the same build with ANSWER_CHECKS=strict: what checking every answer costs)
 *   --ready-wait S (150)  longest wait for the app's first daily fee job run before measuring
 * Ports: BENCH_PORT (3106) for the app, BENCH_FLOOR_PORT (3116) for the floor, BENCH_COMPARE_PORT
 * (3126) for the compared build. The PostgreSQL
 * database is <BENCH_DATABASE_PREFIX (school_transport_bench)>_<pid>, dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { createDatabase, migrateToLatest, seedEssentials } from '@school-transport/db';
import { createBenchDatabase } from './bench-database.js';
import { seedVolume, seedVolumeFees, VOLUME_DEFAULTS, VOLUME_PASSWORD, type VolumeSummary } from '@school-transport/db/volume';
import { hashPassword } from '../src/domain/passwords.js';
import { ENDPOINTS, compilingKysely, type Endpoint, type FloorContext, type Role } from './endpoints.js';

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
const duration = numberOption('--duration', ci ? 2 : 10);
// Requests sent to every endpoint on each side before any is measured, so that both processes'
// code is compiled by V8's optimising tier: a time-based warm-up on a busy machine left the app
// (much more code than the floor) measured half-interpreted.
const warmUpRequests = numberOption('--warm-up', ci ? 300 : 500);
const connections = numberOption('--connections', ci ? 10 : 50);
// Pairs per endpoint on PostgreSQL (app, then floor straight after, under the same load from the
// rest of the machine); the median pair counts. PGlite runs one server at a time: one pair.
const rounds = Math.max(1, numberOption('--rounds', ci ? 3 : 1));
// Turns per side within a round (PostgreSQL): app and floor alternate every duration/slices seconds.
const slices = Math.max(1, numberOption('--slices', ci ? 2 : 1));
const only = option('--only')?.split(',');
const failBelow = ci ? RATIO_TARGET / 2 : RATIO_TARGET;
const appPort = Number(process.env.BENCH_PORT ?? 3106);
const floorPort = Number(process.env.BENCH_FLOOR_PORT ?? 3116);
const endpoints = ENDPOINTS.filter((endpoint) => !only || only.includes(endpoint.id));
// Another build of the server (an older commit's dist/main.js, say) to compare with the same floor.
const appMain = resolve(option('--app') ?? join(ROOT, 'apps/api/dist/main.js'));
const compareMain = option('--compare') === undefined ? undefined : resolve(option('--compare')!);
const comparePort = Number(process.env.BENCH_COMPARE_PORT ?? 3126);
if (compareMain && engine !== 'postgres') throw new Error('--compare needs --engine postgres: PGlite serves one process at a time.');
/** The flags between `node` and the script in package.json's start script. */
function startScriptFlags(): string[] {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.split(/\s+/);
  return start.slice(start.indexOf('node') + 1).filter((word) => word.startsWith('--'));
}
const flagsOption = (name: string) => option(name)?.split(/\s+/).filter(Boolean);
const appFlags = flagsOption('--node-flags') ?? startScriptFlags();
const compareFlags = flagsOption('--compare-node-flags') ?? appFlags;
// Settings of the compared build's environment ('ANSWER_CHECKS=strict'): the same build with a mechanism turned on.
const compareEnv = Object.fromEntries(
  (option('--compare-env') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
// How long to wait for the app's first daily fee job run to end (builds before it logged one: this long).
const readyWaitS = numberOption('--ready-wait', 150);

// ---------- processes ----------
const children = new Set<ChildProcess>();
const logDir = mkdtempSync(join(tmpdir(), 'bench-logs-'));
interface Server {
  pid: number;
  stop(): Promise<void>;
}
/**
 * Starts a server and waits until its health URL answers and, when `ready` is given, until its log
 * (stdout, kept in a file so that reading it costs the measuring process nothing) shows the line,
 * or `ready.waitMs` has passed (a build that does not write it: measured anyway, with a note).
 */
async function startProcess(
  name: string,
  command: string[],
  env: NodeJS.ProcessEnv,
  healthUrl: string,
  ready?: { line: string; waitMs: number },
): Promise<Server> {
  const logFile = join(logDir, `${name.replace(/\W+/g, '-')}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, command, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', log, 'pipe'] });
  closeSync(log);
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
  const deadline = Date.now() + 180_000;
  let answeringSince: number | undefined;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} stopped at start:\n${errors}`);
    try {
      if (answeringSince === undefined && (await fetch(healthUrl, { method: healthUrl.includes('/floor/') ? 'HEAD' : 'GET' })).status < 500)
        answeringSince = Date.now();
    } catch {
      // Not listening yet.
    }
    if (answeringSince !== undefined) {
      if (!ready || readFileSync(logFile, 'utf8').includes(ready.line)) return { pid: child.pid!, stop };
      if (Date.now() - answeringSince > ready.waitMs) {
        console.log(`  (${name} did not log "${ready.line}" within ${ready.waitMs / 1000} s: measuring anyway)`);
        return { pid: child.pid!, stop };
      }
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error(`${name} was not ready within 180 s:\n${errors}\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
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
  fees: { fees: number; payments: number };
  passwordHash: string;
  seedMs: number;
  drop(): Promise<void>;
}

async function prepareDatabase(): Promise<PreparedDatabase> {
  const { env, options, drop } = await createBenchDatabase(engine);
  const handle = await createDatabase(options);
  try {
    await migrateToLatest(handle.db);
    await seedEssentials(handle.db);
    const passwordHash = await hashPassword(VOLUME_PASSWORD);
    const started = Date.now();
    // A school year of fee rows that agree with the paid flags: the server's daily fee job, which
    // runs 5 s after its start, then has nothing to catch up (the measuring waits for that run).
    let fees = { fees: 0, payments: 0 };
    const summary = await seedVolume(handle.db, { ...volume, passwordHash, extraSteps: [async (db) => void (fees = await seedVolumeFees(db))] });
    return { env, summary, fees, passwordHash, seedMs: Date.now() - started, drop };
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
  /**
   * CPU time the server's Node process spent per request (Linux: /proc), database excluded: what
   * the process itself costs, which a busy machine changes far less than requests per second.
   */
  nodeCpuMsPerRequest?: number;
}

/** user + system CPU of a process so far, in ms (Linux; undefined elsewhere). */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
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
  /** Every app/floor pair measured (--rounds); the row's figures are the median pair's. */
  rounds?: { app: Side; floor: Side; ratio: number; compare?: Side; compareRatio?: number }[];
  /** The build of --compare, its median round (by its ratio to the floor measured beside it). */
  compare?: Side;
  compareRatio?: number;
  p99TargetMs?: number;
  verdict?: string;
}

function requestOf(url: string, endpoint: Endpoint, headers: Record<string, string>, body?: string) {
  return { url, method: endpoint.method, headers, body, connections: endpoint.connections ?? connections, timeout: 30 };
}

async function warmUp(url: string, endpoint: Endpoint, headers: Record<string, string>, body?: string): Promise<void> {
  // Sign-in is argon2-bound (tens a second): a tenth as many.
  const amount = endpoint.floor === 'argon2-verify' ? Math.ceil(warmUpRequests / 10) : warmUpRequests;
  await autocannon({ ...requestOf(url, endpoint, headers, body), amount });
}

interface Slice {
  result: Result;
  cpuMs: number | undefined;
}

async function measureSlice(
  server: Server,
  url: string,
  endpoint: Endpoint,
  headers: Record<string, string>,
  body: string | undefined,
  seconds: number,
): Promise<Slice> {
  const cpuBefore = cpuMs(server.pid);
  const result: Result = await autocannon({ ...requestOf(url, endpoint, headers, body), duration: seconds });
  const cpuAfter = cpuMs(server.pid);
  return { result, cpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined };
}

/** Slices of one side added up: requests over time; p50 the slices' mean, p99 their worst. */
function sideOf(slices: Slice[]): Side {
  const requests = slices.reduce((sum, slice) => sum + slice.result.requests.total, 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.result.duration, 0);
  const cpu = slices.every((slice) => slice.cpuMs !== undefined) ? slices.reduce((sum, slice) => sum + slice.cpuMs!, 0) : undefined;
  return {
    requestsPerSecond: Math.round((requests / seconds) * 10) / 10,
    p50Ms: Math.round(slices.reduce((sum, slice) => sum + slice.result.latency.p50, 0) / slices.length),
    p99Ms: Math.max(...slices.map((slice) => slice.result.latency.p99)),
    non2xx: slices.reduce((sum, slice) => sum + slice.result.non2xx, 0),
    errors: slices.reduce((sum, slice) => sum + slice.result.errors + slice.result.timeouts, 0),
    ...(cpu !== undefined && requests > 0 ? { nodeCpuMsPerRequest: Math.round((cpu / requests) * 100) / 100 } : {}),
  };
}

async function measure(server: Server, url: string, endpoint: Endpoint, headers: Record<string, string>, body?: string): Promise<Side> {
  return sideOf([await measureSlice(server, url, endpoint, headers, body, duration)]);
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
const compareUrl = `http://127.0.0.1:${comparePort}`;

interface AppRequest {
  headers: Record<string, string>;
  body?: string | undefined;
}

/** The app's request for an endpoint (signed in as its role), after one probe: undefined when the path cannot be measured. */
async function appRequest(row: Row, endpoint: Endpoint, summary: VolumeSummary, cookies: Map<Role, string>): Promise<AppRequest | undefined> {
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
    return undefined;
  }
  if (!probe.ok) {
    row.status = 'failed';
    row.note = `the path answers ${probe.status}`;
    return undefined;
  }
  return { headers, body };
}

const ratioOf = (app: Side, floor: Side) => Math.round((app.requestsPerSecond / floor.requestsPerSecond) * 100) / 100;
const print = (side: string, endpoint: Endpoint, result: Side) =>
  console.log(
    `  ${side.padEnd(5)} ${endpoint.label.padEnd(34)} ${String(result.requestsPerSecond).padStart(7)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms` +
      (result.nodeCpuMsPerRequest !== undefined ? `  node CPU ${result.nodeCpuMsPerRequest} ms/request` : ''),
  );

/**
 * PostgreSQL: both servers up (three with --compare). Every endpoint warmed up on each; then
 * `rounds` rounds over the endpoints, each measured on the app and on the floor straight after (the
 * same load from the rest of the machine). Each row keeps its median pair.
 */
async function measurePairs(rows: Map<string, Row>, summary: VolumeSummary, appServer: Server, floorServer: Server, compareServer?: Server): Promise<void> {
  const cookies = new Map<Role, string>();
  const requests = new Map<string, AppRequest>();
  for (const endpoint of endpoints) {
    const request = await appRequest(rows.get(endpoint.id)!, endpoint, summary, cookies);
    if (!request) continue;
    requests.set(endpoint.id, request);
    await warmUp(`${appUrl}${endpoint.path}`, endpoint, request.headers, request.body);
    if (compareServer) await warmUp(`${compareUrl}${endpoint.path}`, endpoint, request.headers, request.body);
    await warmUp(`${floorUrl}/floor/${endpoint.id}`, endpoint, {});
  }
  for (let round = 0; round < rounds; round++) {
    if (rounds > 1) console.log(`  round ${round + 1} of ${rounds}`);
    for (const endpoint of endpoints) {
      const request = requests.get(endpoint.id);
      if (!request) continue;
      // The round's time on each side in `slices` turns, app and floor alternating, so that the
      // rest of the machine's load, which comes and goes by the second, weighs on both alike.
      const appSlices: Slice[] = [];
      const floorSlices: Slice[] = [];
      const compareSlices: Slice[] = [];
      const appSlice = async () =>
        appSlices.push(await measureSlice(appServer, `${appUrl}${endpoint.path}`, endpoint, request.headers, request.body, duration / slices));
      const compareSlice = async () =>
        compareServer &&
        compareSlices.push(await measureSlice(compareServer, `${compareUrl}${endpoint.path}`, endpoint, request.headers, request.body, duration / slices));
      for (let slice = 0; slice < slices; slice++) {
        // The two builds take turns at going first, so that neither always follows the floor.
        if (slice % 2 === 0) await appSlice().then(compareSlice);
        else await compareSlice().then(appSlice);
        floorSlices.push(await measureSlice(floorServer, `${floorUrl}/floor/${endpoint.id}`, endpoint, {}, undefined, duration / slices));
      }
      const app = sideOf(appSlices);
      const floor = sideOf(floorSlices);
      print('app', endpoint, app);
      const compare = compareServer ? sideOf(compareSlices) : undefined;
      if (compare) print('comp.', endpoint, compare);
      print('floor', endpoint, floor);
      (rows.get(endpoint.id)!.rounds ??= []).push({
        app,
        floor,
        ratio: ratioOf(app, floor),
        ...(compare ? { compare, compareRatio: ratioOf(compare, floor) } : {}),
      });
    }
  }
  const medianOf = <T>(items: T[], key: (item: T) => number) => [...items].sort((x, y) => key(x) - key(y))[Math.floor((items.length - 1) / 2)]!;
  for (const row of rows.values()) {
    if (!row.rounds) continue;
    const median = medianOf(row.rounds, (pair) => pair.ratio);
    row.app = median.app;
    row.floor = median.floor;
    if (!compareServer) continue;
    const compared = medianOf(row.rounds, (pair) => pair.compareRatio!);
    row.compare = compared.compare!;
    row.compareRatio = compared.compareRatio!;
  }
}

/** PGlite: one process at a time, so every endpoint on the app first, then every one on the floor. */
async function measureApp(rows: Map<string, Row>, summary: VolumeSummary, appServer: Server): Promise<void> {
  const cookies = new Map<Role, string>();
  for (const endpoint of endpoints) {
    const row = rows.get(endpoint.id)!;
    const request = await appRequest(row, endpoint, summary, cookies);
    if (!request) continue;
    await warmUp(`${appUrl}${endpoint.path}`, endpoint, request.headers, request.body);
    row.app = await measure(appServer, `${appUrl}${endpoint.path}`, endpoint, request.headers, request.body);
    print('app', endpoint, row.app);
  }
}
async function measureFloor(rows: Map<string, Row>, floorServer: Server): Promise<void> {
  for (const endpoint of endpoints) {
    const row = rows.get(endpoint.id)!;
    if (row.status !== 'measured') continue;
    await warmUp(`${floorUrl}/floor/${endpoint.id}`, endpoint, {});
    row.floor = await measure(floorServer, `${floorUrl}/floor/${endpoint.id}`, endpoint, {}, undefined);
    print('floor', endpoint, row.floor);
  }
}

// ---------- main ----------
const started = Date.now();
if (!existsSync(appMain)) throw new Error(`${appMain} is missing: run pnpm build first (pnpm bench does).`);
console.log(
  `Benchmark on ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${volume.students} students, ${volume.drivers} drivers, ${volume.schools} schools, ${volume.areas} areas; ` +
    `${duration} s per side and endpoint after ${warmUpRequests} requests of warm-up, ${connections} connections${engine === 'postgres' && rounds > 1 ? `, ${rounds} rounds` : ''}${ci ? ' (CI mode)' : ''}.`,
);
console.log(`The app: node ${[...appFlags, appMain].join(' ')}${compareMain ? `; compared with: node ${[...compareFlags, compareMain].join(' ')}` : ''}.`);
const database = await prepareDatabase();
const { summary } = database;
console.log(`Seeded in ${(database.seedMs / 1000).toFixed(1)} s, with ${database.fees.fees} fee rows and ${database.fees.payments} payments (a school year).`);

const floorContext: FloorContext = { parentUserId: summary.parent.userId, driverId: summary.driver.driverId, passwordHash: database.passwordHash };
const compiler = compilingKysely();
const rows = new Map<string, Row>(
  endpoints.map((endpoint) => [
    endpoint.id,
    {
      id: endpoint.id,
      label: endpoint.label,
      path: `${endpoint.method} ${endpoint.path}`,
      floorSql:
        endpoint.floor === 'argon2-verify'
          ? 'argon2 verify of the parent’s hash (no SQL)'
          : endpoint.floor(compiler, floorContext).map((step) => step.sql.replace(/\s+/g, ' ')),
      status: 'measured',
    },
  ]),
);
const appEnv = {
  ...database.env,
  NODE_ENV: 'production',
  // Production refuses to start without a transport chosen; the log sends nothing to anyone.
  NOTIFY_TRANSPORT: 'log',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  COOKIE_SECURE: 'false',
  PORT: String(appPort),
  HOST: '127.0.0.1',
  // The per-address request cap would answer 429 to autocannon within a second: off, as the floor has none.
  RATE_LIMIT_PER_MINUTE: '0',
};
const floorEnv = { ...database.env, FLOOR_PORT: String(floorPort), FLOOR_CONTEXT: JSON.stringify(floorContext), FLOOR_PASSWORD: VOLUME_PASSWORD };
// tsx's loader as this package resolves it (the processes run from the repository root).
const floorCommand = ['--import', import.meta.resolve('tsx'), join(HERE, 'floor-server.ts')];
// The app is measured once its daily fee job's first run (5 s after start) is over.
const startApp = () =>
  startProcess('the production server', [...appFlags, appMain], appEnv, `${appUrl}/api/health`, { line: 'daily fee job done', waitMs: readyWaitS * 1000 });
const startCompare = (main: string) =>
  startProcess('the compared build', [...compareFlags, main], { ...appEnv, ...compareEnv, PORT: String(comparePort) }, `${compareUrl}/api/health`, {
    line: 'daily fee job done',
    waitMs: readyWaitS * 1000,
  });
const startFloor = () => startProcess('the floor server', floorCommand, floorEnv, `${floorUrl}/floor/c`);

try {
  if (engine === 'postgres') {
    const app = await startApp();
    const compare = compareMain ? await startCompare(compareMain) : undefined;
    const floor = await startFloor();
    try {
      await measurePairs(rows, summary, app, floor, compare);
    } finally {
      await app.stop();
      await compare?.stop();
      await floor.stop();
    }
  } else {
    // PGlite's files belong to one process at a time: the app first, then the floor.
    const app = await startApp();
    try {
      await measureApp(rows, summary, app);
    } finally {
      await app.stop();
    }
    const floor = await startFloor();
    try {
      await measureFloor(rows, floor);
    } finally {
      await floor.stop();
    }
  }
} finally {
  stopAll();
  await database.drop();
  rmSync(logDir, { recursive: true, force: true });
}

// ---------- verdicts ----------
const failures: string[] = [];
for (const endpoint of endpoints) {
  const row = rows.get(endpoint.id)!;
  if (row.status === 'failed') failures.push(`${row.label}: ${row.note}`);
  if (!row.app || !row.floor) continue;
  row.ratio = ratioOf(row.app, row.floor);
  const verdicts: string[] = [];
  // A side whose requests failed measured something else than the endpoint: never a pass.
  for (const [side, result] of [
    ['app', row.app],
    ['floor', row.floor],
  ] as const) {
    if (result.non2xx > 0 || result.errors > 0) {
      verdicts.push(`${side}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      failures.push(`${row.label}: the ${side} answered ${result.non2xx} non-2xx and ${result.errors} errors`);
    }
  }
  if (row.ratio < RATIO_TARGET) verdicts.push(`ratio < ${RATIO_TARGET}`);
  // CI judges an endpoint by its best round: a regression shows in every round, while the
  // machine's other work (a test run, a build) drags down one round or two at random.
  const judged = ci && row.rounds ? Math.max(...row.rounds.map((pair) => pair.ratio)) : row.ratio;
  if (judged < failBelow) failures.push(`${row.label}: ratio ${judged}${ci && row.rounds ? ' (best round)' : ''} < ${failBelow}`);
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
const cpu = (side: Side) => (side.nodeCpuMsPerRequest === undefined ? '' : side.nodeCpuMsPerRequest.toFixed(2));
console.log(
  `\n${'endpoint'.padEnd(34)} ${pad('app req/s', 10)} ${pad('p50', 6)} ${pad('p99', 6)} ${pad('cpu', 6)} │ ${pad('floor req/s', 11)} ${pad('p50', 6)} ${pad('p99', 6)} ${pad('cpu', 6)} │ ${pad('ratio', 6)}  verdict`,
);
for (const row of rows.values()) {
  if (!row.app || !row.floor) {
    console.log(`${row.label.padEnd(34)} ${row.note ?? ''}`);
    continue;
  }
  const spread = row.rounds && row.rounds.length > 1 ? `  (rounds: ${row.rounds.map((pair) => pair.ratio.toFixed(2)).join(', ')})` : '';
  console.log(
    `${row.label.padEnd(34)} ${pad(row.app.requestsPerSecond, 10)} ${pad(row.app.p50Ms, 6)} ${pad(row.app.p99Ms, 6)} ${pad(cpu(row.app), 6)} │ ${pad(row.floor.requestsPerSecond, 11)} ${pad(row.floor.p50Ms, 6)} ${pad(row.floor.p99Ms, 6)} ${pad(cpu(row.floor), 6)} │ ${pad(row.ratio!.toFixed(2), 6)}  ${row.verdict}${spread}`,
  );
  if (row.compare) {
    const compareSpread = row.rounds!.length > 1 ? `  (rounds: ${row.rounds!.map((pair) => pair.compareRatio!.toFixed(2)).join(', ')})` : '';
    console.log(
      `${'  compared build'.padEnd(34)} ${pad(row.compare.requestsPerSecond, 10)} ${pad(row.compare.p50Ms, 6)} ${pad(row.compare.p99Ms, 6)} ${pad(cpu(row.compare), 6)} │ ${''.padEnd(32)} │ ${pad(row.compareRatio!.toFixed(2), 6)}${compareSpread}`,
    );
  }
}
console.log(
  `(latencies in ms; cpu: the Node process's CPU ms per request; ratio = app req/s ÷ floor req/s, target ≥ ${RATIO_TARGET}${ci ? `, CI fails below ${failBelow}` : ''})`,
);

const resultsDir = ci && process.env.CI_REPORT_DIR ? resolve(process.env.CI_REPORT_DIR) : join(ROOT, 'perf-results');
mkdirSync(resultsDir, { recursive: true });
const jsonFile = option('--json') ? resolve(option('--json')!) : join(resultsDir, `bench-${engine}-${volume.students}${ci ? '-ci' : ''}.json`);
writeFileSync(
  jsonFile,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      app: [...appFlags, appMain],
      ...(compareMain ? { compare: [...compareFlags, compareMain] } : {}),
      engine,
      volume,
      fees: database.fees,
      duration,
      warmUpRequests,
      connections,
      rounds,
      ci,
      seedMs: database.seedMs,
      endpoints: [...rows.values()],
      failures,
    },
    null,
    2,
  ),
);
console.log(`Figures written to ${jsonFile} (${Math.round((Date.now() - started) / 1000)} s in all).`);
if (failures.length > 0) {
  console.error(`Below target:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
