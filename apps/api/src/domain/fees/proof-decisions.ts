import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { FEE_MESSAGES, bahrainDate, type acceptProofInput, type Payment, type rejectProofInput } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor } from '../audit.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { STUDENT_NAME } from '../student-columns.js';
import { money } from './ledger.js';
import { familyContact } from './family.js';
import { recordPaymentInTransaction } from './payments.js';

const proofNotFound = () => new AppError('NOT_FOUND', FEE_MESSAGES.proofNotFound);
const feeNotFound = () => new AppError('NOT_FOUND', FEE_MESSAGES.feeNotFound);

async function lockPendingProof(trx: Kysely<Database>, id: string) {
  if (!isUuid(id)) throw proofNotFound();
  const proof = await trx
    .selectFrom('paymentProofs')
    .innerJoin('fees', 'fees.id', 'paymentProofs.feeId')
    .innerJoin('students', 'students.id', 'fees.studentId')
    .select([
      'paymentProofs.id',
      'paymentProofs.feeId',
      'paymentProofs.parentId',
      'paymentProofs.status',
      'paymentProofs.amount',
      'paymentProofs.createdAt',
      'fees.month',
      ...STUDENT_NAME,
    ])
    .where('paymentProofs.id', '=', id)
    .forUpdate('paymentProofs')
    .executeTakeFirst();
  if (!proof) throw proofNotFound();
  if (proof.status !== 'pending') throw new AppError('CONFLICT', FEE_MESSAGES.proofDecided);
  return proof;
}

/**
 * The months a proof pays must be its own family's: another family's row (or no row) is 'not
 * found', so a proof cannot book a payment onto someone else's account.
 */
async function refuseOtherFamiliesFees(trx: Kysely<Database>, feeIds: string[], parentId: string): Promise<void> {
  const wanted = [...new Set(feeIds)];
  if (!wanted.every(isUuid)) throw feeNotFound();
  const own = await trx
    .selectFrom('fees')
    .innerJoin('students', 'students.id', 'fees.studentId')
    .select('fees.id')
    .where('fees.id', 'in', wanted)
    .where('students.parentId', '=', parentId)
    .execute();
  if (own.length !== wanted.length) throw feeNotFound();
}

/** Accepting a proof records the payment it shows (amount and reference as the office confirmed them) and links the two. */
export async function acceptProof(
  db: Kysely<Database>,
  actor: Actor,
  input: z.output<typeof acceptProofInput>,
  now = new Date(),
): Promise<{ payment: Payment }> {
  return db.transaction().execute(async (trx) => {
    const proof = await lockPendingProof(trx, input.id);
    const feeIds = input.feeIds ?? [proof.feeId];
    await refuseOtherFamiliesFees(trx, feeIds, proof.parentId);
    const payment = await recordPaymentInTransaction(
      trx,
      actor,
      {
        feeIds,
        amountBhd: input.amountBhd,
        method: input.method,
        reference: input.reference,
        paidAt: input.paidAt ?? bahrainDate(proof.createdAt),
        note: 'payment proof accepted',
      },
      now,
      // The parent hears of it once, as 'proof accepted' with the receipt number, not twice.
      { notify: false },
    );
    await trx
      .updateTable('paymentProofs')
      .set({ status: 'accepted', paymentId: payment.id, decidedBy: actor.userId, decidedAt: now })
      .where('id', '=', proof.id)
      .execute();
    await recordAudit(trx, actor, {
      entityType: 'payment_proof',
      entityId: proof.id,
      action: 'accept',
      diff: { paymentId: payment.id, receiptNumber: payment.receiptNumber, amountBhd: payment.amountBhd },
    });
    const family = await familyContact(trx, proof.parentId);
    if (family?.phone) {
      await enqueueNotification(trx, {
        recipient: family.phone,
        language: family.language,
        templateKey: 'proof_accepted',
        payload: {
          studentName: `${proof.firstName} ${proof.lastName}`,
          month: proof.month,
          amountBhd: payment.amountBhd,
          receiptNumber: payment.receiptNumber,
        },
      });
    }
    return { payment };
  });
}

/** Rejecting a proof keeps the file and tells the parent why; the month stays owed. */
export async function rejectProof(db: Kysely<Database>, actor: Actor, input: z.output<typeof rejectProofInput>, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const proof = await lockPendingProof(trx, input.id);
    await trx
      .updateTable('paymentProofs')
      .set({ status: 'rejected', reason: input.reason, decidedBy: actor.userId, decidedAt: now })
      .where('id', '=', proof.id)
      .execute();
    await recordAudit(trx, actor, { entityType: 'payment_proof', entityId: proof.id, action: 'reject', diff: { reason: input.reason } });
    const family = await familyContact(trx, proof.parentId);
    if (family?.phone) {
      await enqueueNotification(trx, {
        recipient: family.phone,
        language: family.language,
        templateKey: 'proof_rejected',
        payload: { studentName: `${proof.firstName} ${proof.lastName}`, month: proof.month, amountBhd: money(proof.amount), reason: input.reason },
      });
    }
  });
}
