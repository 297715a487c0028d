import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { TOAST_DURATION_MS } from '@school-transport/contracts';
import { queryClient } from './trpc.js';
import { theme } from './theme.js';
import { AppRoutes } from './Router.js';

export function App() {
  return (
    <MantineProvider theme={theme}>
      {/* Spec: at most one toast at a time, 5000 ms; notify() replaces the shown one. */}
      <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="top-right" />
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
