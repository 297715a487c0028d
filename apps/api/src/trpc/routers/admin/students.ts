import {
  adminStudentPage,
  createdStudent,
  entityId,
  parentLookup,
  parentMatchesAnswer,
  studentAnswer,
  studentBulkUpdate,
  studentCreate,
  studentInvoiceAnswer,
  studentListQuery,
  studentRestore,
  studentsUpdatedAnswer,
  studentUpdate,
  unassignedStudents,
  unassignedStudentsQuery,
} from '@school-transport/contracts';
import { allowedOverCapacity } from '../../../security/roles.js';
import { officeEndpoint, router } from '../../init.js';
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
  list: officeEndpoint('students.read', {
    input: studentListQuery,
    answer: adminStudentPage,
    rest: {
      route: 'GET /api/admin/students',
      summary: 'Students, paged (page, pageSize ≤ 200), sorted, searched (name, ID, parent phone or email) and filtered',
      from: 'query',
    },
  }).query(({ ctx, input }) => listStudents(ctx.db, input, ctx.answerCache)),
  get: officeEndpoint('students.read', {
    input: entityId,
    answer: studentAnswer,
    rest: { route: 'GET /api/admin/students/:id', summary: 'One student with every field' },
  }).query(async ({ ctx, input }) => {
    const student = await findStudent(ctx.db, input.id);
    ctx.recordViews.note(ctx.user.id, [student.id], 'record');
    return { student };
  }),
  create: officeEndpoint('students.write', {
    input: studentCreate,
    answer: createdStudent,
    rest: { route: 'POST /api/admin/students', summary: 'Adds a student to an existing parent or a new one', from: 'body', status: 201 },
  }).mutation(({ ctx, input }) => createStudent(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity), ctx.shortLinks)),
  update: officeEndpoint('students.write', {
    input: studentUpdate,
    answer: studentAnswer,
    rest: { route: 'PUT /api/admin/students/:id', summary: 'Edits a student (the whole edit form; driverId null removes the driver)', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({
    student: await updateStudent(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity), ctx.shortLinks),
  })),
  remove: officeEndpoint('students.delete', {
    input: entityId,
    answer: studentAnswer,
    rest: { route: 'DELETE /api/admin/students/:id', summary: 'Deletes a student softly (kept for the records, hidden from every list)' },
  }).mutation(async ({ ctx, input }) => ({ student: await removeStudent(ctx.db, actorOf(ctx), input.id) })),
  restore: officeEndpoint('students.delete', {
    input: studentRestore,
    answer: studentAnswer,
    rest: {
      route: 'POST /api/admin/students/:id/restore',
      summary: 'Restores a deleted student (409 when their bus is full, unless an admin allows over capacity)',
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({
    student: await restoreStudent(ctx.db, actorOf(ctx), input.id, allowedOverCapacity(ctx.user, input.allowOverCapacity)),
  })),
  bulkUpdate: officeEndpoint('students.write', {
    input: studentBulkUpdate,
    answer: studentsUpdatedAnswer,
    rest: { route: 'POST /api/admin/students/bulk-update', summary: 'Assigns a driver or sets the payment status of several students at once', from: 'body' },
  }).mutation(({ ctx, input }) => bulkUpdateStudents(ctx.db, actorOf(ctx), input, allowedOverCapacity(ctx.user, input.allowOverCapacity))),
  findParent: officeEndpoint('students.write', {
    input: parentLookup,
    answer: parentMatchesAnswer,
    rest: { route: 'GET /api/admin/parents/lookup', summary: 'Finds a parent account by email or phone, for Add Student', from: 'query' },
  }).query(async ({ ctx, input }) => ({ parents: await findParents(ctx.db, input.emailOrPhone) })),
  issueInvoice: officeEndpoint('fees.payments', {
    input: entityId,
    answer: studentInvoiceAnswer,
    rest: { route: 'POST /api/admin/students/:id/invoice', summary: 'Issues (or reuses) the numbered invoice of the current month', status: 201 },
  }).mutation(async ({ ctx, input }) => ({ invoice: await issueInvoice(ctx.db, actorOf(ctx), input.id) })),
  unassigned: officeEndpoint('students.read', {
    input: unassignedStudentsQuery,
    answer: unassignedStudents,
    rest: {
      route: 'GET /api/admin/unassigned-students',
      summary: 'Students without a driver (the header bell)',
      operationId: 'admin.unassignedStudents',
      from: 'query',
    },
  }).query(({ ctx, input }) => listUnassignedStudents(ctx.db, input.limit)),
});
