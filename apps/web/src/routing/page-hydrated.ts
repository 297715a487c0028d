import { useEffect } from 'react';

/**
 * Lifts the `inert` that a page rendered by the server arrives with (apps/api/src/page-rendering.ts)
 * once the page itself has been hydrated. React hydrates the app's shell first and the markup of
 * each Suspense boundary after it, separately: lifted with the shell, a tap in between (on the
 * language switch) would change what a part not yet hydrated renders, which then no longer matches
 * the server's markup (React throws it away, error #418). Every page calls it (routing/lazy-page.tsx,
 * and the landing page, which is not lazy): a page is inside the innermost boundary of its route.
 */
export function usePageHydrated(): void {
  useEffect(() => {
    document.getElementById('root')?.removeAttribute('inert');
  }, []);
}
