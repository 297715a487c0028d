import { executionAsyncId } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';

/** The async context a promise reaction runs in: 0 unless async_hooks' promise hooks are on. */
function asyncIdOfPromiseReaction(): Promise<number> {
  return new Promise((resolve) => setImmediate(() => void Promise.resolve().then(() => resolve(executionAsyncId()))));
}

/**
 * The API server renders the public pages with entry-server.tsx, first all of them at start. React's
 * Node renderer runs each render inside an AsyncLocalStorage, and on Node 20 one such run switches
 * on async_hooks' promise hooks for the rest of the process: every promise of every API request
 * then paid for them (a promise-heavy loop ran four times slower; a driver's list about a tenth).
 */
describe('rendering the public pages on the server', () => {
  it('leaves the process without promise hooks', async () => {
    expect(await asyncIdOfPromiseReaction()).toBe(0);
    const { loadEverything, renderPage } = await import('./entry-server.js');
    await loadEverything();
    expect((await renderPage('/register', [])).html).toContain('<form');
    expect(await asyncIdOfPromiseReaction()).toBe(0);
  });
});
