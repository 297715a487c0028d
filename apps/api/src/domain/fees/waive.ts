import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { FEE_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor } from '../audit.js';
import { syncStudentPaymentStatus } from './payment-status.js';

/** Waives a month's fee (nothing owed, e.g. a sibling discount or a month without service) or lifts the waiver; audited. */
export async function setFeeWaivedInTransaction(
  trx: Transaction<Database>,
  actor: Actor,
  input: { id: string; waived: boolean; reason: string },
  now: Date,
): Promise<void> {
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', FEE_MESSAGES.feeNotFound);
  const fee = await trx.selectFrom('fees').select(['id', 'studentId', 'month', 'waived']).where('id', '=', input.id).forUpdate().executeTakeFirst();
  if (!fee) throw new AppError('NOT_FOUND', FEE_MESSAGES.feeNotFound);
  if (fee.waived === input.waived) return;
  await trx
    .updateTable('fees')
    .set({ waived: input.waived, waivedReason: input.waived ? input.reason || null : null, updatedAt: now })
    .where('id', '=', input.id)
    .execute();
  await recordAudit(trx, actor, {
    entityType: 'fee',
    entityId: input.id,
    action: input.waived ? 'waive' : 'unwaive',
    diff: { month: fee.month, studentId: fee.studentId, reason: input.reason },
  });
  await syncStudentPaymentStatus(trx, [fee.studentId], now);
}

export async function setFeeWaived(
  db: Kysely<Database>,
  actor: Actor,
  input: { id: string; waived: boolean; reason: string },
  now = new Date(),
): Promise<void> {
  await db.transaction().execute((trx) => setFeeWaivedInTransaction(trx, actor, input, now));
}
