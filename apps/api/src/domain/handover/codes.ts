import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { HANDOVER_MESSAGES, bahrainToday, type HandoverCode, type IssuedHandoverCode, type handoverCodeInput } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { generateCode } from '../account-codes.js';
import { hashPassword } from '../passwords.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { findFamilyStudent } from '../live-bus/student-bus.js';

/**
 * A one-day delegate ('can my sister collect him today?'): the family names a person for one child
 * and one date, and a 6-digit code goes to that person's phone (and is shown to the parent once).
 * Only the code's hash is kept. The crew types the code at the stop: it works on that date, once.
 */
const CODE_NOT_FOUND = () => new AppError('NOT_FOUND', HANDOVER_MESSAGES.codeNotFound);

function toView(row: { id: string; studentId: string; date: string; name: string }): HandoverCode {
  return { id: row.id, studentId: row.studentId, date: row.date, name: row.name };
}

export async function issueHandoverCode(
  db: Kysely<Database>,
  now: Date,
  userId: string,
  input: z.output<typeof handoverCodeInput>,
): Promise<IssuedHandoverCode> {
  const student = await findFamilyStudent(db, userId, input.studentId);
  if (input.date < bahrainToday(now)) throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.codeDateInvalid, { date: HANDOVER_MESSAGES.codeDateInvalid });
  const code = generateCode();
  const codeHash = await hashPassword(code);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('handoverCodes')
      .values({ studentId: student.id, date: input.date, name: input.name, phone: input.phone, codeHash, createdAt: now })
      .returning(['id', 'studentId', 'date', 'name'])
      .executeTakeFirstOrThrow();
    const { firstName } = await trx.selectFrom('students').select('firstName').where('id', '=', student.id).executeTakeFirstOrThrow();
    await enqueueNotification(trx, {
      recipient: input.phone,
      templateKey: 'handover_code',
      payload: { delegateName: input.name, studentName: firstName, date: input.date, code },
      idempotencyKey: `handover_code:${row.id}`,
    });
    return { handoverCode: toView(row), code };
  });
}

/** The family's codes not yet used, cancelled or void, from today on. */
export async function listHandoverCodes(db: Kysely<Database>, now: Date, userId: string): Promise<HandoverCode[]> {
  const rows = await db
    .selectFrom('handoverCodes')
    .innerJoin('students', 'students.id', 'handoverCodes.studentId')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .select(['handoverCodes.id', 'handoverCodes.studentId', 'handoverCodes.date', 'handoverCodes.name'])
    .where('parents.userId', '=', userId)
    .where('handoverCodes.date', '>=', bahrainToday(now))
    .where('handoverCodes.usedAt', 'is', null)
    .where('handoverCodes.cancelledAt', 'is', null)
    .where('handoverCodes.voidedAt', 'is', null)
    .orderBy('handoverCodes.date')
    .orderBy('handoverCodes.createdAt')
    .execute();
  return rows.map(toView);
}

/** Cancels a code of the family's own (another family's: 404); a used code stays in the records as used. */
export async function cancelHandoverCode(db: Kysely<Database>, now: Date, userId: string, id: string): Promise<HandoverCode> {
  if (!isUuid(id)) throw CODE_NOT_FOUND();
  const row = await db
    .updateTable('handoverCodes')
    .set({ cancelledAt: now })
    .from('students')
    .where('handoverCodes.id', '=', id)
    .whereRef('students.id', '=', 'handoverCodes.studentId')
    .where('students.parentId', 'in', (eb) => eb.selectFrom('parents').select('parents.id').where('parents.userId', '=', userId))
    .returning(['handoverCodes.id', 'handoverCodes.studentId', 'handoverCodes.date', 'handoverCodes.name'])
    .executeTakeFirst();
  if (!row) throw CODE_NOT_FOUND();
  return toView(row);
}
