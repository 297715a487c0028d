import { createDatabase, migrateToLatest, seedEssentials } from '@school-transport/db';
import { loadConfig } from '../env.js';

/** `pnpm db:migrate`: brings the configured database to the newest schema. */
const config = loadConfig();
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const result = await migrateToLatest(database.db);
await seedEssentials(database.db);
for (const migration of result.results ?? []) console.log(`${migration.status}: ${migration.migrationName}`);
if (!result.results?.length) console.log('The database is already up to date.');
await database.close();
