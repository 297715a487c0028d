import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { FEE_MESSAGES, bahrainDate, type LedgerPaymentMethod, type Payment, type recordPaymentInput } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor, type AuditActor } from '../audit.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { STUDENT_NAME } from '../student-columns.js';
import { feeLedger, fromCents, money, toCents } from './ledger.js';
import { familyContact, studentName } from './family.js';
import { syncStudentPaymentStatus } from './payment-status.js';

/** A payment to record: the office's form, or the server booking a captured online charge (method `online`). */
export type PaymentInput = Omit<z.output<typeof recordPaymentInput>, 'method'> & { method: LedgerPaymentMethod };

const notFound = (message: string) => new AppError('NOT_FOUND', message);

/** A payment with its allocations, as the API answers it. */
export async function findPayment(db: Kysely<Database>, id: string): Promise<Payment> {
  if (!isUuid(id)) throw notFound(FEE_MESSAGES.paymentNotFound);
  const row = await db
    .selectFrom('payments')
    .select([
      'id',
      'parentId',
      'amount',
      'method',
      'reference',
      'note',
      'receiptNumber',
      'voidedAt',
      'voidReason',
      sql<string>`to_char(paid_at, 'YYYY-MM-DD')`.as('paidAt'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(FEE_MESSAGES.paymentNotFound);
  const allocations = await db.selectFrom('paymentAllocations').select(['feeId', 'amount']).where('paymentId', '=', id).execute();
  return {
    id: row.id,
    parentId: row.parentId,
    amountBhd: money(row.amount),
    method: row.method,
    reference: row.reference,
    note: row.note,
    paidAt: row.paidAt,
    receiptNumber: row.receiptNumber,
    voidedAt: row.voidedAt ? row.voidedAt.toISOString() : null,
    voidReason: row.voidReason,
    allocations: allocations.map((a) => ({ feeId: a.feeId, amountBhd: money(a.amount) })),
  };
}

/**
 * Records one payment of a family against one or several of its fee rows, inside the caller's
 * transaction: the amount is spread over the chosen rows oldest month first, and may not exceed
 * what they still owe (partial payments add up over several payments). The rows are locked, so two
 * payments recorded at once cannot both fill the same month. Writes the receipt number (from its
 * sequence), an audit row, the parent's message, and the students' paid/unpaid flags.
 * A caller that tells the parent itself (accepting a proof) passes `notify: false`, so one change
 * is one message.
 */
export async function recordPaymentInTransaction(
  trx: Transaction<Database>,
  actor: AuditActor,
  input: PaymentInput,
  now: Date,
  options: { notify?: boolean } = {},
): Promise<Payment> {
  const feeIds = [...new Set(input.feeIds)];
  if (!feeIds.every(isUuid)) throw notFound(FEE_MESSAGES.feeNotFound);
  // Locks the rows in a fixed order, so two payments on overlapping months wait rather than deadlock.
  await trx.selectFrom('fees').select('id').where('id', 'in', feeIds).orderBy('id').forUpdate().execute();
  const rows = await feeLedger(trx, bahrainDate(now))
    .innerJoin('students', 'students.id', 'fees.studentId')
    .select(['students.parentId', ...STUDENT_NAME])
    .where('fees.id', 'in', feeIds)
    .orderBy('fees.month')
    .orderBy('students.firstName')
    .execute();
  if (rows.length !== feeIds.length) throw notFound(FEE_MESSAGES.feeNotFound);
  const parentId = rows[0]!.parentId;
  if (rows.some((row) => row.parentId !== parentId)) throw new AppError('BAD_REQUEST', FEE_MESSAGES.feesOfOneFamily, { feeIds: FEE_MESSAGES.feesOfOneFamily });
  if (rows.some((row) => toCents(row.outstanding) === 0n)) throw new AppError('CONFLICT', FEE_MESSAGES.feeNotPayable);

  let remaining = toCents(input.amountBhd);
  const owed = rows.reduce((sum, row) => sum + toCents(row.outstanding), 0n);
  if (remaining > owed) throw new AppError('BAD_REQUEST', FEE_MESSAGES.amountTooHigh, { amountBhd: FEE_MESSAGES.amountTooHigh });
  const allocations: { feeId: string; cents: bigint }[] = [];
  for (const row of rows) {
    if (remaining === 0n) break;
    const share = remaining < toCents(row.outstanding) ? remaining : toCents(row.outstanding);
    allocations.push({ feeId: row.id, cents: share });
    remaining -= share;
  }

  const payment = await trx
    .insertInto('payments')
    .values({
      parentId,
      amount: input.amountBhd,
      method: input.method,
      reference: input.reference,
      note: input.note,
      paidAt: input.paidAt,
      recordedBy: actor.userId,
    })
    .returning(['id', 'receiptNumber'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('paymentAllocations')
    .values(allocations.map((a) => ({ paymentId: payment.id, feeId: a.feeId, amount: fromCents(a.cents) })))
    .execute();

  const paidRows = rows.filter((row) => allocations.some((a) => a.feeId === row.id));
  await recordAudit(trx, actor, {
    entityType: 'payment',
    entityId: payment.id,
    action: 'create',
    diff: {
      receiptNumber: payment.receiptNumber,
      parentId,
      amountBhd: input.amountBhd,
      method: input.method,
      reference: input.reference,
      paidAt: input.paidAt,
      allocations: allocations.map((a) => ({ feeId: a.feeId, amountBhd: fromCents(a.cents) })),
    },
  });
  const family = options.notify === false ? undefined : await familyContact(trx, parentId);
  if (family?.phone) {
    await enqueueNotification(trx, {
      recipient: family.phone,
      language: family.language,
      templateKey: 'payment_recorded',
      payload: {
        receiptNumber: payment.receiptNumber,
        amountBhd: input.amountBhd,
        months: [...new Set(paidRows.map((row) => row.month))],
        studentNames: [...new Set(paidRows.map(studentName))],
      },
    });
  }
  await syncStudentPaymentStatus(
    trx,
    paidRows.map((row) => row.studentId),
    now,
  );
  return findPayment(trx, payment.id);
}

export async function recordPayment(db: Kysely<Database>, actor: Actor, input: PaymentInput, now = new Date()): Promise<Payment> {
  return db.transaction().execute((trx) => recordPaymentInTransaction(trx, actor, input, now));
}

/**
 * Voids a payment, never deletes it: the receipt stays (marked void), its allocations stop counting,
 * the months it paid are owed again. Audited, with a message to the parent.
 */
export async function voidPaymentInTransaction(trx: Transaction<Database>, actor: Actor, input: { id: string; reason: string }, now: Date): Promise<Payment> {
  if (!isUuid(input.id)) throw notFound(FEE_MESSAGES.paymentNotFound);
  const payment = await trx
    .selectFrom('payments')
    .select(['id', 'parentId', 'amount', 'receiptNumber', 'voidedAt'])
    .where('id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  if (!payment) throw notFound(FEE_MESSAGES.paymentNotFound);
  if (payment.voidedAt) throw new AppError('CONFLICT', FEE_MESSAGES.alreadyVoided);
  await trx.updateTable('payments').set({ voidedAt: now, voidReason: input.reason, voidedBy: actor.userId }).where('id', '=', input.id).execute();
  await recordAudit(trx, actor, {
    entityType: 'payment',
    entityId: input.id,
    action: 'void',
    diff: { receiptNumber: payment.receiptNumber, amountBhd: money(payment.amount), reason: input.reason },
  });
  const family = await familyContact(trx, payment.parentId);
  if (family?.phone) {
    await enqueueNotification(trx, {
      recipient: family.phone,
      language: family.language,
      templateKey: 'payment_voided',
      payload: { receiptNumber: payment.receiptNumber, amountBhd: money(payment.amount), reason: input.reason },
    });
  }
  const students = await trx
    .selectFrom('paymentAllocations')
    .innerJoin('fees', 'fees.id', 'paymentAllocations.feeId')
    .select('fees.studentId')
    .where('paymentAllocations.paymentId', '=', input.id)
    .execute();
  await syncStudentPaymentStatus(
    trx,
    students.map((s) => s.studentId),
    now,
  );
  return findPayment(trx, input.id);
}

export async function voidPayment(db: Kysely<Database>, actor: Actor, input: { id: string; reason: string }, now = new Date()): Promise<Payment> {
  return db.transaction().execute((trx) => voidPaymentInTransaction(trx, actor, input, now));
}
