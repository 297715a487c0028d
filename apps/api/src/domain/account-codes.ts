import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@school-transport/db';
import { ACCOUNT_CODE_LENGTH, isCrewRole, type Language, type Role } from '@school-transport/contracts';
import { enqueueNotification } from './notifications/outbox.js';
import { hashPassword } from './passwords.js';

/** How long a forgotten-password code can be used. */
export const RESET_CODE_MINUTES = 15;
/** How long a welcome code can be used: a new parent may not read the text the same day. */
export const WELCOME_CODE_DAYS = 7;
/** The wrong tries that void a code: with a million codes, five guesses hardly ever hit. */
export const MAX_WRONG_CODES = 5;
/** Codes an account's owner may ask for in an hour; beyond, nothing is sent (each text costs the company). */
export const RESET_CODES_PER_HOUR = 3;

export type AccountCodePurpose = 'password_reset' | 'welcome';

/** The account a code is for: who it is sent to, in which language. */
export interface CodeRecipient {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: Role;
  language: Language;
}

/** Six random ASCII digits, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** ACCOUNT_CODE_LENGTH)).padStart(ACCOUNT_CODE_LENGTH, '0');
}

/**
 * Writes a new code of the account (only its hash) and ends every earlier one still open, so that
 * only the latest text works; answers the code in clear, for the message. Call it in the
 * transaction that sends the message.
 */
async function writeCode(
  trx: Db,
  userId: string,
  purpose: AccountCodePurpose,
  validFor: string,
  sentBy: string | null,
  prepared?: PreparedCode,
): Promise<string> {
  const { code, codeHash } = prepared ?? (await prepareCode());
  await trx.updateTable('accountCodes').set({ endedAt: sql<Date>`now()` }).where('userId', '=', userId).where('endedAt', 'is', null).execute();
  await trx
    .insertInto('accountCodes')
    .values({ userId, purpose, codeHash, expiresAt: sql<Date>`now() + ${validFor}::interval`, sentBy })
    .execute();
  return code;
}

/**
 * A forgotten-password code, sent to the account's phone through the outbox in the account's
 * language. `sentBy` is the office user who sends it, or null when the owner asked.
 */
export async function issueResetCode(trx: Db, account: CodeRecipient & { phone: string }, sentBy: string | null, prepared?: PreparedCode): Promise<void> {
  const code = await writeCode(trx, account.id, 'password_reset', `${RESET_CODE_MINUTES} minutes`, sentBy, prepared);
  await enqueueNotification(trx, {
    recipient: account.phone,
    templateKey: 'password_reset',
    payload: { code, minutes: RESET_CODE_MINUTES },
    language: account.language,
  });
}

/** How many codes the account's owner asked for in the last hour. */
export async function resetCodesInLastHour(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('accountCodes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .where('purpose', '=', 'password_reset')
    .where('sentBy', 'is', null)
    .where('createdAt', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A welcome code for an account made without a usable password (the spreadsheet import, an office
 * user added without one): valid 7 days, sent to the account's phone with the sign-in it is for,
 * and confirmed like a reset code (POST /api/auth/password-reset/confirm). Call it in the
 * transaction that makes the account. Answers false, sending nothing, for an account without a
 * phone: the office then gives a password another way.
 */
export async function issueWelcomeCode(trx: Db, userId: string, sentBy: string | null = null): Promise<boolean> {
  const account = await trx.selectFrom('users').select(['id', 'name', 'email', 'phone', 'role', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (!account.phone) return false;
  const code = await writeCode(trx, account.id, 'welcome', `${WELCOME_CODE_DAYS} days`, sentBy);
  // Drivers sign in by phone, everyone else by email.
  const signIn = isCrewRole(account.role) || !account.email ? account.phone : account.email;
  await enqueueNotification(trx, {
    recipient: account.phone,
    templateKey: 'welcome_code',
    payload: { name: account.name, code, signIn, days: WELCOME_CODE_DAYS },
    language: account.language,
  });
  return true;
}

/** A welcome code made ahead of its account: the code for the text and its hash for the table. */
export interface PreparedCode {
  code: string;
  codeHash: string;
}

/**
 * Welcome codes hashed ahead, all at once: argon2 runs on libuv's thread pool, so the hashes of
 * many accounts take a fraction of their time one after the other, and a caller that makes them
 * before its transaction keeps that transaction short.
 */
export function prepareWelcomeCodes(count: number): Promise<PreparedCode[]> {
  return Promise.all(Array.from({ length: count }, prepareCode));
}

/** A new code and its hash: the one argon2 computation of a code. */
export async function prepareCode(): Promise<PreparedCode> {
  const code = generateCode();
  return { code, codeHash: await hashPassword(code) };
}

/**
 * Welcome codes for many accounts just made without a usable password (the spreadsheet import),
 * as issueWelcomeCode sends one: valid 7 days, to each account's phone, in its language. Uses the
 * prepared codes first and hashes any more it needs. Answers how many were sent (an account
 * without a phone gets none). The accounts are new: they have no earlier code to end.
 */
export async function issueWelcomeCodes(trx: Db, userIds: readonly string[], sentBy: string | null, prepared: readonly PreparedCode[] = []): Promise<number> {
  if (userIds.length === 0) return 0;
  const accounts = (
    await trx
      .selectFrom('users')
      .select(['id', 'name', 'email', 'phone', 'role', 'language'])
      .where('id', 'in', [...userIds])
      .execute()
  ).filter((account) => account.phone);
  const codes = [...prepared.slice(0, accounts.length), ...(await prepareWelcomeCodes(Math.max(0, accounts.length - prepared.length)))];
  for (let start = 0; start < accounts.length; start += 500) {
    const chunk = accounts.slice(start, start + 500);
    await trx
      .insertInto('accountCodes')
      .values(
        chunk.map((account, index) => ({
          userId: account.id,
          purpose: 'welcome' as const,
          codeHash: codes[start + index]!.codeHash,
          expiresAt: sql<Date>`now() + ${`${WELCOME_CODE_DAYS} days`}::interval`,
          sentBy,
        })),
      )
      .execute();
  }
  for (const [index, account] of accounts.entries()) {
    const signIn = isCrewRole(account.role) || !account.email ? account.phone! : account.email;
    await enqueueNotification(trx, {
      recipient: account.phone!,
      templateKey: 'welcome_code',
      payload: { name: account.name, code: codes[index]!.code, signIn, days: WELCOME_CODE_DAYS },
      language: account.language,
    });
  }
  return accounts.length;
}
