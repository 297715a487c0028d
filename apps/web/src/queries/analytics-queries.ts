import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogQuery } from '@school-transport/contracts';
import { ADMIN_LIST_QUERY, trpc } from '../trpc.js';

/** The Analytics tab's figures, the header bell and the audit log; refreshAdminData() refreshes them after any change. */
export const useStatistics = () => useQuery({ ...trpc.admin.analytics.statistics.queryOptions(), ...ADMIN_LIST_QUERY });
/** Collected vs expected per service month of the school year containing `month` (default: now); the shown year stays while another loads. */
export const useYearSummary = (month: string | undefined) =>
  useQuery({ ...trpc.admin.fees.yearSummary.queryOptions(month ? { month } : {}), ...ADMIN_LIST_QUERY, placeholderData: keepPreviousData });
export const useUnassignedStudents = () => useQuery({ ...trpc.admin.students.unassigned.queryOptions({}), ...ADMIN_LIST_QUERY });
/** The shown page stays while the next one loads, so paging does not flash an empty table. */
export const useAuditLogs = (query: AuditLogQuery) =>
  useQuery({ ...trpc.admin.auditLogs.list.queryOptions(query), ...ADMIN_LIST_QUERY, placeholderData: keepPreviousData });
export const useAuditLogFilters = () => useQuery({ ...trpc.admin.auditLogs.filters.queryOptions(), ...ADMIN_LIST_QUERY });
