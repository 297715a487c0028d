import type * as DevelopmentModule from './index.js';

/**
 * Loads the development extras (development/index.ts) at run time. The specifier is computed so
 * the bundler leaves it alone: from source it is src/development/index.ts, in a build it is
 * dist/development.js, which only `pnpm build:demo` makes.
 */
export type DevelopmentExtras = typeof DevelopmentModule;

export async function loadDevelopmentExtras(): Promise<DevelopmentExtras> {
  const specifier = import.meta.url.endsWith('.ts') ? './index.js' : './development.js';
  try {
    return (await import(specifier)) as DevelopmentExtras;
  } catch (error) {
    throw new Error('Demo data and developer shortcuts need the development build: run `pnpm build:demo` (or `pnpm demo`).', { cause: error });
  }
}
