import { entityId, parentLookup, studentBulkUpdate, studentCreate, studentListQuery, studentUpdate, unassignedStudentsQuery } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { listStudents } from '../../../domain/admin/students/list.js';
import { findStudent } from '../../../domain/admin/students/view.js';
import { createStudent } from '../../../domain/admin/students/create.js';
import { updateStudent } from '../../../domain/admin/students/update.js';
import { bulkUpdateStudents } from '../../../domain/admin/students/bulk-update.js';
import { removeStudent, restoreStudent } from '../../../domain/admin/students/remove.js';
import { findParents } from '../../../domain/admin/students/parent-account.js';
import { issueInvoice } from '../../../domain/admin/students/invoices.js';
import { listUnassignedStudents } from '../../../domain/admin/unassigned.js';

/**
 * The office's students: the list at scale, add, edit, bulk changes, soft delete and restore,
 * invoices, and those without a driver (the header bell). The CSV file is rest/students-csv.ts.
 */
export const adminStudentsRouter = router({
  list: adminProcedure.input(studentListQuery).query(({ ctx, input }) => listStudents(ctx.db, input, ctx.answerCache)),
  get: adminProcedure.input(entityId).query(async ({ ctx, input }) => ({ student: await findStudent(ctx.db, input.id) })),
  create: adminProcedure.input(studentCreate).mutation(({ ctx, input }) => createStudent(ctx.db, actorOf(ctx), input)),
  update: adminProcedure.input(studentUpdate).mutation(async ({ ctx, input }) => ({ student: await updateStudent(ctx.db, actorOf(ctx), input) })),
  remove: adminProcedure.input(entityId).mutation(async ({ ctx, input }) => ({ student: await removeStudent(ctx.db, actorOf(ctx), input.id) })),
  restore: adminProcedure.input(entityId).mutation(async ({ ctx, input }) => ({ student: await restoreStudent(ctx.db, actorOf(ctx), input.id) })),
  bulkUpdate: adminProcedure.input(studentBulkUpdate).mutation(({ ctx, input }) => bulkUpdateStudents(ctx.db, actorOf(ctx), input)),
  findParent: adminProcedure.input(parentLookup).query(async ({ ctx, input }) => ({ parents: await findParents(ctx.db, input.emailOrPhone) })),
  issueInvoice: adminProcedure.input(entityId).mutation(async ({ ctx, input }) => ({ invoice: await issueInvoice(ctx.db, actorOf(ctx), input.id) })),
  unassigned: adminProcedure.input(unassignedStudentsQuery).query(({ ctx, input }) => listUnassignedStudents(ctx.db, input.limit)),
});
