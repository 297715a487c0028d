import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, PGLITE_EXTENSIONS, type DatabaseHandle } from './client.js';
import { migrateToLatest } from './migrate.js';
import { seedEssentials } from './seed/essentials.js';

/**
 * A fresh, migrated database for one test file: a database of its own on the PostgreSQL server
 * named by TEST_DATABASE_URL, or else a clone of a migrated embedded PGlite template.
 */
export interface TestDatabase extends DatabaseHandle {
  /** For tests that need a second, independent connection (a "second server process"). */
  openAnother(): Promise<DatabaseHandle>;
}

let pgliteTemplate: Promise<PGlite> | undefined;

async function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const template = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const handle = await createDatabase({ pglite: template });
    await migrateToLatest(handle.db);
    await seedEssentials(handle.db);
    // The handle is not destroyed: destroying it would close the template we clone from.
    return template;
  })();
  return pgliteTemplate;
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
  const clone = (await (await migratedPgliteTemplate()).clone()) as PGlite;
  const handle = await createDatabase({ pglite: clone });
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
