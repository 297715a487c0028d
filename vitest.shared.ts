import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The Vitest settings every package uses. With CI_REPORT_DIR set (by .ci/run), each run also
 * writes a JSON report there, from which CI prints one 'N passed, N failed' line for the whole suite.
 */
export function vitestConfig(packageDir: string, suite = 'tests') {
  const reportDir = process.env.CI_REPORT_DIR;
  const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  return defineConfig({
    test: {
      // Timeouts catch hangs only: a CI machine under load starts embedded databases several times slower.
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // A file per core, not Vitest's default of one fewer: an API test file spends much of its time
      // waiting on its server and database, so on CI's two cores the API tests on PostgreSQL took
      // 251 s with two files at a time against 411 s with one (docs/performance.md, CI's time).
      maxWorkers: Math.max(2, availableParallelism()),
      // Every procedure's answer is checked against its schema before it goes out (apps/api/src/trpc/answers.ts).
      env: { ANSWER_CHECKS: 'strict' },
      ...(reportDir
        ? { reporters: ['default', 'json'], outputFile: { json: `${reportDir}/vitest-${basename(packageDir)}-${suite === 'tests' ? engine : suite}.json` } }
        : {}),
    },
  });
}
