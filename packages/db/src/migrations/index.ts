import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-21T0900-initial-schema.js';

/** Every migration, in order. Listed by hand because a bundled server has no folder to scan. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0900-initial-schema': initialSchema,
};
