import type { Db } from '@school-transport/db';
import { ACCOUNT_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { endSessions } from './account-sessions.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { assertPasswordAllowed } from './password-rules.js';

/** A wrong current password: 400 on its field (the caller counts it toward the sign-in limits). */
export const wrongCurrentPassword = () =>
  new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.currentPasswordWrong, { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });

/**
 * A signed-in user changes their own password: the current one must be right, the new one follows
 * the rules of the account's role. Every other session of the account ends (a lost phone still
 * signed in, say); the caller's own session (`sid`) stays. One transaction.
 */
export async function changePassword(db: Db, userId: string, sid: string, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const account = await db.selectFrom('users').select(['passwordHash', 'role']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) throw wrongCurrentPassword();
  assertPasswordAllowed(input.newPassword, account.role, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ passwordHash, updatedAt: new Date() }).where('id', '=', userId).execute();
    await endSessions(trx, userId, { exceptSid: sid });
  });
}
