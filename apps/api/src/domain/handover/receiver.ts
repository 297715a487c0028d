import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import {
  HANDOVER_CODE_MAX_TRIES,
  HANDOVER_MESSAGES,
  handToAdultMessage,
  type MarkEvent,
  type ReceivedBy,
  type ReceivedByInput,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { verifyPassword } from '../passwords.js';
import { handoverOf } from './requirement.js';

/**
 * Who received a child at the afternoon stop, checked when the dropped mark arrives (also a mark
 * queued offline: the phone cannot check a code, the server does). A child whose handover is
 * required leaves the bus only into the hands of a parent, an adult on the family's list, or the
 * day's delegate with their code; otherwise the crew returns the child to school.
 */
export interface Receiver extends ReceivedBy {
  adultId: string | null;
  codeId: string | null;
}

/** A wrong code: refused, and counted against the child's codes of that date once the mark's transaction has rolled back. */
export class WrongHandoverCode extends AppError {
  constructor(
    readonly studentId: string,
    readonly date: string,
  ) {
    super('CONFLICT', HANDOVER_MESSAGES.codeWrong);
  }
}

export async function receiverOfMark(
  trx: Db,
  mark: { studentId: string; date: string; run: 'morning' | 'afternoon'; event: MarkEvent; receivedBy: ReceivedByInput | undefined },
): Promise<Receiver | null> {
  if (mark.event !== 'dropped' || mark.run !== 'afternoon') return null;
  const student = await trx
    .selectFrom('students')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select([
      'students.id',
      'students.firstName',
      'students.grade',
      'students.handoverChoice',
      'students.parentId',
      'schools.handoverUpToGrade',
      'users.id as parentUserId',
      'users.name as parentName',
    ])
    .where('students.id', '=', mark.studentId)
    .executeTakeFirstOrThrow();
  const { receivedBy } = mark;
  if (!receivedBy) {
    if (handoverOf(student).required)
      throw new AppError('CONFLICT', handToAdultMessage(student.firstName), undefined, { firstName: student.firstName }, 'handover.handToAdult');
    return null;
  }
  if ('adultId' in receivedBy) {
    if (receivedBy.adultId === student.parentUserId) return { name: student.parentName, relation: 'parent', adultId: null, codeId: null };
    const adult = isUuid(receivedBy.adultId)
      ? await trx
          .selectFrom('authorisedAdults')
          .select(['id', 'name', 'relation'])
          .where('id', '=', receivedBy.adultId)
          .where('parentId', '=', student.parentId)
          .executeTakeFirst()
      : undefined;
    if (!adult) throw new AppError('CONFLICT', HANDOVER_MESSAGES.adultOfAnotherFamily);
    return { name: adult.name, relation: adult.relation, adultId: adult.id, codeId: null };
  }
  return useCode(trx, student.id, mark.date, receivedBy.code);
}

async function useCode(trx: Db, studentId: string, date: string, code: string): Promise<Receiver> {
  const codes = await trx
    .selectFrom('handoverCodes')
    .select(['id', 'date', 'name', 'codeHash', 'usedAt', 'voidedAt'])
    .where('studentId', '=', studentId)
    .where('cancelledAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .execute();
  let match: (typeof codes)[number] | undefined;
  for (const candidate of codes) {
    if (await verifyPassword(candidate.codeHash, code)) {
      match = candidate;
      break;
    }
  }
  if (!match) throw new WrongHandoverCode(studentId, date);
  if (match.voidedAt) throw new AppError('CONFLICT', HANDOVER_MESSAGES.codeVoided);
  if (match.usedAt) throw new AppError('CONFLICT', HANDOVER_MESSAGES.codeUsed);
  if (match.date !== date) throw new AppError('CONFLICT', HANDOVER_MESSAGES.codeOtherDate);
  // Single use even when two phones send it at once: only one update finds it unused.
  const used = await trx
    .updateTable('handoverCodes')
    .set({ usedAt: new Date() })
    .where('id', '=', match.id)
    .where('usedAt', 'is', null)
    .where('voidedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw new AppError('CONFLICT', HANDOVER_MESSAGES.codeUsed);
  return { name: match.name, relation: 'day_code', adultId: null, codeId: match.id };
}

/**
 * A wrong code counts against every open code of the child for that date, in a statement of its
 * own (the refused mark's transaction rolled back); a code tried wrong this many times is void.
 */
export async function countWrongCode(db: Kysely<Database>, now: Date, error: WrongHandoverCode): Promise<void> {
  await db
    .updateTable('handoverCodes')
    .set((eb) => ({
      wrongTries: eb('wrongTries', '+', 1),
      voidedAt: eb
        .case()
        .when('wrongTries', '>=', HANDOVER_CODE_MAX_TRIES - 1)
        .then(now)
        .else(eb.ref('voidedAt'))
        .end(),
    }))
    .where('studentId', '=', error.studentId)
    .where('date', '=', error.date)
    .where('usedAt', 'is', null)
    .where('voidedAt', 'is', null)
    .where('cancelledAt', 'is', null)
    .execute();
}

/** The mark's columns of who received the child (none when nobody had to be named). */
export function receivedByColumns(receiver: Receiver | null) {
  return receiver
    ? { receivedByName: receiver.name, receivedByRelation: receiver.relation, receivedByAdultId: receiver.adultId, receivedByCodeId: receiver.codeId }
    : {};
}
