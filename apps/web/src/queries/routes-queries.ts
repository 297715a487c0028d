import { useQuery } from '@tanstack/react-query';
import type { RunStops } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, queryClient, trpc } from '../trpc.js';

/** A bus's planned runs in planned-start order (what the Routes tab and the Live map pick from); nothing is read until a driver is chosen. */
export const useBusRuns = (driverId: string | null) =>
  useQuery({ ...trpc.admin.plannedRuns.list.queryOptions({ driverId: driverId ?? '' }), ...ADMIN_LIST_QUERY, enabled: driverId !== null });

/** A run's stops in order with their positions, seats and riders; nothing is read until a run is chosen. */
export const useRunStops = (driverId: string | null, runId: string | null) =>
  useQuery({
    ...trpc.admin.routes.stops.queryOptions({ driverId: driverId ?? '', run: runId ?? '' }),
    ...ADMIN_LIST_QUERY,
    enabled: driverId !== null && runId !== null,
  });

/** After a change, the run as the server answered it is the one shown (no second read). */
export function showRunStops(driverId: string, runId: string, stops: RunStops): void {
  queryClient.setQueryData(trpc.admin.routes.stops.queryKey({ driverId, run: runId }), stops);
}

/** Reads the routes again (after a refused change, the order the server has). */
export async function refreshRoutes(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: trpc.admin.routes.pathKey() });
}
