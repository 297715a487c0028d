import { auditLogQuery } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { auditLogFilterChoices, listAuditLogs } from '../../../domain/admin/audit-log.js';

/** The audit log tab: a page of rows with filters, and the choices those filters offer. */
export const adminAuditLogsRouter = router({
  list: officeProcedure('auditLog.read').input(auditLogQuery).query(({ ctx, input }) => listAuditLogs(ctx.db, input)),
  filters: officeProcedure('auditLog.read').query(({ ctx }) => auditLogFilterChoices(ctx.db)),
});
