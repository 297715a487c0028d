import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc.js';
import type { RunMapProps } from './RunMap.js';

const RunMap = lazy(() => import('./RunMap.js'));

/**
 * The run map, loaded when it is first shown, with the server's tile settings (MAP_TILE_URL,
 * MAP_ATTRIBUTION). `loadingLabel` is read out while Leaflet arrives.
 */
export function LazyRunMap({ loadingLabel, ...props }: Omit<RunMapProps, 'settings'> & { loadingLabel: string }) {
  const settings = useQuery({ ...trpc.public.mapSettings.queryOptions(), staleTime: Infinity });
  const fallback = (
    <Center h={300} role="status" aria-label={loadingLabel}>
      <Loader />
    </Center>
  );
  if (!settings.data) return fallback;
  return (
    <Suspense fallback={fallback}>
      <RunMap {...props} settings={settings.data.map} />
    </Suspense>
  );
}
