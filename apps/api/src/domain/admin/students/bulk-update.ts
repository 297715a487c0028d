import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { STUDENT_MESSAGES, type StudentBulkUpdate } from '@school-transport/contracts';
import { changedFields, recordAudit, type Actor } from '../../audit.js';
import { setCurrentMonthPaid } from '../../fees/current-month-flag.js';
import { isUuid } from '../../ids.js';
import { notFound } from '../guards.js';
import { checkDriver } from './choices.js';
import { announceStudentChange } from './events.js';
import { assertSeats, type SeatOptions } from '../../routes/seats.js';

/**
 * A run placed by hand belongs to one bus: moved to another bus, the child rides by school there
 * (the morning's run, and the afternoon's when they go home on the same bus), as the edit does.
 */
function placementOnNewBus(
  student: { driverId: string | null; afternoonDriverId: string | null; morningRunId: string | null; afternoonRunId: string | null },
  driverId: string | null,
) {
  if (student.driverId === driverId) return {};
  return { morningRunId: null, ...(student.afternoonDriverId === null ? { afternoonRunId: null } : {}) };
}

/**
 * Several students at once: a driver (or none) and/or a payment status. One transaction: all of
 * them change or none does; one audit row (and the messages) per student that actually changed.
 * Mark paid / unpaid is the edit dialog's switch for each of them, through the fee ledger.
 */
export async function bulkUpdateStudents(db: Kysely<Database>, actor: Actor, input: StudentBulkUpdate, seats: SeatOptions = {}): Promise<{ updated: number }> {
  const ids = [...new Set(input.studentIds)];
  if (!ids.every(isUuid)) throw notFound(STUDENT_MESSAGES.studentNotFound);
  return db.transaction().execute(async (trx) => {
    const students = await trx.selectFrom('students').selectAll().where('id', 'in', ids).where('deletedAt', 'is', null).orderBy('id').forUpdate().execute();
    if (students.length !== ids.length) throw notFound(STUDENT_MESSAGES.studentNotFound);
    const driver = input.driverId === undefined || input.driverId === null ? input.driverId : await checkDriver(trx, input.driverId, null);
    const afterOf = (student: (typeof students)[number]) => ({
      ...(driver === undefined ? {} : { driverId: driver?.id ?? null, ...placementOnNewBus(student, driver?.id ?? null) }),
      ...(input.paymentStatus === undefined ? {} : { paymentStatus: input.paymentStatus }),
    });
    // All of them at once against the seats, run by run: a bus with two seats left takes two of five, not five.
    if (driver)
      await assertSeats(
        trx,
        actor,
        students.map((student) => ({ studentId: student.id, serviceType: student.serviceType, ...afterOf(student), driverId: driver.id })),
        seats,
      );
    let updated = 0;
    for (const before of students) {
      const after = afterOf(before);
      const diff = changedFields(before, after);
      if (Object.keys(diff).length === 0) continue;
      const now = new Date();
      await trx
        .updateTable('students')
        .set({ ...after, updatedAt: now })
        .where('id', '=', before.id)
        .execute();
      await recordAudit(trx, actor, { entityType: 'student', entityId: before.id, action: 'bulk_update', diff });
      await announceStudentChange(trx, before.id, before);
      if (diff.paymentStatus) await setCurrentMonthPaid(trx, actor, before.id, input.paymentStatus === 'paid', now);
      updated += 1;
    }
    return { updated };
  });
}
