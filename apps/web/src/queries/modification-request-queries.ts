import { useQuery } from '@tanstack/react-query';
import type { ModificationStatus } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../trpc.js';

/** How many modification requests wait for the office: the modification requests tab's badge. */
export const useModificationRequestCounts = () => useQuery({ ...trpc.admin.modificationRequests.counts.queryOptions(), ...ADMIN_LIST_QUERY });

/** The office's queue, pending first; `undefined` shows every status. */
export const useModificationRequests = (status: ModificationStatus | undefined) =>
  useQuery({ ...trpc.admin.modificationRequests.list.queryOptions(status ? { status } : {}), ...ADMIN_LIST_QUERY });
