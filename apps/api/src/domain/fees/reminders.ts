import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate, payLinkPagePath } from '@school-transport/contracts';
import { enqueueNotification } from '../notifications/outbox.js';
import { STUDENT_NAME } from '../student-columns.js';
import { feeLedger, fromCents, money, toCents } from './ledger.js';
import { familyContact } from './family.js';
import { createPayLink } from './online/pay-links.js';

/**
 * Writes the fee reminders of the windows open today: one message per family covering its unpaid
 * rows whose window has opened and not yet closed, each row reminded once. Rows are claimed by
 * setting reminded_at where it is still null, so two server processes never remind a row twice.
 * With online payments on (`publicUrl`: PUBLIC_URL), each message carries a pay link for exactly
 * its rows, made in the same transaction. Answers how many messages were written.
 */
export async function sendDueReminders(db: Kysely<Database>, now = new Date(), publicUrl?: string): Promise<number> {
  const today = bahrainDate(now);
  const candidates = await feeLedger(db, today)
    .innerJoin('students', 'students.id', 'fees.studentId')
    .select(['students.parentId'])
    .where('fees.remindedAt', 'is', null)
    .where('fees.waived', '=', false)
    .where('students.deletedAt', 'is', null)
    .where(sql<string>`fees.due_from`, '<=', sql<string>`${today}::date`)
    .where(sql<string>`fees.due_date`, '>=', sql<string>`${today}::date`)
    .execute();
  const byFamily = new Map<string, string[]>();
  for (const row of candidates) {
    if (row.status === 'paid' || row.status === 'waived') continue;
    byFamily.set(row.parentId, [...(byFamily.get(row.parentId) ?? []), row.id]);
  }

  let written = 0;
  for (const [parentId, feeIds] of byFamily) {
    written += await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('fees')
        .set({ remindedAt: now })
        .where('id', 'in', feeIds)
        .where('remindedAt', 'is', null)
        .returning('id')
        .execute();
      if (claimed.length === 0) return 0;
      const family = await familyContact(trx, parentId);
      if (!family?.phone) return 0;
      const rows = await feeLedger(trx, today)
        .innerJoin('students', 'students.id', 'fees.studentId')
        .select(STUDENT_NAME)
        .where(
          'fees.id',
          'in',
          claimed.map((c) => c.id),
        )
        .orderBy('fees.month')
        .orderBy('students.firstName')
        .execute();
      const total = rows.reduce((sum, row) => sum + toCents(row.outstanding), 0n);
      const payUrl = publicUrl
        ? `${publicUrl.replace(/\/+$/, '')}${payLinkPagePath(
            await createPayLink(
              trx,
              parentId,
              rows.map((row) => row.id),
              now,
            ),
          )}`
        : null;
      await enqueueNotification(trx, {
        recipient: family.phone,
        language: family.language,
        templateKey: 'fee_reminder',
        payload: {
          parentName: family.name,
          items: rows.map((row) => ({ studentName: `${row.firstName} ${row.lastName}`, month: row.month, amountBhd: money(row.outstanding) })),
          totalBhd: fromCents(total),
          dueDate: rows.map((row) => row.dueDate).sort()[0] ?? today,
          payUrl,
        },
      });
      return 1;
    });
  }
  return written;
}
