import { configDefaults, mergeConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.js';

/**
 * Tests whose proof cannot differ between PostgreSQL and the embedded PGlite: the HTTP surface
 * (limits, refusals, who may call what, bodies and encodings, the published documents, pages and
 * files), settings, and code that reaches no database. What they do in the database is done the
 * same way by the tests of the features they guard, which run on both engines.
 * CI runs them once, on PostgreSQL: its pass on the embedded database sets ENGINE_TESTS_ONLY=1.
 * Without it (`pnpm test` on a newcomer's machine) every test runs on whichever engine is chosen.
 */
const ENGINE_INDEPENDENT = [
  'src/security/**',
  'src/rest/**',
  'src/trpc/**',
  // Code that reaches no database.
  'src/domain/answer-cache.test.ts',
  'src/domain/fees/bidi-text.test.ts',
  'src/domain/fees/receipt-pdf.test.ts',
  'src/domain/live-bus/eta.test.ts',
  'src/domain/notifications/templates.test.ts',
  'src/env.test.ts',
  'src/errors.test.ts',
  'src/server.test.ts',
  'src/static-files.test.ts',
  'src/page-rendering.test.ts',
  'src/first-screen-data.test.ts',
  'src/domain/registration/registration-texts.test.ts',
  'src/domain/registration/registration-dev.test.ts',
  'src/request-log.test.ts',
  'src/domain/password-rules.test.ts',
  'src/map-tiles.test.ts',
  'src/unreachable-database.test.ts',
];

const engineTestsOnly = process.env.ENGINE_TESTS_ONLY === '1';

// The hardening suite (faults on a throwaway PostgreSQL cluster, load) runs with `pnpm test:hardening`.
export default mergeConfig(vitestConfig(import.meta.dirname), {
  test: { exclude: [...configDefaults.exclude, 'src/hardening/**', ...(engineTestsOnly ? ENGINE_INDEPENDENT : [])] },
});
