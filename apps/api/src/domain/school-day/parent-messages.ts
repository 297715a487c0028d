import type { Db } from '@school-transport/db';
import { SERVER_MESSAGES, type SchoolDayMessages, type SchoolDayMessagesInput } from '@school-transport/contracts';
import { AppError } from '../../errors.js';

/**
 * The family's choice of the day's messages, each off by default (they cost money): boarded and
 * dropped, and the evening message about tomorrow's bus (tomorrow-messages.ts).
 */
export async function readSchoolDayMessages(db: Db, userId: string): Promise<SchoolDayMessages> {
  const parent = await db.selectFrom('parents').select(['boardedDroppedMessages', 'tomorrowMessages']).where('userId', '=', userId).executeTakeFirst();
  if (!parent) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return { boardedAndDropped: parent.boardedDroppedMessages, tomorrow: parent.tomorrowMessages };
}

export async function setSchoolDayMessages(db: Db, userId: string, choice: SchoolDayMessagesInput): Promise<SchoolDayMessages> {
  const parent = await db
    .updateTable('parents')
    .set({
      boardedDroppedMessages: choice.boardedAndDropped,
      ...(choice.tomorrow === undefined ? {} : { tomorrowMessages: choice.tomorrow }),
      updatedAt: new Date(),
    })
    .where('userId', '=', userId)
    .returning(['boardedDroppedMessages', 'tomorrowMessages'])
    .executeTakeFirst();
  if (!parent) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return { boardedAndDropped: parent.boardedDroppedMessages, tomorrow: parent.tomorrowMessages };
}
