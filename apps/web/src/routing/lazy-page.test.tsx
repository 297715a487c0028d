import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page.js';

const Fallback = () => <p>Loading</p>;
const Greeting = () => <h1>Register a student</h1>;

describe('lazyPage', () => {
  it('renders a page loaded ahead at once, where a page not yet loaded shows the loading fallback', async () => {
    let loads = 0;
    const Page = lazyPage(() => {
      loads += 1;
      return Promise.resolve(Greeting);
    });
    const render = () =>
      renderToString(
        <Suspense fallback={<Fallback />}>
          <Page />
        </Suspense>,
      );
    expect(render()).toContain('Loading');
    await Page.preload();
    expect(render()).toBe('<!--$--><h1>Register a student</h1><!--/$-->');
    await Page.preload();
    expect(loads).toBe(1);
  });

  it('tries a failed download again on the next preload', async () => {
    let attempt = 0;
    const Page = lazyPage(() => (attempt++ === 0 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting)));
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(renderToString(<Page />)).toBe('<h1>Register a student</h1>');
  });
});
