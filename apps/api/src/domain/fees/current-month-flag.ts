import type { Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { FEE_MESSAGES, SET_UNPAID_VOID_REASON, bahrainDate, currentServiceMonth, dueWindow } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import type { Actor } from '../audit.js';
import { feeLedger, toCents } from './ledger.js';
import { readFeeSettings } from './fee-settings.js';
import { recordPaymentInTransaction, voidPaymentInTransaction } from './payments.js';
import { syncStudentPaymentStatus } from './payment-status.js';
import { setFeeWaivedInTransaction } from './waive.js';

/**
 * The Students edit dialog's paid/unpaid switch, expressed in the ledger (call it in the dialog's
 * save transaction). Paid: the office records a full payment of what the current service month's
 * row still owes (method 'other'), making the row if it is missing. Unpaid: every payment of that
 * month is voided with the reason 'set unpaid in the edit dialog' (a payment that also covered
 * other months is voided whole), and a waiver is lifted. Either way audited and in step with
 * students.payment_status.
 */
export async function setCurrentMonthPaid(trx: Transaction<Database>, actor: Actor, studentId: string, paid: boolean, now: Date): Promise<void> {
  const { firstServiceMonth } = await readFeeSettings(trx);
  const today = bahrainDate(now);
  const month = currentServiceMonth(today, firstServiceMonth);
  const student = await trx.selectFrom('students').select(['id', 'priceBhd']).where('id', '=', studentId).executeTakeFirst();
  if (!student) throw new AppError('NOT_FOUND', FEE_MESSAGES.feeNotFound);
  const { dueFrom, dueDate } = dueWindow(month, firstServiceMonth);
  await trx
    .insertInto('fees')
    .values({ studentId, month, amount: student.priceBhd, dueFrom, dueDate })
    .onConflict((conflict) => conflict.columns(['studentId', 'month']).doNothing())
    .execute();
  const fee = await feeLedger(trx, today).where('fees.studentId', '=', studentId).where('fees.month', '=', month).executeTakeFirstOrThrow();

  if (paid) {
    if (toCents(fee.outstanding) > 0n) {
      await recordPaymentInTransaction(
        trx,
        actor,
        { feeIds: [fee.id], amountBhd: fee.outstanding, method: 'other', reference: '', note: 'set paid in the edit dialog', paidAt: today },
        now,
      );
    }
  } else {
    const payments = await trx
      .selectFrom('paymentAllocations')
      .innerJoin('payments', 'payments.id', 'paymentAllocations.paymentId')
      .select('payments.id')
      .where('paymentAllocations.feeId', '=', fee.id)
      .where('payments.voidedAt', 'is', null)
      .execute();
    for (const payment of payments) await voidPaymentInTransaction(trx, actor, { id: payment.id, reason: SET_UNPAID_VOID_REASON }, now);
    if (fee.waived) await setFeeWaivedInTransaction(trx, actor, { id: fee.id, waived: false, reason: SET_UNPAID_VOID_REASON }, now);
  }
  await syncStudentPaymentStatus(trx, [studentId], now);
}
