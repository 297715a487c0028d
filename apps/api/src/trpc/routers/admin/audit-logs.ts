import { auditLogQuery } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { auditLogFilterChoices, listAuditLogs } from '../../../domain/admin/audit-log.js';

/** The audit log tab: a page of rows with filters, and the choices those filters offer. */
export const adminAuditLogsRouter = router({
  list: adminProcedure.input(auditLogQuery).query(({ ctx, input }) => listAuditLogs(ctx.db, input)),
  filters: adminProcedure.query(({ ctx }) => auditLogFilterChoices(ctx.db)),
});
