import { useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_QUERY, queryClient, trpc } from '../trpc.js';

/** The number of failed messages: the Outbox tab's badge. */
export const useFailedMessageCount = () => useQuery({ ...trpc.admin.notifications.failedCount.queryOptions(), ...ADMIN_LIST_QUERY });

/** The number of held registration texts, waiting for the office to release them: the Outbox tab's second badge. */
export const useHeldMessageCount = () => useQuery({ ...trpc.admin.notifications.heldCount.queryOptions(), ...ADMIN_LIST_QUERY });

/** After a retry or a release, or when the admin asks: the list and the badges are read again. */
export async function refreshOutbox(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: trpc.admin.notifications.pathKey() });
}
