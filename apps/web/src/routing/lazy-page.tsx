import { lazy, type ComponentType } from 'react';
import { usePageHydrated } from './page-hydrated.js';

export interface LazyPage {
  (): React.JSX.Element;
  /** Starts loading the page's code (once) and settles when the page can render without waiting. */
  preload(): Promise<unknown>;
}

/**
 * A page whose code is its own chunk, like React.lazy, that can also be loaded ahead of its render.
 * main.tsx loads the page of the address the app opens on before the first render: the first paint
 * is then the page itself rather than a spinner that the page replaces a moment later, and its code
 * is evaluated before that paint instead of in long tasks after it (Lighthouse's total blocking time).
 * Once loaded, the page renders directly, without a Suspense round.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may succeed on the next try (the route is visited again).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    usePageHydrated();
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload });
}
