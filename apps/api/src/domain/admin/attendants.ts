import type { Kysely } from 'kysely';
import { isUniqueViolation, type Database, type Db } from '@school-transport/db';
import { ADMIN_MESSAGES, type AdminAttendant, type attendantInput, type attendantUpdate } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { changedFields, recordAudit, type Actor } from '../audit.js';
import { hashPassword } from '../passwords.js';
import { assertPasswordAllowed } from '../password-rules.js';
import { isUuid } from '../ids.js';
import { assertUuid, conflict, notFound } from './guards.js';
import { endSessions } from '../account-sessions.js';
import { assertCrewPhoneFree } from './crew-phones.js';

/**
 * The attendants of the buses: one sign-in account (role `attendant`) each, linked to the driver
 * whose bus they ride, at most one per bus. Their name, phone and status are the account's.
 */
function attendants(db: Db) {
  return db
    .selectFrom('attendants')
    .innerJoin('users', 'users.id', 'attendants.userId')
    .select(['attendants.id', 'attendants.userId', 'attendants.driverId', 'users.name', 'users.phone', 'users.status']);
}

type AttendantRow = { id: string; userId: string; driverId: string; name: string; phone: string | null; status: AdminAttendant['status'] };

function toView(row: AttendantRow): AdminAttendant {
  return { id: row.id, name: row.name, phone: row.phone ?? '', driverId: row.driverId, status: row.status };
}

export async function listAttendants(db: Kysely<Database>): Promise<AdminAttendant[]> {
  return (await attendants(db).orderBy('users.name').execute()).map(toView);
}

/** The bus an attendant is put on: an existing driver (400 on the field otherwise), without an attendant of its own yet (409). */
async function assertBusFree(db: Db, driverId: string, exceptAttendantId?: string): Promise<void> {
  const driver = isUuid(driverId) ? await db.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst() : undefined;
  if (!driver) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.driverNotFound, { driverId: ADMIN_MESSAGES.driverNotFound });
  let taken = db.selectFrom('attendants').select('id').where('driverId', '=', driverId);
  if (exceptAttendantId) taken = taken.where('id', '!=', exceptAttendantId);
  if (await taken.executeTakeFirst()) throw conflict(ADMIN_MESSAGES.busHasAttendant);
}

/** The unique keys behind both 409s (two admins saving at once): a bus with an attendant already, or a phone of another crew member. */
async function withUniqueCrew<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(error.constraint === 'attendants_driver_key' ? ADMIN_MESSAGES.busHasAttendant : ADMIN_MESSAGES.attendantPhoneTaken);
    throw error;
  }
}

/** Adds the attendant's sign-in account and their place on the bus together. */
export async function createAttendant(db: Kysely<Database>, actor: Actor, input: z.output<typeof attendantInput>): Promise<AdminAttendant> {
  assertPasswordAllowed(input.password, 'attendant');
  // Hashing takes a moment; done before the transaction so no lock waits on it.
  const passwordHash = await hashPassword(input.password);
  return withUniqueCrew(() =>
    db.transaction().execute(async (trx) => {
      await assertCrewPhoneFree(trx, input.phone, ADMIN_MESSAGES.attendantPhoneTaken);
      await assertBusFree(trx, input.driverId);
      const user = await trx
        .insertInto('users')
        .values({ role: 'attendant', name: input.name, phone: input.phone, status: input.status, passwordHash })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await trx.insertInto('attendants').values({ userId: user.id, driverId: input.driverId }).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        entityType: 'attendant',
        entityId: row.id,
        action: 'create',
        diff: { name: input.name, phone: input.phone, driverId: input.driverId, status: input.status, passwordSet: true },
      });
      return toView(await attendants(trx).where('attendants.id', '=', row.id).executeTakeFirstOrThrow());
    }),
  );
}

/**
 * Edits an attendant: name, phone, password, the bus, the status, each only when given.
 * Deactivating them, or resetting their password, ends their open sessions.
 */
export async function updateAttendant(db: Kysely<Database>, actor: Actor, input: z.output<typeof attendantUpdate>): Promise<AdminAttendant> {
  assertUuid(input.id, ADMIN_MESSAGES.attendantNotFound);
  if (input.password) assertPasswordAllowed(input.password, 'attendant');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return withUniqueCrew(() =>
    db.transaction().execute(async (trx) => {
      const before = await attendants(trx).where('attendants.id', '=', input.id).forUpdate().executeTakeFirst();
      if (!before) throw notFound(ADMIN_MESSAGES.attendantNotFound);
      if (input.phone !== undefined) await assertCrewPhoneFree(trx, input.phone, ADMIN_MESSAGES.attendantPhoneTaken, before.userId);
      if (input.driverId !== undefined && input.driverId !== before.driverId) await assertBusFree(trx, input.driverId, input.id);
      const after = {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.phone === undefined ? {} : { phone: input.phone }),
        ...(input.driverId === undefined ? {} : { driverId: input.driverId }),
        ...(input.status === undefined ? {} : { status: input.status }),
      };
      const diff: Record<string, unknown> = changedFields(before, after);
      // The audit row says a password was reset, never what it is.
      if (passwordHash) diff.passwordReset = true;
      if (Object.keys(diff).length === 0) return toView(before);

      const { driverId, ...account } = after;
      if (driverId !== undefined && driverId !== before.driverId) {
        await trx.updateTable('attendants').set({ driverId, updatedAt: new Date() }).where('id', '=', input.id).execute();
      }
      await trx
        .updateTable('users')
        .set({ ...account, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
        .where('id', '=', before.userId)
        .execute();
      // A deactivated attendant, or one whose password the office reset, must sign in again; one
      // moved to another bus signs in again too, so no phone keeps working the old bus's day.
      if (input.status === 'inactive' || passwordHash || 'driverId' in diff) await endSessions(trx, before.userId);
      const action = 'status' in diff ? (input.status === 'inactive' ? 'deactivate' : 'reactivate') : 'update';
      await recordAudit(trx, actor, { entityType: 'attendant', entityId: input.id, action, diff });
      return toView(await attendants(trx).where('attendants.id', '=', input.id).executeTakeFirstOrThrow());
    }),
  );
}
