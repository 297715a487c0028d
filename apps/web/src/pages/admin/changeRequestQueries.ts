import { useQuery } from '@tanstack/react-query';
import type { ModificationStatus } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../../trpc.js';

/** How many change requests wait for the office: the Change Requests tab's badge. */
export const useChangeRequestCounts = () => useQuery({ ...trpc.admin.modificationRequests.counts.queryOptions(), ...ADMIN_LIST_QUERY });

/** The office's queue, pending first; `undefined` shows every status. */
export const useChangeRequests = (status: ModificationStatus | undefined) =>
  useQuery({ ...trpc.admin.modificationRequests.list.queryOptions(status ? { status } : {}), ...ADMIN_LIST_QUERY });
