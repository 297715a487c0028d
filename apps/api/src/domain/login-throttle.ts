import { sql, type Kysely } from 'kysely';
import ipaddr from 'ipaddr.js';
import type { Database } from '@school-transport/db';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../errors.js';

/**
 * Failed sign-ins for one account identifier from one client address before that address waits:
 * the limit against guessing a password, which the account's owner elsewhere does not feel.
 */
export const MAX_ACCOUNT_ADDRESS_FAILURES = 10;
/**
 * Failed sign-ins for one account identifier across all addresses. Much higher than the limit of
 * one address, so that someone who knows a driver's phone cannot lock the driver out before the
 * morning run from one place (they would need five addresses, each refused after ten); it still
 * stops guessing spread over many addresses.
 */
export const MAX_ACCOUNT_FAILURES = 50;
/**
 * Failed sign-ins from one client address, across accounts. High, because many parents reach the
 * server through one mobile carrier's address; it stops one machine trying password after password
 * across many accounts.
 */
export const MAX_ADDRESS_FAILURES = 100;
/** The window's length in minutes, also read by the office's view of a lock (admin/sign-in-locks.ts). */
export const WINDOW_MINUTES = 10;
/** The window the limits count in, as an SQL interval (PostgreSQL computes every time). */
const WINDOW = sql.raw(`interval '${WINDOW_MINUTES} minutes'`);

/** A refused sign-in: 429, and how many seconds until the window that refused it has passed. */
export class TooManySignInAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', SERVER_MESSAGES.tooManyAttempts);
  }
}

type Scope = 'account' | 'account_address' | 'address';

const isWrongPassword = (error: unknown) => error instanceof AppError && error.code === 'UNAUTHORIZED';

/** One counted attempt: its row and the window it was counted in, so that it can be taken back from that window only. */
interface Counted {
  scope: Scope;
  key: string;
  windowStartedAt: Date;
}

/**
 * The client address sign-ins are counted by: an IPv4 address as it is (also when it arrives as
 * IPv4-mapped IPv6), an IPv6 address by its /64 network, which is what one subscriber of a carrier
 * is given, so that walking through one's own /64 does not make new addresses.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/**
 * The key of an account identifier and an address together. Identifiers are validated emails
 * (no spaces) or digits, so a space separates the two, and an identifier's keys start with it and a space.
 */
export function accountAddressKey(account: string, address: string): string {
  return `${account} ${addressKey(address)}`;
}

/**
 * Slows down password guessing, in the database so that every server process shares the limits:
 * at most 10 failed sign-ins per account identifier (the normalized email or phone, whether or not
 * an account has it) from one client address, 50 per account identifier from all addresses, and
 * 100 per client address (across accounts), each within a 10-minute window that starts with its
 * first failure; beyond, 429 until the window has passed. So a correct password from an address
 * that has not failed still signs in while someone elsewhere guesses.
 *
 * An attempt is counted before its password is checked, by an upsert whose row lock gives parallel
 * attempts one count each: eleven at once for one account get ten password checks and one 429,
 * like eleven in a row. The attempt is then settled by what the check found: a wrong password (401)
 * stays counted; a sign-in clears the account's failures and takes the attempt back from the
 * address (which counts failures only: a carrier's many parents signing in are not held against
 * it); anything else (a deactivated account's right password, a lost database) takes it back from all three.
 */
export class LoginThrottle {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * `failed` says which errors of the check are failed guesses that stay counted: a wrong password
   * (401) by default; a wrong current password of a password change or a wrong reset code answers
   * 400 and is counted all the same.
   */
  async attempt<T>(
    who: { account: string; address: string },
    checkPassword: () => Promise<T>,
    failed: (error: unknown) => boolean = isWrongPassword,
  ): Promise<T> {
    // The address first: a flood from an address already refused writes no row per account it names.
    const address = await this.count('address', addressKey(who.address), MAX_ADDRESS_FAILURES);
    let pair: Counted;
    try {
      pair = await this.count('account_address', accountAddressKey(who.account, who.address), MAX_ACCOUNT_ADDRESS_FAILURES);
    } catch (error) {
      // Refused for this account from this address: no password was tried.
      await this.takeBack(address);
      throw error;
    }
    // The account across addresses after the pair: an address already refused for the account adds nothing to it.
    let account: Counted;
    try {
      account = await this.count('account', who.account, MAX_ACCOUNT_FAILURES);
    } catch (error) {
      await Promise.all([this.takeBack(pair), this.takeBack(address)]);
      throw error;
    }
    let result: T;
    try {
      result = await checkPassword();
    } catch (error) {
      if (!failed(error)) await Promise.all([this.takeBack(account), this.takeBack(pair), this.takeBack(address)]);
      throw error;
    }
    await Promise.all([this.clear(account), this.clear(pair), this.takeBack(address)]);
    return result;
  }

  /**
   * Counts one attempt in the row's current window (a new window when the last has passed) and
   * refuses it beyond the limit. A new window is the moment to delete the rows whose windows have
   * passed: at most once per identifier and address every 10 minutes, through an index.
   */
  private async count(scope: Scope, key: string, limit: number): Promise<Counted> {
    const { rows } = await sql<{ attempts: number; windowStartedAt: Date; retryAfter: number }>`
      INSERT INTO sign_in_attempts AS current (scope, key, attempts, window_started_at)
      VALUES (${scope}, ${key}, 1, now())
      ON CONFLICT (scope, key) DO UPDATE SET
        attempts = CASE WHEN current.window_started_at > now() - ${WINDOW} THEN current.attempts + 1 ELSE 1 END,
        window_started_at = CASE WHEN current.window_started_at > now() - ${WINDOW} THEN current.window_started_at ELSE now() END
      RETURNING attempts, window_started_at, ceil(extract(epoch FROM window_started_at + ${WINDOW} - now()))::integer AS retry_after`.execute(this.db);
    const counted = rows[0]!;
    if (counted.attempts === 1) await this.prune();
    if (counted.attempts > limit) throw new TooManySignInAttempts(Math.max(1, counted.retryAfter));
    return { scope, key, windowStartedAt: counted.windowStartedAt };
  }

  /** Takes one attempt back from the window it was counted in (none if that window has since been replaced). */
  private async takeBack(counted: Counted): Promise<void> {
    await this.db
      .updateTable('signInAttempts')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('scope', '=', counted.scope)
      .where('key', '=', counted.key)
      .where('windowStartedAt', '=', counted.windowStartedAt)
      .where('attempts', '>', 0)
      .execute();
  }

  private async clear(counted: Counted): Promise<void> {
    await this.db.deleteFrom('signInAttempts').where('scope', '=', counted.scope).where('key', '=', counted.key).execute();
  }

  /** Rows another statement holds are skipped, not waited for: they are being counted again, and the next prune takes them if not. */
  private async prune(): Promise<void> {
    await sql`
      DELETE FROM sign_in_attempts WHERE (scope, key) IN (
        SELECT scope, key FROM sign_in_attempts WHERE window_started_at <= now() - ${WINDOW} FOR UPDATE SKIP LOCKED
      )`.execute(this.db);
  }
}
