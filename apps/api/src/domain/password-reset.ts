import { sql } from 'kysely';
import type { Db } from '@school-transport/db';
import { ACCOUNT_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { endSessions } from './account-sessions.js';
import { issueResetCode, MAX_WRONG_CODES, RESET_CODES_PER_HOUR, resetCodesInLastHour, type CodeRecipient } from './account-codes.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.js';
import { assertPasswordAllowed } from './password-rules.js';

/**
 * The account an identifier names: an email names a parent, admin or staff account (drivers sign
 * in by phone), the 8 digits a driver signs in with name that driver. Parents' phones are not
 * unique, so a phone never names a parent. A deactivated account (or driver) is named by nothing.
 */
export async function findAccountByIdentifier(db: Db, identifier: string): Promise<CodeRecipient | undefined> {
  const byEmail = identifier.includes('@');
  let query = db
    .selectFrom('users')
    .leftJoin('drivers', 'drivers.userId', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'users.phone', 'users.role', 'users.language'])
    .where('users.status', '=', 'active')
    .where((eb) => eb.or([eb('drivers.status', 'is', null), eb('drivers.status', '=', 'active')]));
  query = byEmail ? query.where('users.email', '=', identifier).where('users.role', '!=', 'driver') : query.where('users.phone', '=', identifier).where('users.role', '=', 'driver');
  return query.executeTakeFirst();
}

/**
 * Sends a forgotten-password code to the account's phone, if an account matches, has a phone and
 * has asked for fewer than 3 codes in the last hour. The caller answers the same whatever happened;
 * every path hashes once (a code, or a decoy), so the time taken does not tell either.
 */
export async function requestPasswordReset(db: Db, identifier: string): Promise<void> {
  const account = await findAccountByIdentifier(db, identifier);
  const phone = account?.phone;
  if (!account || !phone) {
    await verifyAgainstDecoy(identifier);
    return;
  }
  await db.transaction().execute(async (trx) => {
    // One request of an account at a time: two at once cannot both take the hour's last code.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`account-code:${account.id}`}))`.execute(trx);
    if ((await resetCodesInLastHour(trx, account.id)) >= RESET_CODES_PER_HOUR) {
      await verifyAgainstDecoy(identifier);
      return;
    }
    await issueResetCode(trx, { ...account, phone }, null);
  });
}

/** A wrong or expired code (or no such account): one answer for all, so it tells nothing. */
const wrongCode = () => new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.codeWrong, { code: ACCOUNT_MESSAGES.codeWrong });

/**
 * Sets a new password with a reset or welcome code: the account's latest open code, not expired.
 * A wrong code counts against it and the fifth voids it. A right one is used up, the password is
 * set (with the rules of the account's role: checked after the code, so a refused password leaves
 * the code usable) and every session of the account ends, in one transaction.
 */
export async function confirmPasswordReset(db: Db, input: { identifier: string; code: string; newPassword: string }): Promise<void> {
  const account = await findAccountByIdentifier(db, input.identifier);
  if (!account) {
    await verifyAgainstDecoy(input.code);
    throw wrongCode();
  }
  const outcome = await db.transaction().execute(async (trx) => {
    // Locked: two tries at once count as two, and a code is used once.
    const open = await trx
      .selectFrom('accountCodes')
      .select(['id', 'codeHash', 'wrongAttempts'])
      .where('userId', '=', account.id)
      .where('endedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!open) {
      await verifyAgainstDecoy(input.code);
      return { wrong: true as const };
    }
    if (!(await verifyPassword(open.codeHash, input.code))) {
      const wrongAttempts = open.wrongAttempts + 1;
      await trx
        .updateTable('accountCodes')
        .set({ wrongAttempts, ...(wrongAttempts >= MAX_WRONG_CODES ? { endedAt: sql<Date>`now()` } : {}) })
        .where('id', '=', open.id)
        .execute();
      return { wrong: true as const };
    }
    assertPasswordAllowed(input.newPassword, account.role, 'newPassword');
    const passwordHash = await hashPassword(input.newPassword);
    await trx.updateTable('accountCodes').set({ endedAt: sql<Date>`now()` }).where('id', '=', open.id).execute();
    await trx.updateTable('users').set({ passwordHash, updatedAt: new Date() }).where('id', '=', account.id).execute();
    await endSessions(trx, account.id);
    return { wrong: false as const };
  });
  // Thrown after the transaction: the wrong try stays counted.
  if (outcome.wrong) throw wrongCode();
}
