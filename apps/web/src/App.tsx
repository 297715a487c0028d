import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient as browserQueryClient } from './trpc.js';
import { cssVariablesResolver, theme } from './theme.js';
import { AppRoutes } from './Router.js';
import { LanguageSync } from './i18n/LanguageSync.js';
import { directionOf } from './i18n/language.js';
import { currentLanguage } from './i18n/current-language.js';
import { useLocalizedTheme } from './i18n/use-localized-theme.js';

const Toasts = lazy(() => import('./components/Toasts/Toasts.js').then((m) => ({ default: m.Toasts })));

interface AppProps {
  /** The server renders with a cache and a router of its own (entry-server.tsx); the browser uses its one cache and its address bar. */
  queryClient?: QueryClient;
  router?: (routes: ReactNode) => ReactNode;
}

/** Navigations render at once rather than as transitions, so that leaving a guarded page on logout happens before the cleared session reaches that page's guard. */
const browserRouter = (routes: ReactNode) => <BrowserRouter useTransitions={false}>{routes}</BrowserRouter>;

export function App({ queryClient = browserQueryClient, router = browserRouter }: AppProps) {
  const localizedTheme = useLocalizedTheme(theme);
  return (
    // main.tsx has set the language (and <html dir>) before the first render.
    <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
      <MantineProvider theme={localizedTheme} cssVariablesResolver={cssVariablesResolver}>
        <ToastArea />
        <QueryClientProvider client={queryClient}>
          <LanguageSync />
          {router(<AppRoutes />)}
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

/**
 * The toast area, rendered only in the browser once the first render is committed.
 *
 * The toast area is not in the HTML the server renders. Its code arrives lazily, so hydrated from
 * the server's markup it would be hydrated late, possibly after the language had been switched,
 * and keep the server's English label. A toast raised before it appears waits in the notifications
 * store. Its state is its own: held in App, the render it asks for would render the whole app
 * again, in one long task on a phone, just after the page was hydrated.
 */
function ToastArea() {
  const [committed, setCommitted] = useState(false);
  useEffect(() => setCommitted(true), []);
  if (!committed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
