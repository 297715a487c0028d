import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { ONLINE_PAYMENT_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../../../errors.js';
import { isUuid } from '../../ids.js';
import { readCompanySettings } from '../../settings.js';
import { STUDENT_NAME } from '../../student-columns.js';
import { money } from '../ledger.js';

/** A refund's credit note, as its PDF prints it. */
export interface CreditNote {
  id: string;
  creditNoteNumber: string;
  issuedOn: string;
  receiptNumber: string;
  parentName: string;
  reason: string;
  amountBhd: string;
  lines: { studentName: string; automatedId: string; month: string; amountBhd: string }[];
  company: { name: string; contactText: string; phones: string[]; vatNumber: string };
}

const notFound = () => new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.creditNoteNotFound);

/**
 * A refund's credit note: the money given back, on which months, against which receipt. For the
 * family whose payment it was (ownerUserId) or for the office (ownerUserId undefined); anyone
 * else: not found, as if it did not exist.
 */
export async function readCreditNote(db: Kysely<Database>, refundId: string, ownerUserId?: string): Promise<CreditNote> {
  if (!isUuid(refundId)) throw notFound();
  let query = db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.paymentId')
    .innerJoin('parents', 'parents.id', 'payments.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select([
      'refunds.id',
      'refunds.creditNoteNumber',
      'refunds.reason',
      'refunds.amount',
      'payments.receiptNumber',
      'users.name as parentName',
      sql<string>`to_char(refunds.created_at at time zone 'Asia/Bahrain', 'YYYY-MM-DD')`.as('issuedOn'),
    ])
    .where('refunds.id', '=', refundId);
  if (ownerUserId !== undefined) query = query.where('parents.userId', '=', ownerUserId);
  const note = await query.executeTakeFirst();
  if (!note) throw notFound();
  const lines = await db
    .selectFrom('refundAllocations')
    .innerJoin('fees', 'fees.id', 'refundAllocations.feeId')
    .innerJoin('students', 'students.id', 'fees.studentId')
    .select([...STUDENT_NAME, 'students.automatedId', 'fees.month', 'refundAllocations.amount'])
    .where('refundAllocations.refundId', '=', refundId)
    .orderBy('fees.month')
    .orderBy('students.firstName')
    .execute();
  const settings = await readCompanySettings(db);
  return {
    id: note.id,
    creditNoteNumber: note.creditNoteNumber,
    issuedOn: note.issuedOn,
    receiptNumber: note.receiptNumber,
    parentName: note.parentName,
    reason: note.reason,
    amountBhd: money(note.amount),
    lines: lines.map((line) => ({
      studentName: `${line.firstName} ${line.lastName}`,
      automatedId: line.automatedId,
      month: line.month,
      amountBhd: money(line.amount),
    })),
    company: {
      name: settings.companyName,
      contactText: settings.contactText,
      phones: [settings.supportPhone1, settings.supportPhone2].filter((phone) => phone !== ''),
      vatNumber: settings.vatNumber,
    },
  };
}
