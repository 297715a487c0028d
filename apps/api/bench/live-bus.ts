/**
 * `pnpm bench` (after the endpoints' benchmark; not in `bench:ci`): the live bus on PostgreSQL.
 *
 * 1. Ingestion: POST /api/driver/positions (one fix a call, 50 drivers' sessions in turn) on the
 *    built server against its floor, bench/positions-floor.ts: the app's own statement (the run's
 *    lookup, the trail, the latest position and the notice) through bare Fastify and pg; and, for
 *    comparison, the write alone without the run's lookup.
 * 2. Fan-out: two server processes on one database, 2,000 families each following their child's
 *    bus over Server-Sent Events (half on each process), 50 buses each posting a fix every 5 s to
 *    either process in turn. For every fix, the delay from the start of its POST to each family's
 *    event carrying it (median, p99), and the CPU the two server processes and the machine used.
 *
 * With --tracker, the same two measures for the buses' trackers instead of the drivers' phones: each
 * bus's vehicle carries a tracker (a phone running Traccar Client, say) that sends its fix as the
 * OsmAnd protocol's query string, `POST /api/tracking/osmand?id=…&lat=…&lon=…&timestamp=…`, with no
 * session; 200 buses by default. Ingestion is measured against the floor's /floor/osmand (the
 * tracker's bus, the run at the fix's time, then the same statement), and the fan-out's delay runs
 * from the start of the tracker's POST to each family's event. Figures in bench-live-bus-trackers.json.
 *
 *   --duration S (10 s per side for ingestion)  --fan-out-seconds S (60)  --connections N (20)
 *   --families N (2000)  --buses N (50; 200 with --tracker)  --every S (5)  --tracker
 * Ports: BENCH_PORT (3106) and the next one for the two processes, BENCH_FLOOR_PORT (3116).
 * BENCH_NODE_ARGS: further Node flags for the servers and the floor (`--cpu-prof --cpu-prof-dir=...` to profile them).
 * The database is <BENCH_DATABASE_PREFIX (school_transport_bench)>_live_<pid>, dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { bahrainToday } from '@school-transport/contracts';
import { createDatabase, migrateToLatest, seedEssentials } from '@school-transport/db';
import { createBenchDatabase } from './bench-database.js';
import { hashPassword } from '../src/domain/passwords.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..', '..');
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const duration = option('--duration', 10);
const fanOutSeconds = option('--fan-out-seconds', 60);
const connections = option('--connections', 20);
const families = option('--families', 2000);
const trackerMode = args.includes('--tracker');
const buses = option('--buses', trackerMode ? 200 : 50);
const everyS = option('--every', 5);
/**
 * Where bus k drives: 50 buses side by side, 0.012° of longitude apart, each further 50 a row 0.1°
 * to the north, all inside the default SERVICE_AREA (the server drops a fix outside it as
 * implausible: spread 0.01° apart from 50.5°, the buses past the 40th sent only dropped fixes).
 */
const BUSES_A_ROW = 50;
const busLng = (k: number) => 50.3 + (k % BUSES_A_ROW) * 0.012;
const busLat = (k: number) => 25.8 + Math.floor(k / BUSES_A_ROW) * 0.1;
const appPort = Number(process.env.BENCH_PORT ?? 3106);
const floorPort = Number(process.env.BENCH_FLOOR_PORT ?? 3116);
const PASSWORD = 'live-bus-bench';

const children = new Set<ChildProcess>();
process.once('SIGINT', () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(130);
});

function start(script: string[], env: NodeJS.ProcessEnv, health: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-3000)));
  return new Promise((ready, fail) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      if (child.exitCode !== null) return fail(new Error(`${script.join(' ')} stopped:\n${errors}`));
      try {
        if ((await fetch(health)).status < 500) return ready(child);
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) return fail(new Error(`${script.join(' ')} not ready:\n${errors}`));
      setTimeout(() => void poll(), 250);
    };
    void poll();
  });
}
async function stop(child: ChildProcess) {
  if (child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  children.delete(child);
}

/** user + system CPU of a process so far, in ms (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
/** The whole machine's busy and total jiffies (Linux /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const [, ...numbers] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const values = numbers.map(Number);
  const idle = values[3]! + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;

// ---------- the database ----------
const database = await createBenchDatabase('postgres', 'live');
const databaseUrl = database.env.DATABASE_URL;
const today = bahrainToday(new Date());
const handle = await createDatabase(database.options);
const hash = await hashPassword(PASSWORD);
await migrateToLatest(handle.db);
await seedEssentials(handle.db);
const db = handle.db;
await sql`INSERT INTO settings (key, value) VALUES ('schoolDays', '["sun","mon","tue","wed","thu","fri","sat"]') ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(
  db,
);
const school = await db.insertInto('schools').values({ schoolCode: 'LIVE-1', name: 'Live School' }).returning('id').executeTakeFirstOrThrow();
const area = await db.insertInto('areas').values({ name: 'Live Area', price: '25.00' }).returning('id').executeTakeFirstOrThrow();
await sql`
  INSERT INTO users (phone, password_hash, role, name) SELECT (39000000 + i)::text, ${hash}, 'driver', 'Bus ' || i FROM generate_series(1, ${buses}) AS i`.execute(
  db,
);
await sql`
  INSERT INTO drivers (user_id, name, phone, license_no, area_ids) SELECT id, name, phone, 'LIVE-' || phone, '[]' FROM users WHERE role = 'driver'`.execute(db);
// Each vehicle's tracker identifier, as the office would generate it (a phone app's: 20 characters or more).
if (trackerMode) await sql`UPDATE drivers SET vehicle_tracker_id = 'bench-tracker-' || phone`.execute(db);
await sql`
  INSERT INTO users (email, password_hash, role, name, phone) SELECT 'live-' || i || '@example.com', ${hash}, 'parent', 'Parent ' || i, (36000000 + i)::text FROM generate_series(1, ${families}) AS i`.execute(
  db,
);
await sql`INSERT INTO parents (user_id) SELECT id FROM users WHERE role = 'parent'`.execute(db);
// Each family's child rides bus (i mod buses), a stop a few hundred metres apart along its route.
await sql`
  INSERT INTO students (school_id, first_name, fathers_name, last_name, grade, student_school_id, contact_number1, service_type, price_bhd, area_id,
    address, house_building, road, block, location_link, driver_id, parent_id)
  SELECT ${school.id}, 'Child', 'Father', 'Live' || p.n, '5', 'LIVE-S-' || p.n, '36001122', 'BOTH', '25.00', ${area.id},
    'Block ' || p.n || ', Road 1, House 1', '1', '1', p.n::text,
    'https://maps.google.com/?q=' || (25.8 + ((p.n % ${buses}) / ${BUSES_A_ROW}) * 0.1 + (p.n / ${buses}) * 0.004)::numeric(8, 5) || ',' || (50.3 + ((p.n % ${buses}) % ${BUSES_A_ROW}) * 0.012)::numeric(8, 5),
    d.id, p.id
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM parents) AS p
  JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM drivers) AS d ON d.k = p.n % ${buses}`.execute(db);
await sql`INSERT INTO school_runs (planned_run_id, driver_id, date, run, started_at) SELECT id, driver_id, ${today}, 'morning', now() - interval '1 minute' FROM planned_runs WHERE direction = 'morning'`.execute(
  db,
);
const drivers = (
  await sql<{
    id: string;
    phone: string;
    n: number;
    trackerId: string | null;
  }>`SELECT d.id, d.phone, row_number() OVER (ORDER BY d.id)::int - 1 AS n, d.vehicle_tracker_id AS "trackerId" FROM drivers d ORDER BY d.id`.execute(db)
).rows;
const parents = (
  await sql<{
    email: string;
    student: string;
  }>`SELECT u.email, s.id AS student FROM users u JOIN parents p ON p.user_id = u.id JOIN students s ON s.parent_id = p.id ORDER BY u.email`.execute(db)
).rows;
await handle.close();

const serverEnv = (port: number): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  DATA_DIR: '',
  SESSION_SECRET: randomBytes(24).toString('hex'),
  COOKIE_SECURE: 'false',
  NOTIFY_TRANSPORT: 'log',
  OUTBOX_WORKER: '0',
  RATE_LIMIT_PER_MINUTE: '0',
  LOG_LEVEL: 'warn',
  WEB_DIST: '',
});
const secret = serverEnv(0).SESSION_SECRET!;
const env = (port: number) => ({ ...serverEnv(port), SESSION_SECRET: secret });
const main = join(ROOT, 'apps/api/dist/main.js');
const servers = [
  await start([main], env(appPort), `http://127.0.0.1:${appPort}/api/health`),
  await start([main], env(appPort + 1), `http://127.0.0.1:${appPort + 1}/api/health`),
];
const urls = [`http://127.0.0.1:${appPort}`, `http://127.0.0.1:${appPort + 1}`];

async function signIn(url: string, path: string, body: Record<string, string>): Promise<string> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in ${response.status} ${await response.text()}`);
  return cookie;
}
/** Runs `work` over the items, `width` at a time. */
async function eachLimited<T, R>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}
const signingIn = Date.now();
// A tracker has no session: only the phones' path signs its drivers in.
const driverCookies = trackerMode
  ? []
  : await eachLimited(drivers, 8, (driver, index) => signIn(urls[index % 2]!, '/api/driver/login', { phone: driver.phone, password: PASSWORD }));
const parentCookies = await eachLimited(parents, 8, (parent, index) =>
  signIn(urls[index % 2]!, '/api/auth/login', { email: parent.email, password: PASSWORD }),
);
console.log(`Signed in ${driverCookies.length} drivers and ${parents.length} parents in ${((Date.now() - signingIn) / 1000).toFixed(0)} s.`);

// ---------- 1. ingestion against its floor ----------
const floor = await start(
  ['--import', import.meta.resolve('tsx'), join(HERE, 'positions-floor.ts')],
  { DATABASE_URL: databaseUrl, FLOOR_PORT: String(floorPort) },
  `http://127.0.0.1:${floorPort}/health`,
);
let sequence = 0;
/**
 * One fix of one bus, now: a new instant each time (the trail keeps one fix per phone and instant).
 * The instants arrive out of order, so the bus stands still: any move between them would be faster
 * than a bus goes and dropped as implausible before the statement the bench measures.
 */
function fixBody(busIndex: number) {
  sequence++;
  const at = new Date(Date.now() - (sequence % 1000)).toISOString();
  return JSON.stringify({ run: 'morning', date: today, fixes: [{ lat: busLat(busIndex), lng: busLng(busIndex), accuracy: 8, speed: 6, heading: 0, at }] });
}
/** One tracker fix of one bus, now, as the OsmAnd protocol's query string (speed in knots; the time ISO 8601 to the millisecond). */
function trackerQuery(busIndex: number, at: string, lat: number) {
  return new URLSearchParams({
    id: drivers[busIndex]!.trackerId!,
    lat: String(lat),
    lon: String(busLng(busIndex)),
    timestamp: at,
    accuracy: '8',
    speed: '11.7',
    bearing: '0',
  }).toString();
}
/** The same standing bus as fixBody, from its tracker: a new instant each time, out of order within a second. */
function trackerFixPath(path: string, busIndex: number) {
  sequence++;
  return `${path}?${trackerQuery(busIndex, new Date(Date.now() - (sequence % 1000)).toISOString(), busLat(busIndex))}`;
}
/** The trackers' ingestion: POST with the fix in the query string and no body, as Traccar Client sends it, to the app or the floor. */
async function ingestTrackers(base: string, path: string) {
  const cpuPid = (base.includes(String(floorPort)) ? floor : servers[0]!).pid!;
  const cpuBefore = cpuMs(cpuPid);
  let turn = 0;
  const result = await autocannon({
    url: `${base}${path}`,
    method: 'POST',
    connections,
    duration,
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, path: trackerFixPath(path, turn++ % drivers.length) }) }],
  } as Parameters<typeof autocannon>[0]);
  const requests = result.requests.total;
  return {
    requestsPerSecond: Math.round(requests / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    nodeCpuMsPerRequest: Math.round(((cpuMs(cpuPid) - cpuBefore) / requests) * 100) / 100,
  };
}
async function ingest(url: string, cookies: readonly string[] | null, driverIds: readonly string[]) {
  const cpuPid = (url.includes(String(floorPort)) ? floor : servers[0]!).pid!;
  const cpuBefore = cpuMs(cpuPid);
  let turn = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => {
          const index = turn++ % drivers.length;
          const headers = { 'content-type': 'application/json', ...(cookies ? { cookie: cookies[index]! } : { 'x-driver': driverIds[index]! }) };
          return { ...request, headers, body: fixBody(index) };
        },
      },
    ],
  } as Parameters<typeof autocannon>[0]);
  const requests = result.requests.total;
  return {
    requestsPerSecond: Math.round(requests / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    nodeCpuMsPerRequest: Math.round(((cpuMs(cpuPid) - cpuBefore) / requests) * 100) / 100,
  };
}
const driverIds = drivers.map((driver) => driver.id);
async function measurePhones() {
  const driverCookiesOnFirst = await eachLimited(drivers, 8, (driver) => signIn(urls[0]!, '/api/driver/login', { phone: driver.phone, password: PASSWORD }));
  // Warm both sides up before measuring.
  await autocannon({
    url: `${urls[0]}/api/driver/positions`,
    method: 'POST',
    connections: 4,
    amount: 300,
    headers: { 'content-type': 'application/json', cookie: driverCookiesOnFirst[0]! },
    body: fixBody(0),
  });
  await autocannon({
    url: `http://127.0.0.1:${floorPort}/floor/positions`,
    method: 'POST',
    connections: 4,
    amount: 300,
    headers: { 'content-type': 'application/json', 'x-driver': driverIds[0]! },
    body: fixBody(0),
  });
  const app = await ingest(`${urls[0]}/api/driver/positions`, driverCookiesOnFirst, driverIds);
  const bare = await ingest(`http://127.0.0.1:${floorPort}/floor/positions`, null, driverIds);
  const insertOnly = await ingest(`http://127.0.0.1:${floorPort}/floor/insert`, null, driverIds);
  const ratioTo = (floorSide: { requestsPerSecond: number }) => Math.round((app.requestsPerSecond / floorSide.requestsPerSecond) * 100) / 100;
  const measured = { app, floor: bare, ratio: ratioTo(bare), insertOnly, ratioToInsertOnly: ratioTo(insertOnly) };
  console.log(
    `Ingestion: app ${app.requestsPerSecond} req/s (p99 ${app.p99Ms} ms, non-2xx ${app.non2xx}, ${app.nodeCpuMsPerRequest} ms CPU each), floor ${bare.requestsPerSecond} req/s (${bare.nodeCpuMsPerRequest} ms): ratio ${measured.ratio} (target ≥ 0.7); the write alone without the run's lookup ${insertOnly.requestsPerSecond} req/s: ratio ${measured.ratioToInsertOnly}`,
  );
  return measured;
}
async function measureTrackers() {
  const floorBase = `http://127.0.0.1:${floorPort}`;
  // Warm both sides up before measuring.
  await autocannon({ url: `${urls[0]}${trackerFixPath('/api/tracking/osmand', 0)}`, method: 'POST', connections: 4, amount: 300 });
  await autocannon({ url: `${floorBase}${trackerFixPath('/floor/osmand', 0)}`, method: 'POST', connections: 4, amount: 300 });
  const app = await ingestTrackers(urls[0]!, '/api/tracking/osmand');
  const bare = await ingestTrackers(floorBase, '/floor/osmand');
  const measured = { app, floor: bare, ratio: Math.round((app.requestsPerSecond / bare.requestsPerSecond) * 100) / 100 };
  console.log(
    `Trackers' ingestion (OsmAnd): app ${app.requestsPerSecond} req/s (p99 ${app.p99Ms} ms, non-2xx ${app.non2xx}, ${app.nodeCpuMsPerRequest} ms CPU each), floor ${bare.requestsPerSecond} req/s (${bare.nodeCpuMsPerRequest} ms): ratio ${measured.ratio} (target ≥ 0.7)`,
  );
  return measured;
}
const ingestion = trackerMode ? await measureTrackers() : await measurePhones();
await stop(floor);

// ---------- 2. fan-out ----------
/** Send times of each fix, by bus and instant. */
const sentAt = new Map<string, number>();
const delays: number[] = [];
let events = 0;
/** What the events that matched no new fix carried: the same fix again, an instant no post sent, or no bus at all. */
const unmatched = { repeats: 0, unknownInstant: 0, notOnTheWay: 0 };
let openStreams = 0;
const abort = new AbortController();
// One signal ends every family's stream: thousands of listeners on it are expected.
setMaxListeners(0, abort.signal);
async function follow(url: string, cookie: string, studentId: string, busIndex: number, opened: () => void): Promise<void> {
  const response = await fetch(`${url}/trpc/parent.busUpdates?input=${encodeURIComponent(JSON.stringify({ id: studentId }))}`, {
    headers: { accept: 'text/event-stream', cookie },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
  openStreams++;
  const decoder = new TextDecoder();
  let buffer = '';
  // A page is sent the bus again every 15 s without a change: only a fix's first arrival counts.
  const seen = new Set<string>();
  try {
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data || /^event: connected$/m.test(block)) continue;
        const received = performance.now();
        const bus = JSON.parse(data) as { position?: { at: string } };
        if (events++ === 0 || !seen.has('opened')) {
          seen.add('opened');
          opened();
        }
        const key = bus.position ? `${busIndex}:${bus.position.at}` : '';
        const sent = sentAt.get(key);
        if (sent !== undefined && !seen.has(key)) {
          seen.add(key);
          delays.push(received - sent);
        } else if (!bus.position) unmatched.notOnTheWay++;
        else if (sent === undefined) unmatched.unknownInstant++;
        else unmatched.repeats++;
      }
    }
  } catch (error) {
    if ((error as { name?: string }).name !== 'AbortError') throw error;
  }
}
const busOfParent = await (async () => {
  const handle2 = await createDatabase({ databaseUrl });
  const rows = (
    await sql<{
      student: string;
      n: number;
    }>`SELECT s.id AS student, d.n FROM students s JOIN (SELECT id, row_number() OVER (ORDER BY id)::int - 1 AS n FROM drivers) d ON d.id = s.driver_id`.execute(
      handle2.db,
    )
  ).rows;
  await handle2.close();
  return new Map(rows.map((row) => [row.student, row.n]));
})();
// Families open their page over a few seconds, not all in the same millisecond: 50 pages opening at a time.
const streams: Promise<void>[] = [];
/** A page not sent its first event within this long is left to open on its own: the count below says how many never did. */
const OPENING_MS = 30_000;
await eachLimited(parents, 50, (parent, index) => {
  return new Promise<void>((opened) => {
    setTimeout(opened, OPENING_MS).unref();
    streams.push(
      follow(urls[index % 2]!, parentCookies[index]!, parent.student, busOfParent.get(parent.student)!, opened).catch((error: unknown) => {
        console.error('stream failed', error);
        opened();
      }),
    );
  });
});
const streamsDeadline = Date.now() + 60_000;
while (openStreams < parents.length && Date.now() < streamsDeadline) await new Promise((done) => setTimeout(done, 200));
console.log(`${openStreams} of ${parents.length} families following their bus.`);
await new Promise((done) => setTimeout(done, 2_000));
delays.length = 0;
Object.assign(unmatched, { repeats: 0, unknownInstant: 0, notOnTheWay: 0 });

const cpuBefore = servers.map((server) => cpuMs(server.pid!));
const machineBefore = machineTicks();
const postDelays: number[] = [];
let posts = 0;
let failedPosts = 0;
const fanOutStarted = Date.now();
await Promise.all(
  drivers.map(async (driver, index) => {
    // Staggered: the buses' posts spread over each 5 s.
    await new Promise((done) => setTimeout(done, (index * everyS * 1000) / drivers.length));
    let step = 0;
    while (Date.now() - fanOutStarted < fanOutSeconds * 1000) {
      const at = new Date().toISOString();
      const url = urls[step % 2]!;
      const lat = busLat(driver.n) + step * 0.0004;
      const began = performance.now();
      sentAt.set(`${driver.n}:${at}`, began);
      // A tracker names its bus by its identifier, with no session; a session made on one process is honoured by the other: the phone's posts go to either.
      const response = trackerMode
        ? await fetch(`${url}/api/tracking/osmand?${trackerQuery(index, at, lat)}`, { method: 'POST' })
        : await fetch(`${url}/api/driver/positions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: driverCookies[index]! },
            body: JSON.stringify({ run: 'morning', date: today, fixes: [{ lat, lng: busLng(driver.n), accuracy: 8, speed: 8, heading: 0, at }] }),
          });
      postDelays.push(performance.now() - began);
      posts++;
      if (response.status !== (trackerMode ? 200 : 202)) failedPosts++;
      await response.arrayBuffer();
      step++;
      await new Promise((done) => setTimeout(done, everyS * 1000 - (performance.now() - began)));
    }
  }),
);
await new Promise((done) => setTimeout(done, 2_000));
const seconds = (Date.now() - fanOutStarted) / 1000;
const cpuAfter = servers.map((server) => cpuMs(server.pid!));
const machineAfter = machineTicks();
abort.abort();
await Promise.allSettled(streams);

delays.sort((a, b) => a - b);
postDelays.sort((a, b) => a - b);
const expected = posts * (openStreams / buses);
const fanOut = {
  families,
  buses,
  everySeconds: everyS,
  seconds: Math.round(seconds),
  streamsOpen: openStreams,
  posts,
  failedPosts,
  eventsDelivered: events,
  fixEventsMatched: delays.length,
  fixEventsExpected: expected,
  unmatchedEvents: { ...unmatched },
  delayMs: { p50: Math.round(percentile(delays, 0.5)), p99: Math.round(percentile(delays, 0.99)), max: Math.round(delays.at(-1) ?? NaN) },
  postMs: { p50: Math.round(percentile(postDelays, 0.5)), p99: Math.round(percentile(postDelays, 0.99)) },
  serverCpuPercentOfOneCore: cpuAfter.map((after, index) => Math.round(((after - cpuBefore[index]!) / (seconds * 1000)) * 100)),
  machineBusyPercent: Math.round(((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100),
  cores: cpus().length,
  loadAverageBefore: loadavg()[0],
};
console.log(
  `Fan-out${trackerMode ? ' (trackers)' : ''}: ${fanOut.posts} posts (${failedPosts} failed) to ${openStreams} families over ${fanOut.seconds} s: POST→event p50 ${fanOut.delayMs.p50} ms, p99 ${fanOut.delayMs.p99} ms (target < 250); ${fanOut.fixEventsMatched} of ${expected} fix events; server CPU ${fanOut.serverCpuPercentOfOneCore.join(' + ')} % of a core, machine ${fanOut.machineBusyPercent} % busy`,
);

console.log(
  `Events that matched no new fix: ${unmatched.repeats} the same fix again, ${unmatched.unknownInstant} at an instant no post sent, ${unmatched.notOnTheWay} not on the way.`,
);

for (const server of servers) await stop(server);
await database.drop();
mkdirSync(join(ROOT, 'perf-results'), { recursive: true });
const file = join(ROOT, 'perf-results', trackerMode ? 'bench-live-bus-trackers.json' : 'bench-live-bus.json');
writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), source: trackerMode ? 'tracker (OsmAnd)' : 'browser', ingestion, fanOut }, null, 2)}\n`);
console.log(`Figures written to ${file}.`);
process.exit(0);
