import type { Kysely } from 'kysely';
import type { Database, Db, Driver } from '@school-transport/db';
import { ADMIN_MESSAGES, type AdminDriver, type driverInput, type driverUpdate } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { changedFields, recordAudit, type Actor } from '../audit.js';
import { hashPassword } from '../passwords.js';
import { assertPasswordAllowed } from '../password-rules.js';
import { recordOfficePhoneChange } from './phone-changes.js';
import { assertUuid, conflict, notFound, withUniqueField } from './guards.js';
import { assertCrewPhoneFree } from './crew-phones.js';
import { endSessions } from '../account-sessions.js';
import { seatUse } from '../routes/seats.js';

function toView(row: Driver & { studentCount: number | string | bigint | null }, riders: AdminDriver['riders']): AdminDriver {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    phone: row.phone,
    licenseNo: row.licenseNo,
    status: row.status,
    areaIds: row.areaIds,
    vehicle: { plate: row.vehiclePlate, seats: row.vehicleSeats, trackerId: row.vehicleTrackerId },
    studentCount: Number(row.studentCount ?? 0),
    riders,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function driversWithCounts(db: Db) {
  return db
    .selectFrom('drivers')
    .selectAll('drivers')
    .select((eb) =>
      eb
        .selectFrom('students')
        .whereRef('students.driverId', '=', 'drivers.id')
        .where('students.deletedAt', 'is', null)
        .select(eb.fn.countAll<string>().as('n'))
        .as('studentCount'),
    );
}

async function findDriver(db: Db, id: string): Promise<AdminDriver> {
  const row = await driversWithCounts(db).where('drivers.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ADMIN_MESSAGES.driverNotFound);
  return (await withRiders(db, [row]))[0]!;
}

/** The drivers with the riders of each run (one grouped count for all of them). */
async function withRiders(db: Db, rows: (Driver & { studentCount: number | string | bigint | null })[]): Promise<AdminDriver[]> {
  const use = await seatUse(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const runs = use.get(row.id);
    return toView(row, { morning: runs?.morning.riders ?? 0, afternoon: runs?.afternoon.riders ?? 0 });
  });
}

export async function listDrivers(db: Kysely<Database>): Promise<AdminDriver[]> {
  return withRiders(db, await driversWithCounts(db).orderBy('drivers.name').execute());
}

/** The areas a driver serves must exist; repeated ids count once. */
async function checkedAreaIds(db: Db, areaIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(areaIds)];
  if (unique.length === 0) return unique;
  const found = await db.selectFrom('areas').select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.unknownAreas, { areaIds: ADMIN_MESSAGES.unknownAreas });
  return unique;
}

/**
 * A bus's tracker identifier names one bus: the positions it sends move that bus alone. Checked
 * here for the common case's answer; the unique index is the real guard (two admins saving at once).
 */
async function assertTrackerFree(db: Db, trackerId: string | null | undefined, driverId?: string): Promise<void> {
  if (!trackerId) return;
  let query = db.selectFrom('drivers').select('id').where('vehicleTrackerId', '=', trackerId);
  if (driverId) query = query.where('id', '<>', driverId);
  if (await query.executeTakeFirst()) throw conflict(ADMIN_MESSAGES.trackerIdTaken);
}

/** Which unique index a clash of two saves at once hit: the tracker's, else the phone's. */
function uniqueClashMessage(error: unknown): string {
  const { constraint, message } = error as { constraint?: string; message?: string };
  return `${constraint ?? ''} ${message ?? ''}`.includes('vehicle_tracker_id') ? ADMIN_MESSAGES.trackerIdTaken : ADMIN_MESSAGES.driverPhoneTaken;
}

/** Creates the driver's sign-in account (users row) and driver record together. */
export async function createDriver(db: Kysely<Database>, actor: Actor, input: z.output<typeof driverInput>): Promise<AdminDriver> {
  assertPasswordAllowed(input.password, 'driver');
  // Hashing takes a moment; done before the transaction so no lock waits on it.
  const passwordHash = await hashPassword(input.password);
  return withUniqueField(uniqueClashMessage, () =>
    db.transaction().execute(async (trx) => {
      await assertCrewPhoneFree(trx, input.phone, ADMIN_MESSAGES.driverPhoneTaken);
      await assertTrackerFree(trx, input.vehicle?.trackerId);
      const areaIds = await checkedAreaIds(trx, input.areaIds);
      const user = await trx
        .insertInto('users')
        .values({ role: 'driver', name: input.name, phone: input.phone, status: input.status, passwordHash })
        .returning('id')
        .executeTakeFirstOrThrow();
      const details = {
        name: input.name,
        phone: input.phone,
        licenseNo: input.licenseNo,
        status: input.status,
        vehiclePlate: input.vehicle?.plate ?? null,
        vehicleSeats: input.vehicle?.seats ?? null,
        vehicleTrackerId: input.vehicle?.trackerId ?? null,
      };
      const row = await trx
        .insertInto('drivers')
        .values({ ...details, userId: user.id, areaIds: JSON.stringify(areaIds) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { entityType: 'driver', entityId: row.id, action: 'create', diff: { ...details, areaIds, passwordSet: true } });
      return findDriver(trx, row.id);
    }),
  );
}

/**
 * Edits a driver and keeps the sign-in account in step (name, phone, status, password when given).
 * Deactivating also ends the driver's open sessions.
 */
export async function updateDriver(db: Kysely<Database>, actor: Actor, input: z.output<typeof driverUpdate>): Promise<AdminDriver> {
  assertUuid(input.id, ADMIN_MESSAGES.driverNotFound);
  if (input.password) assertPasswordAllowed(input.password, 'driver');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return withUniqueField(uniqueClashMessage, () =>
    db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('drivers').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
      if (!before) throw notFound(ADMIN_MESSAGES.driverNotFound);
      await assertCrewPhoneFree(trx, input.phone, ADMIN_MESSAGES.driverPhoneTaken, before.userId);
      await assertTrackerFree(trx, input.vehicle?.trackerId, input.id);
      const after = {
        name: input.name,
        phone: input.phone,
        licenseNo: input.licenseNo,
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.areaIds === undefined ? {} : { areaIds: await checkedAreaIds(trx, input.areaIds) }),
        ...(input.vehicle === undefined ? {} : { vehiclePlate: input.vehicle.plate ?? null, vehicleSeats: input.vehicle.seats ?? null }),
        // The tracker is kept when the edit leaves it out (a form or client that does not know it).
        ...(input.vehicle?.trackerId === undefined ? {} : { vehicleTrackerId: input.vehicle.trackerId }),
      };
      const diff: Record<string, unknown> = changedFields(before, after);
      // The audit row says a password was reset, never what it is.
      if (passwordHash) diff.passwordReset = true;
      if (Object.keys(diff).length === 0) return findDriver(trx, input.id);

      const { areaIds, ...columns } = after;
      await trx
        .updateTable('drivers')
        .set({ ...columns, ...(areaIds === undefined ? {} : { areaIds: JSON.stringify(areaIds) }), updatedAt: new Date() })
        .where('id', '=', input.id)
        .execute();
      await trx
        .updateTable('users')
        .set({
          name: input.name,
          phone: input.phone,
          ...(input.status === undefined ? {} : { status: input.status }),
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where('id', '=', before.userId)
        .execute();
      if ('phone' in diff) {
        const account = await trx
          .selectFrom('users')
          .select(['id as userId', 'name', 'email', 'language'])
          .where('id', '=', before.userId)
          .executeTakeFirstOrThrow();
        await recordOfficePhoneChange(trx, { ...account, name: before.name, phone: before.phone }, input.phone);
      }
      // A deactivated driver, or one whose password the office reset, must sign in again.
      if (input.status === 'inactive' || passwordHash) await endSessions(trx, before.userId);
      const action = 'status' in diff ? (input.status === 'inactive' ? 'deactivate' : 'reactivate') : 'update';
      await recordAudit(trx, actor, { entityType: 'driver', entityId: input.id, action, diff });
      return findDriver(trx, input.id);
    }),
  );
}
