import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import {
  FEE_MESSAGES,
  PROOF_PENDING_MAX_PER_FEE,
  PROOF_UPLOADS_MAX_PER_DAY,
  bahrainDate,
  proofFilePath,
  type PaymentProof,
  type ProofRef,
  type ProofStatus,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit } from '../audit.js';
import { STUDENT_NAME } from '../student-columns.js';
import { feeLedger, money, toCents } from './ledger.js';
import { parentIdOfUser } from './family.js';
import { checkedProofType, PROOF_FILE_EXTENSIONS } from './proof-file-type.js';

const feeNotFound = () => new AppError('NOT_FOUND', FEE_MESSAGES.feeNotFound);
const proofNotFound = () => new AppError('NOT_FOUND', FEE_MESSAGES.proofNotFound);

export function toProofRef(row: { id: string; status: ProofStatus; reason: string | null; amount: string; reference: string; createdAt: Date }): ProofRef {
  return { id: row.id, status: row.status, reason: row.reason, amountBhd: money(row.amount), reference: row.reference, createdAt: row.createdAt.toISOString() };
}

/**
 * A parent sends a screenshot or PDF of a payment for one of their own fee rows. The type comes
 * from the bytes; nothing is stored when the file is refused. Another family's row is 'not found'.
 * Anyone can register, so uploads are capped (429): a row holds at most PROOF_PENDING_MAX_PER_FEE
 * proofs waiting for the office, a family sends at most PROOF_UPLOADS_MAX_PER_DAY in a Bahrain day.
 */
export async function uploadProof(
  db: Kysely<Database>,
  userId: string,
  input: { feeId: string; amountBhd: string; reference: string; file: { bytes: Uint8Array } },
  now = new Date(),
): Promise<ProofRef & { fileUrl: string }> {
  if (!isUuid(input.feeId)) throw feeNotFound();
  const parentId = await parentIdOfUser(db, userId);
  if (!parentId) throw feeNotFound();
  const fee = await feeLedger(db, bahrainDate(now))
    .innerJoin('students', 'students.id', 'fees.studentId')
    .where('fees.id', '=', input.feeId)
    .where('students.parentId', '=', parentId)
    .where('students.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!fee) throw feeNotFound();
  const mime = await checkedProofType(input.file.bytes);
  if (toCents(fee.outstanding) === 0n) throw new AppError('CONFLICT', FEE_MESSAGES.feeNotPayable);

  return db.transaction().execute(async (trx) => {
    // The family's row is locked first, so two uploads at once count one after the other and
    // cannot both take the last place. (NO KEY: the proof's own reference to it is not blocked.)
    await trx.selectFrom('parents').select('id').where('id', '=', parentId).forNoKeyUpdate().execute();
    await refuseOverQuota(trx, { feeId: fee.id, parentId }, now);
    const proof = await trx
      .insertInto('paymentProofs')
      .values({
        feeId: fee.id,
        parentId,
        file: Buffer.from(input.file.bytes),
        mime,
        size: input.file.bytes.byteLength,
        amount: input.amountBhd,
        reference: input.reference,
      })
      .returning(['id', 'status', 'reason', 'amount', 'reference', 'createdAt'])
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { userId, ip: null },
      {
        entityType: 'payment_proof',
        entityId: proof.id,
        action: 'upload',
        diff: { feeId: fee.id, month: fee.month, amountBhd: input.amountBhd, reference: input.reference, mime, size: input.file.bytes.byteLength },
      },
    );
    return { ...toProofRef(proof), fileUrl: proofFilePath(proof.id) };
  });
}

/** The upload caps, counted inside the upload's transaction with the family's row locked. */
async function refuseOverQuota(trx: Kysely<Database>, { feeId, parentId }: { feeId: string; parentId: string }, now: Date): Promise<void> {
  const dayStart = new Date(`${bahrainDate(now)}T00:00:00+03:00`);
  const { pendingOnFee, sentToday } = await trx
    .selectFrom('paymentProofs')
    .select([
      sql<number>`count(*) FILTER (WHERE fee_id = ${feeId} AND status = 'pending')::int`.as('pendingOnFee'),
      sql<number>`count(*) FILTER (WHERE parent_id = ${parentId} AND created_at >= ${dayStart})::int`.as('sentToday'),
    ])
    .where((eb) => eb.or([eb('parentId', '=', parentId), eb('feeId', '=', feeId)]))
    .executeTakeFirstOrThrow();
  if (pendingOnFee >= PROOF_PENDING_MAX_PER_FEE) throw new AppError('TOO_MANY_REQUESTS', FEE_MESSAGES.tooManyPendingProofs);
  if (sentToday >= PROOF_UPLOADS_MAX_PER_DAY) throw new AppError('TOO_MANY_REQUESTS', FEE_MESSAGES.tooManyProofsToday);
}

export interface ProofFile {
  bytes: Uint8Array;
  mime: string;
  fileName: string;
}

/** A proof's file, for the parent who sent it (ownerUserId) or for an admin (ownerUserId undefined). */
export async function readProofFile(db: Kysely<Database>, proofId: string, ownerUserId?: string): Promise<ProofFile> {
  if (!isUuid(proofId)) throw proofNotFound();
  let query = db
    .selectFrom('paymentProofs')
    .innerJoin('parents', 'parents.id', 'paymentProofs.parentId')
    .select(['paymentProofs.file', 'paymentProofs.mime'])
    .where('paymentProofs.id', '=', proofId);
  if (ownerUserId !== undefined) query = query.where('parents.userId', '=', ownerUserId);
  const row = await query.executeTakeFirst();
  if (!row) throw proofNotFound();
  const extension = PROOF_FILE_EXTENSIONS[row.mime as keyof typeof PROOF_FILE_EXTENSIONS] ?? 'bin';
  return { bytes: row.file, mime: row.mime, fileName: `payment-proof-${proofId.slice(0, 8)}.${extension}` };
}

/** The office's queue: proofs by status (pending first by default), each with the family's rows still to pay. */
export async function listProofs(db: Kysely<Database>, status: ProofStatus | undefined, now = new Date()): Promise<PaymentProof[]> {
  const today = bahrainDate(now);
  let query = db
    .selectFrom('paymentProofs')
    .innerJoin('fees', 'fees.id', 'paymentProofs.feeId')
    .innerJoin('students', 'students.id', 'fees.studentId')
    .innerJoin('parents', 'parents.id', 'paymentProofs.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select([
      'paymentProofs.id',
      'paymentProofs.feeId',
      'paymentProofs.parentId',
      'paymentProofs.amount',
      'paymentProofs.reference',
      'paymentProofs.mime',
      'paymentProofs.size',
      'paymentProofs.status',
      'paymentProofs.reason',
      'paymentProofs.paymentId',
      'paymentProofs.createdAt',
      'fees.month',
      ...STUDENT_NAME,
      'users.name as parentName',
      sql<string | null>`coalesce(parents.whatsapp_number, users.phone)`.as('parentPhone'),
    ])
    .orderBy('paymentProofs.createdAt', status === 'pending' || status === undefined ? 'asc' : 'desc')
    .limit(200);
  if (status) query = query.where('paymentProofs.status', '=', status);
  const proofs = await query.execute();
  const parentIds = [...new Set(proofs.map((p) => p.parentId))];
  const due =
    parentIds.length === 0
      ? []
      : await feeLedger(db, today)
          .innerJoin('students', 'students.id', 'fees.studentId')
          .select(['students.parentId', ...STUDENT_NAME])
          .where('students.parentId', 'in', parentIds)
          .orderBy('fees.month')
          .execute();
  return proofs.map((p) => ({
    id: p.id,
    feeId: p.feeId,
    parentId: p.parentId,
    parentName: p.parentName,
    parentPhone: p.parentPhone,
    studentName: `${p.firstName} ${p.lastName}`,
    month: p.month,
    amountBhd: money(p.amount),
    reference: p.reference,
    mime: p.mime,
    size: p.size,
    status: p.status,
    reason: p.reason,
    paymentId: p.paymentId,
    createdAt: p.createdAt.toISOString(),
    fileUrl: proofFilePath(p.id),
    familyDueFees: due
      .filter((row) => row.parentId === p.parentId && toCents(row.outstanding) > 0n)
      .map((row) => ({
        id: row.id,
        studentName: `${row.firstName} ${row.lastName}`,
        month: row.month,
        amountBhd: money(row.amount),
        outstandingBhd: money(row.outstanding),
        status: row.status,
      })),
  }));
}
