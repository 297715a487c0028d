import { mkdirSync } from 'node:fs';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema.js';

export type DatabaseEngine = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Releases the pool, or closes the embedded database. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; ignored for PostgreSQL. */
  dataDir?: string | undefined;
  /** An already open PGlite (tests clone a migrated template). */
  pglite?: PGlite | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number | undefined;
}

/**
 * One factory, two engines: a `pg` pool when a server is configured, otherwise the embedded PGlite
 * persisted in dataDir. Same migrations and queries on both.
 */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl && !options.pglite) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create(options.dataDir);
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return { db, engine: 'pglite', close: () => db.destroy() };
}
