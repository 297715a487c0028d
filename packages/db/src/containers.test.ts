import { describe, expect, it } from 'vitest';
import { createDatabase } from './client.js';
import { isMigrated, migrateToLatest } from './migrate.js';

/**
 * Migrations on a throwaway PostgreSQL in a container, where a Docker engine exists (a developer's
 * laptop, GitHub's runners). Machines without one skip this file within milliseconds.
 */
async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

const hasDocker = await dockerAvailable();

describe.skipIf(!hasDocker)('migrations on a PostgreSQL container', () => {
  it('migrates an empty server database', { timeout: 120_000 }, async () => {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:15-alpine').start();
    const handle = await createDatabase({ databaseUrl: container.getConnectionUri() });
    try {
      await migrateToLatest(handle.db);
      expect(await isMigrated(handle.db)).toBe(true);
    } finally {
      await handle.close();
      await container.stop();
    }
  });
});
