/**
 * `pnpm bench` (after the endpoints; not in `pnpm bench:ci`): importing 5,000 students from a
 * spreadsheet on a database that already holds a company's students. Seeds a fresh database
 * (--students N, 2,000 by default), starts the production server, exports the students, and builds
 * a CSV of 5,000 rows (--rows N): a fifth of them exported students with a changed name (updates),
 * the rest new students of the seeded schools and areas with new parents. Then measures the dry run
 * and the import (all rows, no welcome texts), and the server's resident memory (Linux /proc)
 * sampled every 20 ms, against the targets: preview under 5 s, import under 20 s, memory growth
 * under 200 MB. --welcome N also imports N more new parents with welcome codes, timed apart.
 *
 *   --engine postgres|pglite (postgres: a fresh database on BENCH_ADMIN_DATABASE_URL's server)
 * Port: BENCH_IMPORT_PORT (3136). Figures: perf-results/bench-import-<engine>-<rows>.json.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import { createDatabase, migrateToLatest, seedEssentials } from '@school-transport/db';
import { createBenchDatabase } from './bench-database.js';
import { seedVolume, VOLUME_PASSWORD } from '@school-transport/db/volume';
import { hashPassword } from '../src/domain/passwords.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..', '..');
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const engine = (option('--engine') ?? 'postgres') as 'postgres' | 'pglite';
const seededStudents = Number(option('--students') ?? 2000);
const rowCount = Number(option('--rows') ?? 5000);
const welcomeParents = Number(option('--welcome') ?? 0);
const port = Number(process.env.BENCH_IMPORT_PORT ?? 3136);
const TARGETS = { previewMs: 5000, importMs: 20_000, memoryGrowthMb: 200 };
const baseUrl = `http://127.0.0.1:${port}`;

// ---------- database ----------
const { env: databaseEnv, options: databaseOptions, drop } = await createBenchDatabase(engine, 'import');
const handle = await createDatabase(databaseOptions);
let adminEmail: string;
try {
  await migrateToLatest(handle.db);
  await seedEssentials(handle.db);
  const summary = await seedVolume(handle.db, {
    students: seededStudents,
    drivers: 40,
    schools: 20,
    areas: 15,
    passwordHash: await hashPassword(VOLUME_PASSWORD),
  });
  adminEmail = summary.admin.email;
} finally {
  await handle.close();
}

// ---------- the server ----------
const child = spawn(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], {
  cwd: ROOT,
  env: {
    ...process.env,
    ...databaseEnv,
    NODE_ENV: 'production',
    NOTIFY_TRANSPORT: 'log',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    COOKIE_SECURE: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = async () => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
};

/** The server's resident memory in MB (Linux). */
function rssMb(): number {
  const line = readFileSync(`/proc/${child.pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

/** Runs `work`, sampling the server's memory every 20 ms: its time and the highest memory seen. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  let peakMb = rssMb();
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 20);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: Math.round(performance.now() - started), peakMb: Math.round(Math.max(peakMb, rssMb())) };
  } finally {
    clearInterval(sampler);
  }
}

async function upload(cookie: string, csv: string, query: string, fields: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv]), 'students.csv');
  const response = await fetch(`${baseUrl}/api/admin/students/import${query}`, { method: 'POST', body: form, headers: { cookie } });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`The import answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

const failures: string[] = [];
let figures: Record<string, unknown> = {};
try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (tries > 600 || child.exitCode !== null) throw new Error('The server did not start');
    await new Promise((done) => setTimeout(done, 200));
  }
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: VOLUME_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const get = async <T>(path: string) => (await (await fetch(`${baseUrl}${path}`, { headers: { cookie } })).json()) as T;

  // The file: exported students with a changed first name, then new students with new parents.
  const exported = parse((await (await fetch(`${baseUrl}/api/admin/students.csv`, { headers: { cookie } })).text()).replace(/^\uFEFF/, '')) as string[][];
  const [header, ...existing] = exported;
  const column = (name: string) => header!.indexOf(name);
  const updates = existing.slice(0, Math.round(rowCount / 5)).map((row) => row.map((cell, index) => (index === column('First Name') ? `${cell}x` : cell)));
  const { schools } = await get<{ schools: { name: string; active: boolean }[] }>('/api/admin/schools');
  const { areas } = await get<{ areas: { name: string; active: boolean; roundaboutCount: number | null }[] }>('/api/admin/areas');
  const activeSchools = schools.filter((school) => school.active);
  const activeAreas = areas.filter((area) => area.active);
  const stamp = Date.now().toString(36);
  const newRow = (index: number, prefix = 'bench') =>
    header!.map((name) => {
      const values: Record<string, string> = {
        'First Name': 'Imported',
        "Father's Name": 'Bench',
        'Last Name': `Student${index}`,
        Grade: String((index % 12) + 1),
        Class: 'A',
        'Student School ID': `${prefix}-${stamp}-${index}`,
        School: activeSchools[index % activeSchools.length]!.name,
        Area: activeAreas[index % activeAreas.length]!.name,
        'Service Type': 'Both Ways',
        Driver: 'Unassigned',
        'Parent Name': `Bench Parent ${index}`,
        // Two children a family, as in the seeded volume.
        'Parent Email': `${prefix}-${stamp}-${Math.floor(index / 2)}@example.com`,
        'Parent Phone': `3${String((prefix === 'bench' ? 3_000_000 : 4_000_000) + Math.floor(index / 2)).padStart(7, '0')}`,
        Block: '338',
        Road: '3803',
        'House/Building': String(index),
      };
      return values[name] ?? '';
    });
  const creates = Array.from({ length: rowCount - updates.length }, (_, index) => newRow(index));
  const csv = '\uFEFF' + stringify([header!, ...updates, ...creates]);
  console.log(
    `Importing ${rowCount} rows (${updates.length} updates, ${creates.length} new students) into ${seededStudents} students on ${engine}; the file is ${(csv.length / 1024 / 1024).toFixed(1)} MB.`,
  );

  const baseMb = Math.round(rssMb());
  const preview = await measured(() => upload(cookie, csv, '?dryRun=true'));
  const imported = await measured(() => upload(cookie, csv, '', { validOnly: 'false' }));
  const peakMb = Math.max(preview.peakMb, imported.peakMb);
  console.log(`  preview  ${String(preview.ms).padStart(6)} ms  ${JSON.stringify({ ...preview.result, errors: (preview.result.errors as unknown[]).length })}`);
  console.log(`  import   ${String(imported.ms).padStart(6)} ms  ${JSON.stringify(imported.result)}`);
  console.log(`  memory   ${baseMb} MB before, ${peakMb} MB at the most: +${peakMb - baseMb} MB`);
  figures = {
    previewMs: preview.ms,
    importMs: imported.ms,
    baseMb,
    peakMb,
    growthMb: peakMb - baseMb,
    preview: { ...preview.result, errors: (preview.result.errors as unknown[]).length },
    imported: imported.result,
  };
  if (engine === 'postgres') {
    if (preview.ms >= TARGETS.previewMs) failures.push(`preview ${preview.ms} ms ≥ ${TARGETS.previewMs} ms`);
    if (imported.ms >= TARGETS.importMs) failures.push(`import ${imported.ms} ms ≥ ${TARGETS.importMs} ms`);
    if (peakMb - baseMb >= TARGETS.memoryGrowthMb) failures.push(`memory +${peakMb - baseMb} MB ≥ ${TARGETS.memoryGrowthMb} MB`);
  }
  if (imported.result.created !== creates.length || imported.result.updated !== updates.length)
    failures.push(`the import answered ${JSON.stringify(imported.result)}`);

  if (welcomeParents > 0) {
    const welcomeCsv = '\uFEFF' + stringify([header!, ...Array.from({ length: welcomeParents * 2 }, (_, index) => newRow(index, 'welcome'))]);
    const welcome = await measured(() => upload(cookie, welcomeCsv, '', { sendWelcome: 'true' }));
    console.log(`  welcome  ${String(welcome.ms).padStart(6)} ms for ${welcomeParents} new parents with welcome codes (${welcomeParents * 2} students)`);
    figures.welcome = { parents: welcomeParents, ms: welcome.ms };
  }
} finally {
  await stopServer();
  await drop();
}

const resultsDir = join(ROOT, 'perf-results');
mkdirSync(resultsDir, { recursive: true });
const jsonFile = join(resultsDir, `bench-import-${engine}-${rowCount}.json`);
writeFileSync(
  jsonFile,
  JSON.stringify({ at: new Date().toISOString(), engine, seededStudents, rows: rowCount, targets: TARGETS, ...figures, failures }, null, 2),
);
console.log(`Figures written to ${jsonFile}.`);
if (failures.length > 0) {
  console.error(`Below target:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
