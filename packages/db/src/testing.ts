import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from './client.js';
import { migrateToLatest } from './migrate.js';
import { seedEssentials } from './seed/essentials.js';

/**
 * A fresh, migrated database for one test file: a database of its own on the PostgreSQL server
 * named by TEST_DATABASE_URL, or else an embedded PGlite started from a migrated one's archive.
 */
export interface TestDatabase extends DatabaseHandle {
  /** For tests that need a second, independent connection (a "second server process"). */
  openAnother(): Promise<DatabaseHandle>;
}

let pgliteArchive: Promise<Blob> | undefined;

const DB_SOURCE = fileURLToPath(new URL('.', import.meta.url));
const CONTRACTS_SOURCE = fileURLToPath(new URL('../../contracts/src', import.meta.url));
const TEMPLATE_CACHE = fileURLToPath(new URL('../node_modules/.cache/migrated-pglite', import.meta.url));

/**
 * What the migrated template is made of: every source file of this package and of the contracts
 * (the migrations, the essential seed and the constants they use), and PGlite's version. Any change
 * to one of them makes a new template. PGlite's version is pinned in this package's package.json.
 */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(await readFile(join(DB_SOURCE, '../package.json')));
  for (const root of [DB_SOURCE, CONTRACTS_SOURCE]) {
    const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).sort();
    for (const file of files) hash.update(file).update(await readFile(join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrating and seeding an embedded database takes seconds and every test file needs one, each in a
 * process of its own: the migrated database is kept on disk as a data directory archive, made once
 * per change of its sources, and each test database starts from it.
 */
async function migratedPgliteArchive(): Promise<Blob> {
  pgliteArchive ??= (async () => {
    const archive = join(TEMPLATE_CACHE, `${await templateKey()}.tar.gz`);
    const saved = await readFile(archive).catch(() => undefined);
    if (saved) return new Blob([saved]);
    const template = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const handle = await createDatabase({ pglite: template });
    await migrateToLatest(handle.db);
    await seedEssentials(handle.db);
    const dump = await template.dumpDataDir('gzip');
    await handle.close();
    // Written aside and renamed: a test file starting meanwhile never reads half an archive.
    await mkdir(dirname(archive), { recursive: true });
    const partial = `${archive}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, archive);
    return dump;
  })();
  return pgliteArchive;
}

export function testEngine(): 'postgres' | 'pglite' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

export interface TestDatabaseOptions {
  /** false: an empty database, for tests of the migrations themselves. */
  migrated?: boolean;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createServerTestDatabase(serverUrl, migrated);
  if (!migrated) {
    const handle = await createDatabase({ pglite: await PGlite.create({ extensions: PGLITE_EXTENSIONS }) });
    return { ...handle, openAnother: async () => ({ ...handle, close: async () => undefined }) };
  }
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: await migratedPgliteArchive() });
  const handle = await createDatabase({ pglite });
  return {
    ...handle,
    // One embedded database cannot be opened twice; a second handle shares the same instance.
    openAnother: async () => ({ ...handle, close: async () => undefined }),
  };
}

async function createServerTestDatabase(serverUrl: string, migrated: boolean): Promise<TestDatabase> {
  const name = `school_transport_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString() });
  if (migrated) {
    await migrateToLatest(handle.db);
    await seedEssentials(handle.db);
  }
  const others: DatabaseHandle[] = [];
  return {
    ...handle,
    openAnother: async () => {
      const other = await createDatabase({ databaseUrl: url.toString() });
      others.push(other);
      return other;
    },
    close: async () => {
      await Promise.all(others.map((other) => other.close().catch(() => undefined)));
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pg's Pool.end() resolves before its clients' sockets have closed; terminating them from here
      // would surface as an uncaught 57P01 in the test run. Wait (briefly) until they are gone.
      for (let attempt = 0; attempt < 40; attempt++) {
        const { rows } = await cleanup.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (Number(rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
