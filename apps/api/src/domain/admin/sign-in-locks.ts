import { sql, type Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, type SignInLock } from '@school-transport/contracts';
import { recordAudit, type Actor } from '../audit.js';
import { MAX_ACCOUNT_ADDRESS_FAILURES, MAX_ACCOUNT_FAILURES, WINDOW_MINUTES } from '../login-throttle.js';
import { assertUuid, notFound } from './guards.js';

/**
 * The office's view of a parent's or driver's sign-in lock (domain/login-throttle.ts), and its
 * clearing: a driver locked out by someone guessing before the morning run calls the office, which
 * clears the lock from the driver's or the parent's record. Clearing is audited.
 */

interface LockedAccount {
  userId: string;
  role: string;
  email: string | null;
  phone: string | null;
}

/**
 * The identifiers the sign-in limits count the account under: its sign-ins and password changes
 * (`phone:` for drivers, `email:` for everyone else) and its reset codes (`reset:`).
 */
function limitKeys(account: LockedAccount): string[] {
  const identifier = account.role === 'driver' ? account.phone : account.email;
  if (!identifier) return [];
  return [account.role === 'driver' ? `phone:${identifier}` : `email:${identifier}`, `reset:${identifier}`];
}

/** Rows of the account that refuse its next attempt: across addresses, or from one address. */
function lockingRows(db: Db, keys: string[]) {
  return db
    .selectFrom('signInAttempts')
    .where('windowStartedAt', '>', sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`)
    .where((eb) =>
      eb.or(
        keys.flatMap((key) => [
          eb.and([eb('scope', '=', 'account'), eb('key', '=', key), eb('attempts', '>=', MAX_ACCOUNT_FAILURES)]),
          eb.and([
            eb('scope', '=', 'account_address'),
            eb(sql<string>`left(key, ${key.length + 1})`, '=', `${key} `),
            eb('attempts', '>=', MAX_ACCOUNT_ADDRESS_FAILURES),
          ]),
        ]),
      ),
    );
}

async function readLock(db: Db, account: LockedAccount): Promise<SignInLock> {
  const keys = limitKeys(account);
  if (keys.length === 0) return { lockedUntil: null };
  const row = await lockingRows(db, keys)
    .select(sql<Date | null>`max(window_started_at) + make_interval(mins => ${WINDOW_MINUTES})`.as('lockedUntil'))
    .executeTakeFirst();
  return { lockedUntil: row?.lockedUntil ? new Date(row.lockedUntil).toISOString() : null };
}

/** Deletes every count of the account's identifiers, from every address, and audits what it ended. */
async function clearLock(
  db: Kysely<Database>,
  actor: Actor,
  account: LockedAccount,
  audited: { entityType: string; entityId: string },
): Promise<{ message: string; lockedUntil: null }> {
  const keys = limitKeys(account);
  await db.transaction().execute(async (trx) => {
    const before = await readLock(trx, account);
    if (keys.length > 0) {
      await trx
        .deleteFrom('signInAttempts')
        .where((eb) =>
          eb.or(
            keys.flatMap((key) => [
              eb.and([eb('scope', '=', 'account'), eb('key', '=', key)]),
              eb.and([eb('scope', '=', 'account_address'), eb(sql<string>`left(key, ${key.length + 1})`, '=', `${key} `)]),
            ]),
          ),
        )
        .execute();
    }
    await recordAudit(trx, actor, { ...audited, action: 'clear_sign_in_lock', diff: { userId: account.userId, lockedUntil: before.lockedUntil } });
  });
  return { message: ACCOUNT_MESSAGES.signInLockCleared, lockedUntil: null };
}

async function parentAccount(db: Db, parentId: string): Promise<LockedAccount> {
  assertUuid(parentId, ACCOUNT_MESSAGES.parentNotFound);
  const row = await db
    .selectFrom('parents')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select(['users.id as userId', 'users.role', 'users.email', 'users.phone'])
    .where('parents.id', '=', parentId)
    .executeTakeFirst();
  if (!row) throw notFound(ACCOUNT_MESSAGES.parentNotFound);
  return row;
}

async function driverAccount(db: Db, driverId: string): Promise<LockedAccount> {
  assertUuid(driverId, ADMIN_MESSAGES.driverNotFound);
  const row = await db
    .selectFrom('drivers')
    .innerJoin('users', 'users.id', 'drivers.userId')
    .select(['users.id as userId', 'users.role', 'users.email', 'users.phone'])
    .where('drivers.id', '=', driverId)
    .executeTakeFirst();
  if (!row) throw notFound(ADMIN_MESSAGES.driverNotFound);
  return row;
}

export async function readParentSignInLock(db: Kysely<Database>, parentId: string): Promise<SignInLock> {
  return readLock(db, await parentAccount(db, parentId));
}

export async function readDriverSignInLock(db: Kysely<Database>, driverId: string): Promise<SignInLock> {
  return readLock(db, await driverAccount(db, driverId));
}

export async function clearParentSignInLock(db: Kysely<Database>, actor: Actor, parentId: string) {
  return clearLock(db, actor, await parentAccount(db, parentId), { entityType: 'parent', entityId: parentId });
}

export async function clearDriverSignInLock(db: Kysely<Database>, actor: Actor, driverId: string) {
  return clearLock(db, actor, await driverAccount(db, driverId), { entityType: 'driver', entityId: driverId });
}
