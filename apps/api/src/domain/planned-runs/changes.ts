import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import {
  PLANNED_RUN_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  ridesOnRun,
  shiftClock,
  type DriverRun,
  type NewPlannedRunInput,
  type PlannedRun,
  type PlannedRunUpdateInput,
  type SchoolDaySettings,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { changedFields, recordAudit, type Actor } from '../audit.js';
import { readSchoolDaySettings } from '../school-day/settings.js';
import { findBus } from './office-list.js';
import { childrenOfBuses, findPlannedRun, plannedRunsOfDrivers, toPlannedRun, type PlannedRunRow } from './read.js';
import { assertPlannedRunSeats, type SeatOptions } from '../routes/seats.js';

/**
 * The office plans a bus's runs: adds, edits and removes them, each change audited. A removed run
 * keeps its row (its past days stay in the records); it cannot be removed while a child is placed
 * on it by hand or it is under way, and a bus always keeps at least one run of each direction its
 * children ride. Overlapping windows are allowed (the office may know better); the list warns.
 */

/** The schools named must exist: 400 on the field otherwise. */
async function assertSchools(db: Db, schoolIds: readonly string[]): Promise<void> {
  if (schoolIds.length === 0) return;
  const valid = schoolIds.every(isUuid)
    ? await db
        .selectFrom('schools')
        .select('id')
        .where('id', 'in', [...schoolIds])
        .execute()
    : [];
  if (valid.length !== schoolIds.length)
    throw new AppError('BAD_REQUEST', PLANNED_RUN_MESSAGES.schoolsInvalid, { schoolIds: PLANNED_RUN_MESSAGES.schoolsInvalid });
}

/**
 * A new run's times: from its schools (start − 60 min … the earliest start for a morning; the
 * latest dismissal … + 60 min for an afternoon, so every school's children are in time or out),
 * else from the school-day settings. No school named: the schools the bus's children go to.
 */
async function defaultTimes(
  db: Db,
  driverId: string,
  direction: DriverRun,
  schoolIds: readonly string[],
  settings: SchoolDaySettings,
): Promise<{ plannedStart: string; plannedEnd: string }> {
  const ids = schoolIds.length > 0 ? [...schoolIds] : [...new Set((await childrenOfBuses(db, [driverId])).map((child) => child.schoolId))];
  const schools = ids.length > 0 ? await db.selectFrom('schools').select(['startTime', 'dismissalTime']).where('id', 'in', ids).execute() : [];
  if (direction === 'morning') {
    const starts = schools
      .map((school) => school.startTime)
      .filter((time): time is string => time !== null)
      .sort();
    if (starts[0]) return { plannedStart: shiftClock(starts[0], -60), plannedEnd: starts[0] };
    return { plannedStart: settings.morningStart, plannedEnd: settings.morningEnd };
  }
  const dismissals = schools
    .map((school) => school.dismissalTime)
    .filter((time): time is string => time !== null)
    .sort();
  const last = dismissals.at(-1);
  if (last) return { plannedStart: last, plannedEnd: shiftClock(last, 60) };
  return { plannedStart: settings.afternoonStart, plannedEnd: settings.afternoonEnd };
}

function assertWindow(plannedStart: string, plannedEnd: string): void {
  if (plannedStart >= plannedEnd)
    throw new AppError('BAD_REQUEST', SCHOOL_DAY_MESSAGES.runEndBeforeStart, { plannedEnd: SCHOOL_DAY_MESSAGES.runEndBeforeStart });
}

/** POST /api/admin/drivers/{driverId}/runs. */
export async function createPlannedRun(db: Kysely<Database>, actor: Actor, input: NewPlannedRunInput, seats: SeatOptions = {}): Promise<PlannedRun> {
  return db.transaction().execute(async (trx) => {
    const bus = await findBus(trx, input.driverId);
    const runsBefore = await plannedRunsOfDrivers(trx, [bus.id]);
    await assertSchools(trx, input.schoolIds);
    const defaults =
      input.plannedStart && input.plannedEnd ? undefined : await defaultTimes(trx, bus.id, input.direction, input.schoolIds, await readSchoolDaySettings(trx));
    const plannedStart = input.plannedStart ?? defaults!.plannedStart;
    const plannedEnd = input.plannedEnd ?? defaults!.plannedEnd;
    assertWindow(plannedStart, plannedEnd);
    const id = (
      await trx
        .insertInto('plannedRuns')
        .values({
          driverId: bus.id,
          direction: input.direction,
          name: input.name,
          schoolIds: JSON.stringify(input.schoolIds),
          plannedStart,
          plannedEnd,
          weekdays: input.weekdays ? JSON.stringify(input.weekdays) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const run = toPlannedRun((await findPlannedRun(trx, id))!);
    // A new run takes the children it serves from the bus's other runs: each run within its seats.
    await assertPlannedRunSeats(trx, actor, bus.id, runsBefore, seats);
    await recordAudit(trx, actor, { entityType: 'planned_run', entityId: id, action: 'create', diff: { driverId: bus.id, ...run } });
    return run;
  });
}

/** The run a path names, locked for the change, or 404. */
async function lockPlannedRun(trx: Db, runId: string): Promise<PlannedRunRow> {
  const row = isUuid(runId)
    ? await trx.selectFrom('plannedRuns').select('id').where('id', '=', runId).where('deletedAt', 'is', null).forUpdate().executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', PLANNED_RUN_MESSAGES.runNotFound);
  // One change to a bus's runs at a time: the last-of-its-direction rule reads the others.
  const run = (await findPlannedRun(trx, row.id))!;
  await trx.selectFrom('drivers').select('id').where('id', '=', run.driverId).forUpdate().executeTakeFirstOrThrow();
  return run;
}

/** Refused while a child is placed on the run by hand. */
async function assertNobodyPlacedByHand(trx: Db, runId: string): Promise<void> {
  const placed = await trx
    .selectFrom('students')
    .select('id')
    .where('deletedAt', 'is', null)
    .where((eb) => eb.or([eb('morningRunId', '=', runId), eb('afternoonRunId', '=', runId)]))
    .limit(1)
    .executeTakeFirst();
  if (placed) throw new AppError('CONFLICT', PLANNED_RUN_MESSAGES.placedByHand);
}

/** A bus keeps at least one run of each direction its children ride: refused when this run is the last one. */
async function assertNotLastOfDirection(trx: Db, run: PlannedRunRow): Promise<void> {
  const others = await trx
    .selectFrom('plannedRuns')
    .select('id')
    .where('driverId', '=', run.driverId)
    .where('direction', '=', run.direction)
    .where('deletedAt', 'is', null)
    .where('id', '<>', run.id)
    .limit(1)
    .execute();
  if (others.length > 0) return;
  const children = await childrenOfBuses(trx, [run.driverId]);
  const ridesThatWay = children.some(
    (child) =>
      (run.direction === 'afternoon' ? (child.afternoonDriverId ?? child.driverId) : child.driverId) === run.driverId &&
      ridesOnRun(child.serviceType, run.direction),
  );
  if (ridesThatWay) throw new AppError('CONFLICT', PLANNED_RUN_MESSAGES.lastOfDirection);
}

/** PUT /api/admin/runs/{runId}: the same fields as a new run; times left out stay. */
export async function updatePlannedRun(db: Kysely<Database>, actor: Actor, input: PlannedRunUpdateInput, seats: SeatOptions = {}): Promise<PlannedRun> {
  return db.transaction().execute(async (trx) => {
    const before = await lockPlannedRun(trx, input.runId);
    const runsBefore = await plannedRunsOfDrivers(trx, [before.driverId]);
    await assertSchools(trx, input.schoolIds);
    const plannedStart = input.plannedStart ?? before.plannedStart;
    const plannedEnd = input.plannedEnd ?? before.plannedEnd;
    assertWindow(plannedStart, plannedEnd);
    if (input.direction !== before.direction) {
      // Turning a run around: nobody may be left on it by hand nor the bus without a run that way.
      await assertNobodyPlacedByHand(trx, before.id);
      await assertNotLastOfDirection(trx, before);
      // The stops and their order were the other direction's: new ones are made as the run is read.
      await trx.deleteFrom('runStopOrders').where('plannedRunId', '=', before.id).execute();
      await trx.deleteFrom('runStops').where('plannedRunId', '=', before.id).execute();
    }
    const next = { direction: input.direction, name: input.name, schoolIds: input.schoolIds, plannedStart, plannedEnd, weekdays: input.weekdays };
    const diff = changedFields(toPlannedRun(before) as unknown as Record<string, unknown>, next);
    if (Object.keys(diff).length === 0) return toPlannedRun(before);
    await trx
      .updateTable('plannedRuns')
      .set({ ...next, schoolIds: JSON.stringify(next.schoolIds), weekdays: next.weekdays ? JSON.stringify(next.weekdays) : null, updatedAt: new Date() })
      .where('id', '=', before.id)
      .execute();
    // Other schools or days move riders between the bus's runs: each run within its seats.
    await assertPlannedRunSeats(trx, actor, before.driverId, runsBefore, seats);
    await recordAudit(trx, actor, { entityType: 'planned_run', entityId: before.id, action: 'update', diff: { driverId: before.driverId, ...diff } });
    return toPlannedRun((await findPlannedRun(trx, before.id))!);
  });
}

/** DELETE /api/admin/runs/{runId}: removed from the plan; its past days stay in the records. */
export async function deletePlannedRun(db: Kysely<Database>, actor: Actor, runId: string): Promise<{ run: PlannedRun }> {
  return db.transaction().execute(async (trx) => {
    const run = await lockPlannedRun(trx, runId);
    await assertNobodyPlacedByHand(trx, run.id);
    const open = await trx
      .selectFrom('schoolRuns')
      .select('id')
      .where('plannedRunId', '=', run.id)
      .where('startedAt', 'is not', null)
      .where('endedAt', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (open) throw new AppError('CONFLICT', PLANNED_RUN_MESSAGES.inProgressToday);
    await assertNotLastOfDirection(trx, run);
    await trx.updateTable('plannedRuns').set({ deletedAt: new Date(), updatedAt: new Date() }).where('id', '=', run.id).execute();
    await recordAudit(trx, actor, { entityType: 'planned_run', entityId: run.id, action: 'delete', diff: { driverId: run.driverId, ...toPlannedRun(run) } });
    return { run: toPlannedRun(run) };
  });
}
