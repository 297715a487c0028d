import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate, type ParentFee } from '@school-transport/contracts';
import { feeLedger, money } from './ledger.js';
import { toProofRef } from './proofs.js';

/** The signed-in parent's fee rows for their (not deleted) students, newest month first, with receipts and proofs. */
export async function listParentFees(db: Kysely<Database>, userId: string, now = new Date()): Promise<ParentFee[]> {
  const fees = await feeLedger(db, bahrainDate(now))
    .innerJoin('students', 'students.id', 'fees.studentId')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .where('parents.userId', '=', userId)
    .where('students.deletedAt', 'is', null)
    .orderBy('fees.month', 'desc')
    .orderBy('students.firstName')
    .execute();
  if (fees.length === 0) return [];
  const feeIds = fees.map((fee) => fee.id);
  const [receipts, proofs] = await Promise.all([
    db
      .selectFrom('paymentAllocations')
      .innerJoin('payments', 'payments.id', 'paymentAllocations.paymentId')
      .select([
        'paymentAllocations.feeId',
        'payments.id',
        'payments.receiptNumber',
        'payments.amount',
        sql<string>`to_char(payments.paid_at, 'YYYY-MM-DD')`.as('paidAt'),
      ])
      .where('paymentAllocations.feeId', 'in', feeIds)
      .where('payments.voidedAt', 'is', null)
      .orderBy('payments.createdAt')
      .execute(),
    db
      .selectFrom('paymentProofs')
      .select(['id', 'feeId', 'status', 'reason', 'amount', 'reference', 'createdAt'])
      .where('feeId', 'in', feeIds)
      .orderBy('createdAt', 'desc')
      .execute(),
  ]);
  return fees.map((fee) => ({
    id: fee.id,
    studentId: fee.studentId,
    month: fee.month,
    amountBhd: money(fee.amount),
    paidBhd: money(fee.paid),
    dueFrom: fee.dueFrom,
    dueDate: fee.dueDate,
    status: fee.status,
    receipts: receipts
      .filter((r) => r.feeId === fee.id)
      .map((r) => ({ paymentId: r.id, receiptNumber: r.receiptNumber, amountBhd: money(r.amount), paidAt: r.paidAt })),
    proofs: proofs.filter((p) => p.feeId === fee.id).map(toProofRef),
  }));
}
