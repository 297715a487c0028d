import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bhdWithFils, type OfficeOnlinePayment, type officeOnlinePaymentsQuery } from '@school-transport/contracts';
import type { z } from 'zod';
import { STUDENT_NAME } from '../../student-columns.js';

/**
 * The office's list of online payments, newest first: the family, the amount, Tap's charge id and
 * state, the wallet, the receipt, and under 'attention' only the captured charges the server would
 * not book (an amount, currency or reference that differ, months paid another way meanwhile).
 */
export async function listOfficeOnlinePayments(
  db: Kysely<Database>,
  query: z.output<typeof officeOnlinePaymentsQuery>,
): Promise<{ payments: OfficeOnlinePayment[]; total: number }> {
  let base = db.selectFrom('onlinePayments');
  if (query.filter === 'attention') base = base.where('onlinePayments.attention', 'is not', null);
  const [{ total }, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base
      .innerJoin('parents', 'parents.id', 'onlinePayments.parentId')
      .innerJoin('users', 'users.id', 'parents.userId')
      .leftJoin('payments', 'payments.id', 'onlinePayments.paymentId')
      .select([
        'onlinePayments.id',
        'onlinePayments.parentId',
        'users.name as parentName',
        'onlinePayments.amount',
        'onlinePayments.status',
        'onlinePayments.chargeId',
        'onlinePayments.chargeStatus',
        'onlinePayments.scheme',
        'onlinePayments.paymentId',
        'onlinePayments.attention',
        'onlinePayments.createdAt',
        'payments.receiptNumber',
        sql<number>`(select count(*)::int from online_payment_fees f where f.online_payment_id = online_payments.id)`.as('feeCount'),
      ])
      .orderBy('onlinePayments.createdAt', 'desc')
      .orderBy('onlinePayments.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const ids = rows.map((row) => row.id);
  const paymentIds = rows.flatMap((row) => (row.paymentId ? [row.paymentId] : []));
  const [fees, refunds] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('onlinePaymentFees')
          .innerJoin('fees', 'fees.id', 'onlinePaymentFees.feeId')
          .innerJoin('students', 'students.id', 'fees.studentId')
          .select(['onlinePaymentFees.onlinePaymentId', 'fees.id as feeId', 'fees.month', 'onlinePaymentFees.amount', ...STUDENT_NAME])
          .where('onlinePaymentFees.onlinePaymentId', 'in', ids)
          .orderBy('fees.month')
          .orderBy('students.firstName')
          .execute(),
    paymentIds.length === 0
      ? []
      : db
          .selectFrom('refunds')
          .select(['id', 'paymentId', 'amount', 'reason', 'creditNoteNumber', 'createdAt'])
          .where('paymentId', 'in', paymentIds)
          .orderBy('createdAt')
          .orderBy('id')
          .execute(),
  ]);
  return {
    total,
    payments: rows.map((row) => ({
      id: row.id,
      parentId: row.parentId,
      parentName: row.parentName,
      amountBhd: bhdWithFils(row.amount),
      status: row.status,
      chargeId: row.chargeId,
      chargeStatus: row.chargeStatus,
      method: row.scheme,
      receiptNumber: row.receiptNumber,
      paymentId: row.paymentId,
      attention: row.attention,
      createdAt: row.createdAt.toISOString(),
      feeCount: row.feeCount,
      fees: fees
        .filter((fee) => fee.onlinePaymentId === row.id)
        .map((fee) => ({ feeId: fee.feeId, studentName: `${fee.firstName} ${fee.lastName}`, month: fee.month, amountBhd: bhdWithFils(fee.amount) })),
      refunds: refunds
        .filter((refund) => refund.paymentId === row.paymentId)
        .map((refund) => ({
          id: refund.id,
          amountBhd: bhdWithFils(refund.amount),
          reason: refund.reason,
          creditNoteNumber: refund.creditNoteNumber,
          createdAt: refund.createdAt.toISOString(),
        })),
    })),
  };
}
