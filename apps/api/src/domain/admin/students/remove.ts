import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { STUDENT_MESSAGES, type AdminStudent } from '@school-transport/contracts';
import { recordAudit, type Actor } from '../../audit.js';
import { isUuid } from '../../ids.js';
import { notFound } from '../guards.js';
import { findStudent, lockLiveStudent } from './view.js';
import { assertSeats, type SeatOptions } from '../../routes/seats.js';

/**
 * Soft delete: the row stays (with its modification requests, invoices and audit trail) and every
 * list and count hides it. The driver stays recorded, so a restore brings the student back as it was.
 */
export async function removeStudent(db: Kysely<Database>, actor: Actor, id: string): Promise<AdminStudent> {
  return db.transaction().execute(async (trx) => {
    await lockLiveStudent(trx, id);
    const deletedAt = new Date();
    await trx.updateTable('students').set({ deletedAt, updatedAt: deletedAt }).where('id', '=', id).execute();
    await recordAudit(trx, actor, { entityType: 'student', entityId: id, action: 'delete', diff: { deletedAt: { from: null, to: deletedAt.toISOString() } } });
    return findStudent(trx, id);
  });
}

/** A restored student rides their bus again, so the bus must have the seat (or an admin allows it). */
export async function restoreStudent(db: Kysely<Database>, actor: Actor, id: string, seats: SeatOptions = {}): Promise<AdminStudent> {
  if (!isUuid(id)) throw notFound(STUDENT_MESSAGES.studentNotFound);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('students')
      .select(['id', 'deletedAt', 'driverId', 'serviceType', 'schoolId', 'afternoonDriverId', 'morningRunId', 'afternoonRunId'])
      .where('id', '=', id)
      .where('deletedAt', 'is not', null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(STUDENT_MESSAGES.studentNotFound);
    const { deletedAt: _deletedAt, id: studentId, ...ridesAs } = row;
    await assertSeats(trx, actor, [{ studentId, ...ridesAs }], seats);
    await trx.updateTable('students').set({ deletedAt: null, updatedAt: new Date() }).where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      entityType: 'student',
      entityId: id,
      action: 'restore',
      diff: { deletedAt: { from: row.deletedAt?.toISOString() ?? null, to: null } },
    });
    return findStudent(trx, id);
  });
}
