import { sql } from 'kysely';
import type { Db } from '@school-transport/db';
import { ACCOUNT_MESSAGES, CREW_ROLES } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { endSessions } from './account-sessions.js';
import {
  issueResetCode,
  MAX_WRONG_CODES,
  prepareCode,
  RESET_CODES_PER_HOUR,
  resetCodesInLastHour,
  type CodeRecipient,
  type PreparedCode,
} from './account-codes.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.js';
import { assertPasswordAllowed } from './password-rules.js';
import { OFFICE_PHONE_CHANGE_HOLD_HOURS } from './admin/phone-changes.js';

/**
 * The account an identifier names: an email names a parent, admin or staff account (drivers sign
 * in by phone), the 8 digits a driver signs in with name that driver. Parents' phones are not
 * unique, so a phone never names a parent. A deactivated account (or driver) is named by nothing.
 */
export async function findAccountByIdentifier(db: Db, identifier: string): Promise<(CodeRecipient & { phoneOnHold: boolean }) | undefined> {
  const byEmail = identifier.includes('@');
  let query = db
    .selectFrom('users')
    .leftJoin('drivers', 'drivers.userId', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'users.phone', 'users.role', 'users.language'])
    // A phone the office changed within the day gets no code the owner did not ask the office for (phone-changes.ts).
    .select(
      sql<boolean>`coalesce(users.phone_changed_by_office_at > now() - make_interval(hours => ${OFFICE_PHONE_CHANGE_HOLD_HOURS}), false)`.as('phoneOnHold'),
    )
    .where('users.status', '=', 'active')
    .where((eb) => eb.or([eb('drivers.status', 'is', null), eb('drivers.status', '=', 'active')]));
  query = byEmail
    ? query.where('users.email', '=', identifier).where('users.role', 'not in', CREW_ROLES)
    : query.where('users.phone', '=', identifier).where('users.role', 'in', CREW_ROLES);
  return query.executeTakeFirst();
}

/** The user id an unknown identifier's steps run with: no account has it, so its queries match no row. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * The steps of a forgotten-password request, in the order every request runs them, whether or not
 * an account matches, has a phone or has used up its hour: so the time taken does not tell which
 * accounts exist. Only the last step's writes differ (a code and its text, or nothing).
 */
export const resetRequestSteps = {
  findAccount: findAccountByIdentifier,
  /** A new code and its argon2 hash: made for every request, sent or not. */
  prepareCode,
  /** One request of an account at a time: two at once cannot both take the hour's last code. */
  lock: async (trx: Db, key: string) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`account-code:${key}`}))`.execute(trx);
  },
  codesInLastHour: resetCodesInLastHour,
  /** Writes the code and its text for a recipient, nothing without one. */
  send: async (trx: Db, recipient: (CodeRecipient & { phone: string }) | null, prepared: PreparedCode) => {
    if (recipient) await issueResetCode(trx, recipient, null, prepared);
  },
};
export type ResetRequestSteps = typeof resetRequestSteps;

/**
 * Sends a forgotten-password code to the account's phone, if an account matches, has a phone that
 * the office has not changed within the day, and has asked for fewer than 3 codes in the last hour. The caller answers the same whatever happened,
 * and every request runs the same steps (resetRequestSteps) with one hash each.
 */
export async function requestPasswordReset(db: Db, identifier: string, steps: ResetRequestSteps = resetRequestSteps): Promise<void> {
  const account = await steps.findAccount(db, identifier);
  // Hashed before the transaction, so that no lock waits on it.
  const prepared = await steps.prepareCode();
  await db.transaction().execute(async (trx) => {
    await steps.lock(trx, account?.id ?? identifier);
    const codes = await steps.codesInLastHour(trx, account?.id ?? NO_ACCOUNT);
    const phone = account?.phone;
    await steps.send(trx, account && phone && !account.phoneOnHold && codes < RESET_CODES_PER_HOUR ? { ...account, phone } : null, prepared);
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
