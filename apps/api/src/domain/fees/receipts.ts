import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { FEE_MESSAGES, splitVat, type Receipt } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { readCompanySettings } from '../settings.js';
import { STUDENT_NAME } from '../student-columns.js';
import { money } from './ledger.js';

/**
 * A payment's receipt: company details and VAT from the settings, the months it paid. For the
 * parent who paid (ownerUserId) or for an admin (ownerUserId undefined); anyone else: not found.
 */
export async function readReceipt(db: Kysely<Database>, paymentId: string, ownerUserId?: string): Promise<Receipt> {
  if (!isUuid(paymentId)) throw new AppError('NOT_FOUND', FEE_MESSAGES.receiptNotFound);
  let query = db
    .selectFrom('payments')
    .innerJoin('parents', 'parents.id', 'payments.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select([
      'payments.id',
      'payments.receiptNumber',
      'payments.method',
      'payments.reference',
      'payments.amount',
      'payments.voidedAt',
      'payments.voidReason',
      'users.name as parentName',
      sql<string>`to_char(payments.paid_at, 'YYYY-MM-DD')`.as('paidAt'),
    ])
    .where('payments.id', '=', paymentId);
  if (ownerUserId !== undefined) query = query.where('parents.userId', '=', ownerUserId);
  const payment = await query.executeTakeFirst();
  if (!payment) throw new AppError('NOT_FOUND', FEE_MESSAGES.receiptNotFound);
  const lines = await db
    .selectFrom('paymentAllocations')
    .innerJoin('fees', 'fees.id', 'paymentAllocations.feeId')
    .innerJoin('students', 'students.id', 'fees.studentId')
    .select([...STUDENT_NAME, 'students.automatedId', 'fees.month', 'paymentAllocations.amount'])
    .where('paymentAllocations.paymentId', '=', paymentId)
    .orderBy('fees.month')
    .orderBy('students.firstName')
    .execute();
  const settings = await readCompanySettings(db);
  const amountBhd = money(payment.amount);
  const vatRate = Number(settings.vatRatePercent) > 0 ? settings.vatRatePercent : null;
  return {
    id: payment.id,
    receiptNumber: payment.receiptNumber,
    paidAt: payment.paidAt,
    method: payment.method,
    reference: payment.reference,
    amountBhd,
    voided: payment.voidedAt !== null,
    voidReason: payment.voidReason,
    parentName: payment.parentName,
    lines: lines.map((line) => ({
      studentName: `${line.firstName} ${line.lastName}`,
      automatedId: line.automatedId,
      month: line.month,
      amountBhd: money(line.amount),
    })),
    vat: vatRate ? { ratePercent: vatRate, ...splitVat(amountBhd, vatRate), totalBhd: amountBhd, registrationNumber: settings.vatNumber } : null,
    company: {
      name: settings.companyName,
      contactText: settings.contactText,
      phones: [settings.supportPhone1, settings.supportPhone2].filter((phone) => phone !== ''),
    },
  };
}
