import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/** Brings the database up to the newest migration; safe to run from several processes at once. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}

/** True when every known migration has run: what /api/health reports. */
export async function isMigrated(db: Kysely<Database>): Promise<boolean> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const known = await migrator.getMigrations();
  return known.every((migration) => migration.executedAt !== undefined);
}
