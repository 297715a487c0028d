import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { FEE_MESSAGES, addMonths, dueWindow, isServiceMonth, monthStartInstant } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit.js';
import type { Db } from './ledger.js';
import { readFeeSettings } from './fee-settings.js';

/**
 * Makes the fee rows of one service month: one per active (not deleted) student registered before
 * the month ended, at the student's price of today, with the month's due window. Idempotent and
 * safe when two processes run it at once: the unique (student_id, month) key lets only one row in.
 * Answers how many rows were made.
 */
export async function generateFeesForMonth(db: Db, month: string): Promise<number> {
  const { firstServiceMonth } = await readFeeSettings(db);
  if (!isServiceMonth(month, firstServiceMonth)) throw new AppError('BAD_REQUEST', FEE_MESSAGES.notServiceMonth, { month: FEE_MESSAGES.notServiceMonth });
  const { dueFrom, dueDate } = dueWindow(month, firstServiceMonth);
  // A student registered mid-year starts paying from the month they registered in.
  const registeredBefore = monthStartInstant(addMonths(month, 1));
  const result = await sql`
    insert into fees (student_id, month, amount, due_from, due_date)
    select id, ${month}, price_bhd, ${dueFrom}::date, ${dueDate}::date from students
    where deleted_at is null and created_at < ${registeredBefore}
    on conflict (student_id, month) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** The office's 'Generate fees' for a month, audited. */
export async function generateFeesByOffice(db: Kysely<Database>, actor: Actor, month: string): Promise<{ created: number }> {
  return db.transaction().execute(async (trx) => {
    const created = await generateFeesForMonth(trx, month);
    await recordAudit(trx, actor, { entityType: 'fees', entityId: month, action: 'generate', diff: { month, created } });
    return { created };
  });
}
