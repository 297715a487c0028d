import { entityId, parentLookup, studentBulkUpdate, studentCreate, studentListQuery, studentRestore, studentUpdate, unassignedStudentsQuery } from '@school-transport/contracts';
import { allowedOverCapacity } from '../../../security/roles.js';
import { officeProcedure, router } from '../../init.js';
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
  list: officeProcedure('students.read').input(studentListQuery).query(({ ctx, input }) => listStudents(ctx.db, input, ctx.answerCache)),
  get: officeProcedure('students.read')
    .input(entityId)
    .query(async ({ ctx, input }) => {
      const student = await findStudent(ctx.db, input.id);
      ctx.recordViews.note(ctx.user.id, [student.id], 'record');
      return { student };
    }),
  create: officeProcedure('students.write')
    .input(studentCreate)
    .mutation(({ ctx, input }) => createStudent(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity), ctx.shortLinks)),
  update: officeProcedure('students.write')
    .input(studentUpdate)
    .mutation(async ({ ctx, input }) => ({ student: await updateStudent(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity), ctx.shortLinks) })),
  remove: officeProcedure('students.delete').input(entityId).mutation(async ({ ctx, input }) => ({ student: await removeStudent(ctx.db, actorOf(ctx), input.id) })),
  restore: officeProcedure('students.delete')
    .input(studentRestore)
    .mutation(async ({ ctx, input }) => ({ student: await restoreStudent(ctx.db, actorOf(ctx), input.id, allowedOverCapacity(ctx.user, input.allowOverCapacity)) })),
  bulkUpdate: officeProcedure('students.write')
    .input(studentBulkUpdate)
    .mutation(({ ctx, input }) => bulkUpdateStudents(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity))),
  findParent: officeProcedure('students.write').input(parentLookup).query(async ({ ctx, input }) => ({ parents: await findParents(ctx.db, input.emailOrPhone) })),
  issueInvoice: officeProcedure('fees.payments').input(entityId).mutation(async ({ ctx, input }) => ({ invoice: await issueInvoice(ctx.db, actorOf(ctx), input.id) })),
  unassigned: officeProcedure('students.read').input(unassignedStudentsQuery).query(({ ctx, input }) => listUnassignedStudents(ctx.db, input.limit)),
});
