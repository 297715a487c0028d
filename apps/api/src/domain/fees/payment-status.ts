import { bahrainDate, currentServiceMonth } from '@school-transport/contracts';
import { feeLedger, type Db } from './ledger.js';
import { readFeeSettings } from './fee-settings.js';

/**
 * Keeps students.payment_status in step with the ledger: `paid` when the current service month's
 * row is paid (or waived), else `unpaid`. Call it in the transaction of every payment and void.
 * A student without a row for the current month keeps the flag the office set.
 */
export async function syncStudentPaymentStatus(db: Db, studentIds: readonly string[], now: Date): Promise<void> {
  if (studentIds.length === 0) return;
  const { firstServiceMonth } = await readFeeSettings(db);
  const today = bahrainDate(now);
  const month = currentServiceMonth(today, firstServiceMonth);
  const rows = await feeLedger(db, today).where('fees.studentId', 'in', [...new Set(studentIds)]).where('fees.month', '=', month).execute();
  for (const row of rows) {
    const next = row.status === 'paid' || row.status === 'waived' ? 'paid' : 'unpaid';
    await db.updateTable('students').set({ paymentStatus: next, updatedAt: now }).where('id', '=', row.studentId).where('paymentStatus', '!=', next).execute();
  }
}

/** Every active student with a row for the current month: the daily job's catch-up when a new month starts. */
export async function syncAllPaymentStatuses(db: Db, now: Date): Promise<void> {
  const { firstServiceMonth } = await readFeeSettings(db);
  const month = currentServiceMonth(bahrainDate(now), firstServiceMonth);
  const students = await db
    .selectFrom('fees')
    .innerJoin('students', 'students.id', 'fees.studentId')
    .select('fees.studentId')
    .where('fees.month', '=', month)
    .where('students.deletedAt', 'is', null)
    .execute();
  await syncStudentPaymentStatus(
    db,
    students.map((s) => s.studentId),
    now,
  );
}
