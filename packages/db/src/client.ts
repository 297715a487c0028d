import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Database } from './schema.js';
import { CamelCase } from './camel-case.js';
import { listenOnPglite, listenOnServer, type NoticeHandlers, type StopListening } from './notices.js';

/** Extensions the migrations create (pg_trgm: indexed search of the students list); PostgreSQL ships them in contrib. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type DatabaseEngine = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Releases the pool, or closes the embedded database (and stops every listener first). */
  close(): Promise<void>;
  /** Listens on a notice channel (LISTEN/NOTIFY) on either engine; close() stops it too. */
  listen(channel: string, handlers: NoticeHandlers): Promise<StopListening>;
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
  const plugins = [new CamelCase()];
  if (options.databaseUrl && !options.pglite) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      // A stopped database refuses connections at once (503 within a second); this bounds the wait
      // for an unreachable host or for a free connection under load, so no request hangs for long.
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection the server closed (a restart, a failover) is dropped from the pool; without
    // this listener its error event would end the process.
    const lost = (error: Error) => console.warn(`A database connection was lost: ${error.message}`);
    pool.on('error', lost);
    // The same for a connection in use when the server goes away (between two statements of a
    // transaction, say): its query fails and the request answers 503, and the process lives on.
    pool.on('connect', (client) => client.on('error', lost));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    const listeners = new Listeners((channel, handlers) => listenOnServer(options.databaseUrl!, channel, handlers));
    return { db, engine: 'postgres', listen: listeners.listen, close: () => listeners.stopAll().then(() => db.destroy()) };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create(options.dataDir, { extensions: PGLITE_EXTENSIONS });
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  const embedded = pglite;
  const listeners = new Listeners((channel, handlers) => listenOnPglite(embedded, channel, handlers));
  return { db, engine: 'pglite', listen: listeners.listen, close: () => listeners.stopAll().then(() => db.destroy()) };
}

/** The listeners a handle started, so that closing the handle stops them before the database goes. */
class Listeners {
  private readonly stops = new Set<StopListening>();

  constructor(private readonly start: (channel: string, handlers: NoticeHandlers) => Promise<StopListening>) {}

  readonly listen = async (channel: string, handlers: NoticeHandlers): Promise<StopListening> => {
    const stop = await this.start(channel, handlers);
    const stopOnce: StopListening = async () => {
      if (this.stops.delete(stopOnce)) await stop();
    };
    this.stops.add(stopOnce);
    return stopOnce;
  };

  async stopAll(): Promise<void> {
    await Promise.all([...this.stops].map((stop) => stop()));
  }
}
