import { mergeConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.js';

/** `pnpm test:hardening`: faults and load against real servers; slower, run by .ci/run after the main suites. */
export default mergeConfig(vitestConfig(import.meta.dirname, 'hardening'), {
  test: { include: ['src/hardening/**/*.test.ts'], testTimeout: 180_000, hookTimeout: 120_000, fileParallelism: false },
});
