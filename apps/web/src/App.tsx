import { lazy, Suspense } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from './trpc.js';
import { theme } from './theme.js';
import { AppRoutes } from './Router.js';

const Toasts = lazy(() => import('./components/Toasts/Toasts.js').then((m) => ({ default: m.Toasts })));

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        {/* Navigations render at once rather than as transitions, so that leaving a guarded page on
            logout happens before the cleared session reaches that page's guard. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
