import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Db, StudentUpdate } from '@school-transport/db';
import {
  conflictingChangeMessage,
  MODIFICATION_FIELD_LABELS,
  PARENT_MESSAGES,
  type AdminModificationRequest,
  type ModificationField,
  type ModificationPayload,
  type ModificationRequestCounts,
  type ModificationStatus,
  type modificationApprovalInput,
  type modificationDecisionInput,
} from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit.js';
import { isUuid } from '../ids.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { MODIFICATION_REQUEST_COLUMNS } from '../student-columns.js';
import { changedModificationFields, payloadOfStudent, storedPayload } from './payload.js';
import { assertSeats, type SeatOptions } from '../routes/seats.js';

type Decision = z.output<typeof modificationDecisionInput>;
type Approval = z.output<typeof modificationApprovalInput>;

/** Requests of students that still exist (a deleted student's requests leave every list and count). */
function officeRequests(db: Db) {
  return db
    .selectFrom('modificationRequests')
    .innerJoin('students', 'students.id', 'modificationRequests.studentId')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .innerJoin('parents', 'parents.id', 'modificationRequests.parentId')
    .innerJoin('users as parentUsers', 'parentUsers.id', 'parents.userId')
    .leftJoin('users as deciders', 'deciders.id', 'modificationRequests.decidedBy')
    .select([
      'modificationRequests.id',
      'modificationRequests.createdAt',
      'modificationRequests.decidedAt',
      'modificationRequests.status',
      'modificationRequests.adminNote',
      'modificationRequests.payloadOld',
      'modificationRequests.payloadNew',
      'students.id as studentId',
      'students.automatedId',
      ...MODIFICATION_REQUEST_COLUMNS,
      'schools.name as schoolName',
      'parentUsers.name as parentName',
      'parentUsers.phone as parentPhone',
      'parents.whatsappNumber',
      'deciders.name as decidedByName',
    ])
    .where('students.deletedAt', 'is', null);
}

type Row = Awaited<ReturnType<ReturnType<typeof officeRequests>['executeTakeFirstOrThrow']>>;

/**
 * The fields the request changes whose student values moved since it was made. A field that was
 * meanwhile set to exactly the requested value is no conflict: approving changes nothing there.
 */
function conflictsWith(current: ModificationPayload, payloadOld: ModificationPayload, payloadNew: ModificationPayload): ModificationField[] {
  return changedModificationFields(payloadOld, payloadNew).filter((field) => current[field] !== payloadOld[field] && current[field] !== payloadNew[field]);
}

function toView(row: Row): AdminModificationRequest {
  const payloadOld = storedPayload(row.payloadOld);
  const payloadNew = storedPayload(row.payloadNew);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    status: row.status,
    adminNote: row.adminNote,
    payloadOld,
    payloadNew,
    changedFields: changedModificationFields(payloadOld, payloadNew),
    conflictingFields: row.status === 'pending' ? conflictsWith(payloadOfStudent(row), payloadOld, payloadNew) : [],
    student: { id: row.studentId, automatedId: row.automatedId, firstName: row.firstName, lastName: row.lastName, schoolName: row.schoolName },
    parent: { name: row.parentName, phone: row.parentPhone ?? row.whatsappNumber },
    decidedBy: row.decidedByName === null ? null : { name: row.decidedByName },
  };
}

/**
 * The office's queue: pending requests first, oldest first (the order they came in), then the
 * decided ones, most recently decided first.
 */
export async function listOfficeModificationRequests(db: Kysely<Database>, status: ModificationStatus | undefined): Promise<AdminModificationRequest[]> {
  let query = officeRequests(db)
    .orderBy(sql`CASE WHEN modification_requests.status = 'pending' THEN 0 ELSE 1 END`)
    .orderBy(sql`CASE WHEN modification_requests.status = 'pending' THEN modification_requests.created_at END`, 'asc')
    .orderBy('modificationRequests.decidedAt', 'desc')
    .orderBy('modificationRequests.createdAt', 'desc')
    .orderBy('modificationRequests.id');
  if (status) query = query.where('modificationRequests.status', '=', status);
  return (await query.execute()).map(toView);
}

export async function countOfficeModificationRequests(db: Kysely<Database>): Promise<ModificationRequestCounts> {
  const rows = await db
    .selectFrom('modificationRequests')
    .innerJoin('students', 'students.id', 'modificationRequests.studentId')
    .select(['modificationRequests.status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('students.deletedAt', 'is', null)
    .groupBy('modificationRequests.status')
    .execute();
  const counts: ModificationRequestCounts = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

async function findOfficeRequest(db: Db, id: string): Promise<AdminModificationRequest> {
  const row = await officeRequests(db).where('modificationRequests.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', PARENT_MESSAGES.requestNotFound);
  return toView(row);
}

/**
 * Locks the request and its student for the decision: two admins deciding at once are served one
 * after the other, and the second is told the request was already decided.
 */
async function lockPending(trx: Transaction<Database>, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', PARENT_MESSAGES.requestNotFound);
  const request = await trx.selectFrom('modificationRequests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!request) throw new AppError('NOT_FOUND', PARENT_MESSAGES.requestNotFound);
  const student = await trx
    .selectFrom('students')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select([
      'students.id',
      'students.deletedAt',
      'students.driverId',
      ...MODIFICATION_REQUEST_COLUMNS,
      'users.phone as parentPhone',
      'users.language as parentLanguage',
      'parents.whatsappNumber',
    ])
    .where('students.id', '=', request.studentId)
    .forUpdate('students')
    .executeTakeFirstOrThrow();
  if (request.status !== 'pending')
    throw new AppError('CONFLICT', request.status === 'approved' ? PARENT_MESSAGES.alreadyApproved : PARENT_MESSAGES.alreadyRejected);
  // A deleted student's request is hidden from the lists; deciding it (from a stale screen) is a conflict.
  if (student.deletedAt !== null) throw new AppError('CONFLICT', PARENT_MESSAGES.studentDeleted);
  return { request, student, recipient: student.parentPhone ?? student.whatsappNumber };
}

async function markDecided(trx: Transaction<Database>, actor: Actor, id: string, status: 'approved' | 'rejected', adminNote: string | null): Promise<void> {
  await trx.updateTable('modificationRequests').set({ status, adminNote, decidedBy: actor.userId, decidedAt: new Date() }).where('id', '=', id).execute();
}

/**
 * Approval applies the requested values to the student, in the same transaction as the status
 * change, its audit row and the parent's message. It is refused (409) when a field the request
 * changes was changed on the student since the request was made, and when a new service type
 * would put the student's bus over its seats.
 */
export async function approveModificationRequest(
  db: Kysely<Database>,
  actor: Actor,
  input: Approval,
  seats: SeatOptions = {},
): Promise<AdminModificationRequest> {
  return db.transaction().execute(async (trx) => {
    const { request, student, recipient } = await lockPending(trx, input.id);
    const payloadOld = storedPayload(request.payloadOld);
    const payloadNew = storedPayload(request.payloadNew);
    const current = payloadOfStudent(student);
    const conflicts = conflictsWith(current, payloadOld, payloadNew);
    if (conflicts.length > 0) throw new AppError('CONFLICT', conflictingChangeMessage(conflicts.map((field) => MODIFICATION_FIELD_LABELS[field])));

    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const update: StudentUpdate = {};
    // Only the fields the parent asked to change; anything the office changed meanwhile elsewhere stays.
    for (const field of changedModificationFields(payloadOld, payloadNew)) {
      if (current[field] === payloadNew[field]) continue;
      changes[field] = { from: current[field], to: payloadNew[field] };
      Object.assign(update, { [field]: payloadNew[field] });
    }
    // A new service type may put the student on a run their bus has no seat left on.
    if (update.serviceType !== undefined)
      await assertSeats(trx, actor, [{ studentId: student.id, driverId: student.driverId, serviceType: update.serviceType }], seats);
    if (Object.keys(update).length > 0) {
      await trx
        .updateTable('students')
        .set({ ...update, updatedAt: new Date() })
        .where('id', '=', student.id)
        .execute();
    }
    const adminNote = input.adminNote ?? null;
    await markDecided(trx, actor, request.id, 'approved', adminNote);
    await recordAudit(trx, actor, {
      entityType: 'modification_request',
      entityId: request.id,
      action: 'approve',
      diff: { studentId: student.id, changes, adminNote },
    });
    if (recipient) {
      await enqueueNotification(trx, {
        recipient,
        language: student.parentLanguage,
        templateKey: 'modification_approved',
        payload: { studentName: `${payloadNew.firstName} ${payloadNew.lastName}`, adminNote },
      });
    }
    return findOfficeRequest(trx, request.id);
  });
}

/** Rejection leaves the student as it is; the note, if any, is shown to the parent. */
export async function rejectModificationRequest(db: Kysely<Database>, actor: Actor, input: Decision): Promise<AdminModificationRequest> {
  return db.transaction().execute(async (trx) => {
    const { request, student, recipient } = await lockPending(trx, input.id);
    const adminNote = input.adminNote ?? null;
    await markDecided(trx, actor, request.id, 'rejected', adminNote);
    await recordAudit(trx, actor, { entityType: 'modification_request', entityId: request.id, action: 'reject', diff: { studentId: student.id, adminNote } });
    if (recipient) {
      await enqueueNotification(trx, {
        recipient,
        language: student.parentLanguage,
        templateKey: 'modification_rejected',
        payload: { studentName: `${student.firstName} ${student.lastName}`, adminNote },
      });
    }
    return findOfficeRequest(trx, request.id);
  });
}
