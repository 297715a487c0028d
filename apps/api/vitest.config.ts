import { configDefaults, mergeConfig } from 'vitest/config';
import { vitestConfig } from '../../vitest.shared.js';

// The hardening suite (faults on a throwaway PostgreSQL cluster, load) runs with `pnpm test:hardening`.
export default mergeConfig(vitestConfig(import.meta.dirname), { test: { exclude: [...configDefaults.exclude, 'src/hardening/**'] } });
