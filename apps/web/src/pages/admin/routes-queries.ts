import { useQuery } from '@tanstack/react-query';
import type { DriverRun, RunStops } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, queryClient, trpc } from '../../trpc.js';

/** A run's stops in order with their positions, seats and riders; nothing is read until a driver is chosen. */
export const useRunStops = (driverId: string | null, run: DriverRun) =>
  useQuery({ ...trpc.admin.routes.stops.queryOptions({ driverId: driverId ?? '', run }), ...ADMIN_LIST_QUERY, enabled: driverId !== null });

/** After a change, the run as the server answered it is the one shown (no second read). */
export function showRunStops(driverId: string, run: DriverRun, stops: RunStops): void {
  queryClient.setQueryData(trpc.admin.routes.stops.queryKey({ driverId, run }), stops);
}

/** Reads the routes again (after a refused change, the order the server has). */
export async function refreshRoutes(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: trpc.admin.routes.pathKey() });
}
