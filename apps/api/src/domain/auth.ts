import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { CREW_ROLES, SERVER_MESSAGES, type SessionUser } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { verifyAgainstDecoy, verifyPassword } from './passwords.js';

const INACTIVE_ACCOUNT = 'This account has been deactivated. Please contact the office.';

/** The columns a session user is made of: the user, and the driver record of a driver. */
export interface SessionUserRow {
  id: string;
  name: string;
  role: SessionUser['role'];
  email: string | null;
  phone: string | null;
  status: 'active' | 'inactive';
  language: SessionUser['language'];
  driverId: string | null;
  driverStatus: 'active' | 'inactive' | null;
  /** An attendant's bus: the driver whose bus they ride. */
  attendantDriverId: string | null;
}

/**
 * The signed-in user from its row; null for a missing or deactivated account (or driver record).
 * `driverId` is the bus of the session, resolved here once: a driver's own, an attendant's the one
 * they ride; every day path reads the bus from it.
 */
export function toSessionUser(row: SessionUserRow | undefined): SessionUser | null {
  if (!row || row.status !== 'active' || row.driverStatus === 'inactive') return null;
  const user: SessionUser = { id: row.id, name: row.name, role: row.role, email: row.email, phone: row.phone, language: row.language };
  const bus = row.role === 'attendant' ? row.attendantDriverId : row.driverId;
  if (bus) user.driverId = bus;
  return user;
}

/** Users with their driver record (or an attendant's bus), selecting what a session user is made of. */
function sessionUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('drivers', 'drivers.userId', 'users.id')
    .leftJoin('attendants', 'attendants.userId', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.role',
      'users.email',
      'users.phone',
      'users.status',
      'users.language',
      'drivers.id as driverId',
      'drivers.status as driverStatus',
      'attendants.driverId as attendantDriverId',
    ]);
}

/** The signed-in user as the session sees it; null for a missing or deactivated account. */
export async function findSessionUser(db: Kysely<Database>, userId: string): Promise<SessionUser | null> {
  return toSessionUser(await sessionUsers(db).where('users.id', '=', userId).executeTakeFirst());
}

/**
 * Checks a password sign-in. An unknown account and a wrong password get the same 401 and take the
 * same time; a correct password on a deactivated account gets 403 so the person knows to call.
 */
async function checkCredentials(
  account: (SessionUserRow & { passwordHash: string }) | undefined,
  password: string,
  failureMessage: string,
): Promise<SessionUser> {
  const valid = account ? await verifyPassword(account.passwordHash, password) : await verifyAgainstDecoy(password);
  if (!account || !valid) throw new AppError('UNAUTHORIZED', failureMessage);
  const user = toSessionUser(account);
  if (!user) throw new AppError('FORBIDDEN', INACTIVE_ACCOUNT);
  return user;
}

/** The account that signs in and what its session will hold, in one query. */
function signingIn(db: Kysely<Database>) {
  return sessionUsers(db).select('users.passwordHash');
}

/** The time of a successful sign-in, shown in the office's list of its accounts. */
async function recordSignIn(db: Kysely<Database>, user: SessionUser): Promise<SessionUser> {
  await db.updateTable('users').set({ lastSignInAt: new Date() }).where('id', '=', user.id).execute();
  return user;
}

/** Parents and admins (and staff) sign in by email. */
export async function signInByEmail(db: Kysely<Database>, email: string, password: string): Promise<SessionUser> {
  const account = await signingIn(db).where('users.email', '=', email.toLowerCase()).where('users.role', 'not in', CREW_ROLES).executeTakeFirst();
  return recordSignIn(db, await checkCredentials(account, password, SERVER_MESSAGES.invalidCredentials));
}

/** Drivers and attendants (the crew of a bus) sign in by their 8-digit phone number. */
export async function signInByPhone(db: Kysely<Database>, phone: string, password: string): Promise<SessionUser> {
  const account = await signingIn(db).where('users.phone', '=', phone.trim()).where('users.role', 'in', CREW_ROLES).executeTakeFirst();
  return recordSignIn(db, await checkCredentials(account, password, SERVER_MESSAGES.invalidDriverCredentials));
}
