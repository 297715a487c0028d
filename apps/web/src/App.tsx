import { lazy, Suspense } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from './trpc.js';
import { cssVariablesResolver, theme } from './theme.js';
import { AppRoutes } from './Router.js';
import { LanguageSync } from './i18n/LanguageSync.js';
import { currentLanguage, directionOf } from './i18n/language.js';
import { useLocalizedTheme } from './i18n/useLocalizedTheme.js';

const Toasts = lazy(() => import('./components/Toasts/Toasts.js').then((m) => ({ default: m.Toasts })));

export function App() {
  const localizedTheme = useLocalizedTheme(theme);
  return (
    // main.tsx has set the language (and <html dir>) before the first render.
    <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
      <MantineProvider theme={localizedTheme} cssVariablesResolver={cssVariablesResolver}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          <LanguageSync />
          {/* Navigations render at once rather than as transitions, so that leaving a guarded page on
              logout happens before the cleared session reaches that page's guard. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
