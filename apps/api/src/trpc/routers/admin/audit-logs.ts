import { auditLogFilterChoices as auditLogFiltersAnswer, auditLogPage, auditLogQuery } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { auditLogFilterChoices, listAuditLogs } from '../../../domain/admin/audit-log.js';

/** The audit log tab: a page of rows with filters, and the choices those filters offer. */
export const adminAuditLogsRouter = router({
  list: officeEndpoint('auditLog.read', {
    input: auditLogQuery,
    answer: auditLogPage,
    rest: {
      route: 'GET /api/admin/audit-logs',
      summary: 'The audit log, newest first, paged, filtered by entity, actor, action and dates',
      operationId: 'admin.auditLogs',
      from: 'query',
    },
  }).query(({ ctx, input }) => listAuditLogs(ctx.db, input)),
  filters: officeEndpoint('auditLog.read', {
    answer: auditLogFiltersAnswer,
    rest: {
      route: 'GET /api/admin/audit-logs/filters',
      summary: 'The entity types, actions and actors the audit log can be filtered by',
      operationId: 'admin.auditLogFilters',
    },
  }).query(({ ctx }) => auditLogFilterChoices(ctx.db)),
});
