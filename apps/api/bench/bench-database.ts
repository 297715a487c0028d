/**
 * A benchmark's own database, created empty and dropped at the end: on PostgreSQL a database named
 * <BENCH_DATABASE_PREFIX (school_transport_bench)>_<label><pid> on BENCH_ADMIN_DATABASE_URL's server,
 * on the embedded engine a directory of its own. `env` is what a server process started on it needs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const BENCH_ADMIN_DATABASE_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  env: { DATABASE_URL: string; DATA_DIR: string };
  /** createDatabase's options for this database. */
  options: { databaseUrl?: string; dataDir?: string };
  drop(): Promise<void>;
}

async function onAdminConnection(statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: BENCH_ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createBenchDatabase(engine: 'postgres' | 'pglite', label = ''): Promise<BenchDatabase> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), `bench-${label || 'pglite'}-`));
    return { env: { DATABASE_URL: '', DATA_DIR: dir }, options: { dataDir: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'school_transport_bench'}_${label ? `${label}_` : ''}${process.pid}`;
  const dropStatement = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
  await onAdminConnection([dropStatement, `CREATE DATABASE ${name}`]);
  const url = Object.assign(new URL(BENCH_ADMIN_DATABASE_URL), { pathname: `/${name}` }).toString();
  return { env: { DATABASE_URL: url, DATA_DIR: '' }, options: { databaseUrl: url }, drop: () => onAdminConnection([dropStatement]) };
}
