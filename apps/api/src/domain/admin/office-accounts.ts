import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import { OFFICE_ACCOUNT_MESSAGES, OFFICE_ROLES, type OfficeUser, type officeUserCreate, type officeUserUpdate } from '@school-transport/contracts';
import type { z } from 'zod';
import { changedFields, recordAudit, type Actor } from '../audit.js';
import { hashPassword } from '../passwords.js';
import { assertPasswordAllowed } from '../password-rules.js';
import { endSessions } from '../account-sessions.js';
import { assertUuid, conflict, notFound, withUniqueField } from './guards.js';

/** The columns of an office account that may leave the server: never its password hash. */
const COLUMNS = ['id', 'name', 'email', 'role', 'status', 'lastSignInAt'] as const;

function officeAccounts(db: Db) {
  return db.selectFrom('users').select(COLUMNS).where('role', 'in', OFFICE_ROLES);
}

type Row = Awaited<ReturnType<ReturnType<typeof officeAccounts>['executeTakeFirstOrThrow']>>;

function toOfficeUser(row: Row): OfficeUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as OfficeUser['role'],
    active: row.status === 'active',
    lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
  };
}

/** The admins and staff, by name. */
export async function listOfficeUsers(db: Kysely<Database>): Promise<OfficeUser[]> {
  return (await officeAccounts(db).orderBy('name').orderBy('id').execute()).map(toOfficeUser);
}

/** Adds an admin or a staff member who signs in with the email and the initial password given. */
export async function createOfficeUser(db: Kysely<Database>, actor: Actor, input: z.output<typeof officeUserCreate>): Promise<OfficeUser> {
  assertPasswordAllowed(input.password, input.role);
  // Hashing takes a moment; done before the transaction so no lock waits on it.
  const passwordHash = await hashPassword(input.password);
  return withUniqueField(OFFICE_ACCOUNT_MESSAGES.emailTaken, () =>
    db.transaction().execute(async (trx) => {
      if (await trx.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()) throw conflict(OFFICE_ACCOUNT_MESSAGES.emailTaken);
      const details = { name: input.name, email: input.email, phone: input.phone ?? null, role: input.role };
      const { id } = await trx
        .insertInto('users')
        .values({ ...details, passwordHash })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The audit row says a password was set, never what it is.
      await recordAudit(trx, actor, { entityType: 'user', entityId: id, action: 'create', diff: { ...details, passwordSet: true } });
      return toOfficeUser(await officeAccounts(trx).where('id', '=', id).executeTakeFirstOrThrow());
    }),
  );
}

/**
 * The office always keeps one active admin, who can manage the accounts and settings: demoting or
 * deactivating the last one is refused (409). A change that could do so locks the active admins'
 * rows first, in one order, so two such changes at once (two admins demoting each other) run one
 * after the other, and the second counts the admins the first has left.
 */
function lockActiveAdmins(trx: Db) {
  return trx.selectFrom('users').select('id').where('role', '=', 'admin').where('status', '=', 'active').orderBy('id').forUpdate().execute();
}

/** Renames, changes the role of, deactivates (ending every session of the account at once) or reactivates an admin or staff member. */
export async function updateOfficeUser(db: Kysely<Database>, actor: Actor, input: z.output<typeof officeUserUpdate>): Promise<OfficeUser> {
  assertUuid(input.id, OFFICE_ACCOUNT_MESSAGES.userNotFound);
  return db.transaction().execute(async (trx) => {
    const mayRemoveAdmin = input.role === 'staff' || input.active === false;
    const activeAdmins = mayRemoveAdmin ? await lockActiveAdmins(trx) : [];
    const before = await officeAccounts(trx).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(OFFICE_ACCOUNT_MESSAGES.userNotFound);
    const isActiveAdmin = before.role === 'admin' && before.status === 'active';
    if (mayRemoveAdmin && isActiveAdmin && !activeAdmins.some((admin) => admin.id !== before.id)) throw conflict(OFFICE_ACCOUNT_MESSAGES.lastActiveAdmin);
    const after = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.role === undefined ? {} : { role: input.role }),
      ...(input.active === undefined ? {} : { status: input.active ? ('active' as const) : ('inactive' as const) }),
    };
    const diff = changedFields(before, after);
    if (Object.keys(diff).length === 0) return toOfficeUser(before);
    await trx
      .updateTable('users')
      .set({ ...after, updatedAt: new Date() })
      .where('id', '=', input.id)
      .execute();
    // A deactivated account is signed out everywhere at once, not at its sessions' next expiry.
    if (after.status === 'inactive') await endSessions(trx, input.id);
    const action = 'status' in diff ? (after.status === 'inactive' ? 'deactivate' : 'reactivate') : 'role' in diff ? 'changeRole' : 'update';
    await recordAudit(trx, actor, { entityType: 'user', entityId: input.id, action, diff });
    return toOfficeUser(await officeAccounts(trx).where('id', '=', input.id).executeTakeFirstOrThrow());
  });
}
