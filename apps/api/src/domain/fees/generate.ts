import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import { FEE_MESSAGES, addMonths, bahrainDate, dueWindow, isServiceMonth, monthOfDate, monthStartInstant } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { recordAudit, SYSTEM_ACTOR, type Actor, type AuditActor } from '../audit.js';
import { feeLedger, toCents } from './ledger.js';
import { readFeeSettings } from './fee-settings.js';
import { recordPaymentInTransaction } from './payments.js';

/** The note of the payment that carries a paid flag from before the ledger into it. */
export const CARRIED_OVER_NOTE = 'paid before the fee ledger';

/**
 * Makes the fee rows of one service month: one per active (not deleted) student registered before
 * the month ended, at the student's price of today, with the month's due window. Idempotent and
 * safe when two processes run it at once: the unique (student_id, month) key lets only one row in,
 * and only the process that made a row carries a paid flag over into it (below).
 * Answers how many rows were made.
 */
export async function generateFeesForMonth(db: Db, month: string, now = new Date(), actor: AuditActor = SYSTEM_ACTOR): Promise<number> {
  if (!db.isTransaction) return (db as Kysely<Database>).transaction().execute((trx) => generateFeesForMonth(trx, month, now, actor));
  const trx = db as Transaction<Database>;
  const { firstServiceMonth } = await readFeeSettings(trx);
  if (!isServiceMonth(month, firstServiceMonth)) throw new AppError('BAD_REQUEST', FEE_MESSAGES.notServiceMonth, { month: FEE_MESSAGES.notServiceMonth });
  const { dueFrom, dueDate } = dueWindow(month, firstServiceMonth);
  // A student registered mid-year starts paying from the month they registered in.
  const registeredBefore = monthStartInstant(addMonths(month, 1));
  const { rows } = await sql<{ id: string }>`
    insert into fees (student_id, month, amount, due_from, due_date)
    select id, ${month}, price_bhd, ${dueFrom}::date, ${dueDate}::date from students
    where deleted_at is null and created_at < ${registeredBefore}
      -- Rows already made are skipped here (an index probe) rather than by the conflict clause,
      -- which would attempt every insert again on each hourly run.
      and not exists (select 1 from fees made where made.student_id = students.id and made.month = ${month})
    on conflict (student_id, month) do nothing
    returning student_id as id`.execute(trx);
  await carryOverPaidFlags(
    trx,
    actor,
    month,
    rows.map((row) => row.id),
    now,
  );
  return rows.length;
}

/**
 * Students from before the ledger. Until the ledger ran, the paid/unpaid flag was set by hand and
 * nothing stood behind it; the first time the ledger makes such a student's row for the month
 * running today, it takes a paid flag at its word: the month's fee is recorded as paid (method
 * 'other', noted 'paid before the fee ledger', audited, receipt and message to the parent as for
 * any payment). Without this the daily job's first run would turn every such paid flag back to
 * unpaid. It applies only to a student with no row for an earlier month (never in the ledger
 * before: a student restored after a long absence is not), and only to the month running today:
 * rows made ahead (on the 26th, or in the summer break for September) start unpaid, because a
 * paid flag then speaks of the month before. Every flag set since goes through the ledger itself.
 */
async function carryOverPaidFlags(trx: Transaction<Database>, actor: AuditActor, month: string, studentIds: string[], now: Date): Promise<void> {
  const today = bahrainDate(now);
  if (studentIds.length === 0 || monthOfDate(today) !== month) return;
  const paidByHand = await feeLedger(trx, today)
    .innerJoin('students', 'students.id', 'fees.studentId')
    .where('fees.month', '=', month)
    .where('fees.studentId', 'in', studentIds)
    .where('students.paymentStatus', '=', 'paid')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('fees as earlier').select('earlier.id').whereRef('earlier.studentId', '=', 'students.id').where('earlier.month', '<', month))),
    )
    .orderBy('fees.id')
    .execute();
  for (const fee of paidByHand) {
    if (toCents(fee.outstanding) === 0n) continue;
    await recordPaymentInTransaction(
      trx,
      actor,
      { feeIds: [fee.id], amountBhd: fee.outstanding, method: 'other', reference: '', note: CARRIED_OVER_NOTE, paidAt: today },
      now,
    );
  }
}

/** The office's 'Generate fees' for a month, audited. */
export async function generateFeesByOffice(db: Kysely<Database>, actor: Actor, month: string, now = new Date()): Promise<{ created: number }> {
  return db.transaction().execute(async (trx) => {
    const created = await generateFeesForMonth(trx, month, now, actor);
    await recordAudit(trx, actor, { entityType: 'fees', entityId: month, action: 'generate', diff: { month, created } });
    return { created };
  });
}
