import { useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_QUERY, queryClient, trpc } from '../trpc.js';

/** The admin lists (retrying 3 times); the sidebar counts read the same cache. */
export const useOverview = () => useQuery({ ...trpc.admin.dashboard.overview.queryOptions(), ...ADMIN_LIST_QUERY });
export const useSchools = () => useQuery({ ...trpc.admin.schools.list.queryOptions(), ...ADMIN_LIST_QUERY });
export const useAreas = () => useQuery({ ...trpc.admin.areas.list.queryOptions(), ...ADMIN_LIST_QUERY });
export const useDrivers = () => useQuery({ ...trpc.admin.drivers.list.queryOptions(), ...ADMIN_LIST_QUERY });
/** The buses' attendants, for the Crew column of the Drivers tab. */
export const useAttendants = () => useQuery({ ...trpc.admin.attendants.list.queryOptions(), ...ADMIN_LIST_QUERY });
/** `enabled`: false for a role that may not manage the terms (the server would refuse it). */
export const useTermsVersions = (enabled = true) => useQuery({ ...trpc.admin.terms.list.queryOptions(), ...ADMIN_LIST_QUERY, enabled });

/** After any admin change: every admin list and count is read again, and so are the public choices. */
export async function refreshAdminData(): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.public.pathKey() })]);
}
