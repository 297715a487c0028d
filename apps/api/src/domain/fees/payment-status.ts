import { sql } from 'kysely';
import type { Db } from '@school-transport/db';
import { bahrainDate, currentServiceMonth } from '@school-transport/contracts';
import { statusSql } from './ledger.js';
import { readFeeSettings } from './fee-settings.js';

/**
 * Keeps students.payment_status in step with the ledger: `paid` when the current service month's
 * row is paid (or waived), else `unpaid`. One UPDATE for all the students given, touching only the
 * rows whose flag changes (the daily job passes every student: one statement, not one per student).
 * A student without a row for the current month keeps the flag the office set.
 */
async function syncPaymentStatuses(db: Db, studentIds: readonly string[] | 'every active student', now: Date): Promise<void> {
  const { firstServiceMonth } = await readFeeSettings(db);
  const today = bahrainDate(now);
  const month = currentServiceMonth(today, firstServiceMonth);
  await sql`
    UPDATE students SET payment_status = ledger.next, updated_at = ${now}
    FROM (
      SELECT fees.student_id, CASE WHEN ${statusSql(today)} IN ('paid', 'waived') THEN 'paid' ELSE 'unpaid' END AS next
      FROM fees WHERE fees.month = ${month} ${studentIds === 'every active student' ? sql`` : sql`AND fees.student_id = ANY (${[...new Set(studentIds)]}::uuid[])`}
    ) AS ledger
    WHERE students.id = ledger.student_id AND students.payment_status <> ledger.next
      ${studentIds === 'every active student' ? sql`AND students.deleted_at IS NULL` : sql``}`.execute(db);
}

/** The given students (a payment, a void, a waiver): call it in that change's transaction. */
export async function syncStudentPaymentStatus(db: Db, studentIds: readonly string[], now: Date): Promise<void> {
  if (studentIds.length === 0) return;
  await syncPaymentStatuses(db, studentIds, now);
}

/** Every active student with a row for the current month: the daily job's catch-up when a new month starts. */
export async function syncAllPaymentStatuses(db: Db, now: Date): Promise<void> {
  await syncPaymentStatuses(db, 'every active student', now);
}
