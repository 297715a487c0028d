import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

export * from './schema.js';
export { createDatabase, PGLITE_EXTENSIONS, type DatabaseEngine, type DatabaseHandle, type DatabaseOptions } from './client.js';
export { migrateToLatest, isMigrated } from './migrate.js';
export { SESSION_CHANGES_CHANNEL, type NoticeHandlers, type StopListening } from './notices.js';
export { seedEssentials } from './seed/essentials.js';
export { TERMS_V1, TERMS_V1_AR } from './seed/terms-v1.js';
export { isDatabaseUnavailable, isUniqueViolation } from './errors.js';
export { compileOnce } from './compile-once.js';

/** The database or a transaction open on it: what a query that may run inside its caller's transaction takes. */
export type Db = Kysely<Database> | Transaction<Database>;
