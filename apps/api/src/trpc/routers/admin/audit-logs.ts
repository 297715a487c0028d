import { auditLogQuery } from '@school-transport/contracts';
import { adminProcedure } from '../../init.js';
import { auditLogFilterChoices, listAuditLogs } from '../../../domain/admin/audit-log.js';

/** The audit log tab: a page of rows with filters, and the choices those filters offer (merged into the admin router). */
export const adminAuditLogProcedures = {
  auditLogs: adminProcedure.input(auditLogQuery).query(({ ctx, input }) => listAuditLogs(ctx.db, input)),
  auditLogFilters: adminProcedure.query(({ ctx }) => auditLogFilterChoices(ctx.db)),
};
