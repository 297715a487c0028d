import type { Kysely } from 'kysely';
import { isUniqueViolation, type Database, type Db } from '@school-transport/db';
import { PARENT_MESSAGES, type modificationRequestInput, type ParentModificationRequest } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit.js';
import { isUuid } from '../ids.js';
import { MODIFICATION_REQUEST_COLUMNS, STUDENT_NAME } from '../student-columns.js';
import { changedModificationFields, requestedPayload, payloadOfStudent, storedPayload } from './payload.js';

const notFound = (message: string) => new AppError('NOT_FOUND', message);

/** The parent's own modification requests, of students not deleted; another parent's rows never appear. */
function parentRequests(db: Db, userId: string) {
  return db
    .selectFrom('modificationRequests')
    .innerJoin('students', 'students.id', 'modificationRequests.studentId')
    .innerJoin('parents', 'parents.id', 'modificationRequests.parentId')
    .select([
      'modificationRequests.id',
      'modificationRequests.createdAt',
      'modificationRequests.decidedAt',
      'modificationRequests.status',
      'modificationRequests.adminNote',
      'modificationRequests.payloadOld',
      'modificationRequests.payloadNew',
      'students.id as studentId',
      ...STUDENT_NAME,
    ])
    .where('parents.userId', '=', userId)
    .whereRef('students.parentId', '=', 'modificationRequests.parentId')
    .where('students.deletedAt', 'is', null);
}

type Row = Awaited<ReturnType<ReturnType<typeof parentRequests>['executeTakeFirstOrThrow']>>;

function toView(row: Row): ParentModificationRequest {
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
    student: { id: row.studentId, firstName: row.firstName, lastName: row.lastName },
  };
}

/** Newest first. */
export async function listParentModificationRequests(db: Kysely<Database>, userId: string): Promise<ParentModificationRequest[]> {
  const rows = await parentRequests(db, userId).orderBy('modificationRequests.createdAt', 'desc').orderBy('modificationRequests.id').execute();
  return rows.map(toView);
}

/** One of the parent's own requests; anyone else's id answers 404, exactly like an unknown one. */
export async function findParentModificationRequest(db: Db, userId: string, id: string): Promise<ParentModificationRequest> {
  if (!isUuid(id)) throw notFound(PARENT_MESSAGES.requestNotFound);
  const row = await parentRequests(db, userId).where('modificationRequests.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(PARENT_MESSAGES.requestNotFound);
  return toView(row);
}

/**
 * A parent asks the office to change their student's details. The request records the student's
 * values as they are now, so the office sees old against new and approval can tell whether the
 * student was changed in between. One pending request per student (a partial unique index backs
 * the check, for two requests sent at the same moment).
 */
export async function requestModification(
  db: Kysely<Database>,
  actor: Actor,
  input: z.output<typeof modificationRequestInput>,
): Promise<ParentModificationRequest> {
  if (!isUuid(input.studentId)) throw notFound(PARENT_MESSAGES.studentNotFound);
  try {
    return await db.transaction().execute(async (trx) => {
      const student = await trx
        .selectFrom('students')
        .innerJoin('parents', 'parents.id', 'students.parentId')
        .select(['students.id', 'students.parentId', ...MODIFICATION_REQUEST_COLUMNS])
        .where('students.id', '=', input.studentId)
        .where('parents.userId', '=', actor.userId)
        .where('students.deletedAt', 'is', null)
        .forUpdate('students')
        .executeTakeFirst();
      if (!student) throw notFound(PARENT_MESSAGES.studentNotFound);

      const payloadOld = payloadOfStudent(student);
      const payloadNew = requestedPayload(input);
      const changed = changedModificationFields(payloadOld, payloadNew);
      if (changed.length === 0) throw new AppError('BAD_REQUEST', PARENT_MESSAGES.noChanges);

      const pending = await trx
        .selectFrom('modificationRequests')
        .select('id')
        .where('studentId', '=', student.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending) throw new AppError('CONFLICT', PARENT_MESSAGES.pendingExists);

      const row = await trx
        .insertInto('modificationRequests')
        .values({ studentId: student.id, parentId: student.parentId, payloadOld: JSON.stringify(payloadOld), payloadNew: JSON.stringify(payloadNew) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        entityType: 'modification_request',
        entityId: row.id,
        action: 'create',
        diff: { studentId: student.id, fields: changed },
      });
      return findParentModificationRequest(trx, actor.userId, row.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', PARENT_MESSAGES.pendingExists);
    throw error;
  }
}
