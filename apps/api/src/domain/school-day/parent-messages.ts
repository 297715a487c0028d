import type { Db } from '@school-transport/db';
import { SERVER_MESSAGES, type SchoolDayMessages } from '@school-transport/contracts';
import { AppError } from '../../errors.js';

/** The family's choice of the day's messages: boarded and dropped are sent only when turned on (off by default). */
export async function readSchoolDayMessages(db: Db, userId: string): Promise<SchoolDayMessages> {
  const parent = await db.selectFrom('parents').select('boardedDroppedMessages').where('userId', '=', userId).executeTakeFirst();
  if (!parent) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return { boardedAndDropped: parent.boardedDroppedMessages };
}

export async function setSchoolDayMessages(db: Db, userId: string, choice: SchoolDayMessages): Promise<SchoolDayMessages> {
  const parent = await db.updateTable('parents').set({ boardedDroppedMessages: choice.boardedAndDropped, updatedAt: new Date() }).where('userId', '=', userId).returning('boardedDroppedMessages').executeTakeFirst();
  if (!parent) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return { boardedAndDropped: parent.boardedDroppedMessages };
}
