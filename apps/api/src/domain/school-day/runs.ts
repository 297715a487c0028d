import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import {
  ADMIN_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  addDays,
  bahrainToday,
  isSchoolDay,
  notMarkedMessage,
  stillOnBusMessage,
  type DriverRun,
  type RunSummary,
  type SchoolDaySettings,
  type StillOnBusStudent,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor } from '../audit.js';
import { readSchoolDaySettings } from './settings.js';
import { announceBusChange } from '../live-bus/channel.js';
import { plannedRunOfDirection } from '../planned-runs/direction-run.js';
import { absenceFor, absencesOnDate, iso, marksByRider, marksOfRuns, ridersOfDrivers, ridersOfRun, riderStatus, RUN_COLUMNS, runStatus, type RunRow } from './riders.js';

/**
 * A driver's runs: one row per driver (whose students ride it), date and run, made when the run
 * starts, on its first mark, or when the office hands it to a substitute. The driver who drives it
 * that day is its substitute if the office named one, else its own driver. The office can act for
 * a driver whose phone is dead; what it does is audited under the office member's name.
 */
export type RunActor = { kind: 'driver'; driverId: string; userId: string } | { kind: 'office'; driverId: string; actor: Actor; officeName: string };

export function actorUserId(who: RunActor): string {
  return who.kind === 'driver' ? who.userId : who.actor.userId;
}

export function toRunSummary(row: RunRow | undefined, date: string, run: DriverRun): RunSummary {
  return { run, date, status: runStatus(row), startedAt: iso(row?.startedAt), endedAt: iso(row?.endedAt) };
}

/** A run is today's or (left open past midnight) yesterday's: an older date is refused. */
export function assertRecentDate(now: Date, date: string): void {
  const today = bahrainToday(now);
  if (date !== today && date !== addDays(today, -1)) throw new AppError('BAD_REQUEST', SCHOOL_DAY_MESSAGES.markDateInvalid, { date: SCHOOL_DAY_MESSAGES.markDateInvalid });
}

export function assertRunDay(settings: SchoolDaySettings, date: string): void {
  if (!isSchoolDay(settings, date)) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.noRunOnDate);
}

/** The run's row, made when missing, locked until the transaction ends (marks of one run queue behind each other). */
export async function lockRun(trx: Db, driverId: string, date: string, run: DriverRun): Promise<RunRow> {
  const plannedRunId = await plannedRunOfDirection(trx, driverId, run);
  await trx.insertInto('schoolRuns').values({ plannedRunId, driverId, date, run }).onConflict((oc) => oc.columns(['plannedRunId', 'date']).doNothing()).execute();
  return trx.selectFrom('schoolRuns').select(RUN_COLUMNS).where('plannedRunId', '=', plannedRunId).where('date', '=', date).forUpdate().executeTakeFirstOrThrow();
}

/**
 * Whose runs of this date and slot the asker drives: for a driver, their own (unless handed to a
 * substitute) and any they cover; for the office, the driver's it names. An empty list: the
 * driver's own run was handed to someone else and they cover nobody's.
 */
export async function drivenRunOwners(db: Db, who: RunActor, date: string, run: DriverRun): Promise<string[]> {
  if (who.kind === 'office') {
    if (!isUuid(who.driverId)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
    const driver = await db.selectFrom('drivers').select('id').where('id', '=', who.driverId).executeTakeFirst();
    if (!driver) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
    return [driver.id];
  }
  const rows = await db
    .selectFrom('schoolRuns')
    .select(['driverId', 'substituteDriverId'])
    .where('date', '=', date)
    .where('run', '=', run)
    .where((eb) => eb.or([eb('driverId', '=', who.driverId), eb('substituteDriverId', '=', who.driverId)]))
    .orderBy('createdAt')
    .execute();
  const own = rows.find((row) => row.driverId === who.driverId);
  const handedAway = own?.substituteDriverId != null && own.substituteDriverId !== who.driverId;
  const covered = rows.filter((row) => row.driverId !== who.driverId && row.substituteDriverId === who.driverId).map((row) => row.driverId);
  return [...(handedAway ? [] : [who.driverId]), ...covered];
}

/**
 * Start: the run of this slot (and any the driver covers) is under way; pressing it again changes
 * nothing. Its date is today's unless the phone says otherwise: a Start queued offline before
 * midnight and sent after it starts the run of its own day (yesterday at most, as End).
 */
export async function startRun(db: Kysely<Database>, now: Date, who: RunActor, run: DriverRun, date = bahrainToday(now)): Promise<RunSummary> {
  assertRecentDate(now, date);
  return db.transaction().execute(async (trx) => {
    assertRunDay(await readSchoolDaySettings(trx), date);
    const owners = await drivenRunOwners(trx, who, date, run);
    if (owners.length === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runHandedOver);
    let first: RunRow | undefined;
    for (const owner of owners) {
      let row = await lockRun(trx, owner, date, run);
      if (row.endedAt && owner === owners[0]) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runEnded);
      if (!row.startedAt) {
        row = await trx.updateTable('schoolRuns').set({ startedAt: now, updatedAt: now }).where('id', '=', row.id).returning(RUN_COLUMNS).executeTakeFirstOrThrow();
      }
      first ??= row;
    }
    return toRunSummary(first, date, run);
  });
}

/** The children whose latest mark on these runs is 'boarded': neither dropped nor returned to school. */
async function stillOnBus(trx: Db, runIds: readonly string[]): Promise<StillOnBusStudent[]> {
  const marks = await marksOfRuns(trx, runIds);
  const onBoard = [...marksByRider(marks).values()].filter((list) => list.at(-1)?.event === 'boarded').map((list) => list[0]!.studentId);
  if (onBoard.length === 0) return [];
  return trx.selectFrom('students').select(['id', 'firstName', 'lastName']).where('id', 'in', onBoard).orderBy('firstName').orderBy('lastName').execute();
}

/**
 * The children of these runs nobody has marked (neither boarded, reported absent nor marked not
 * here): on a finished run every child must be accounted for.
 */
async function notMarked(trx: Db, rows: readonly RunRow[], date: string, run: DriverRun): Promise<StillOnBusStudent[]> {
  const riders = await ridersOfDrivers(
    trx,
    rows.map((row) => row.driverId),
  );
  const onRuns = rows.flatMap((row) => ridersOfRun(riders, row.driverId, run).map((rider) => ({ row, rider })));
  if (onRuns.length === 0) return [];
  const absences = await absencesOnDate(
    trx,
    date,
    onRuns.map(({ rider }) => rider.id),
  );
  const marks = marksByRider(
    await marksOfRuns(
      trx,
      rows.map((row) => row.id),
    ),
  );
  return onRuns
    .filter(({ row, rider }) => riderStatus(marks.get(`${row.id}:${rider.id}`) ?? [], absenceFor(absences, rider.id, run)) === 'expected')
    .map(({ rider }) => ({ id: rider.id, firstName: rider.firstName, lastName: rider.lastName }))
    .sort((a, b) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName));
}

/**
 * End: refused (409, with the children's names) while any child who boarded is neither dropped nor
 * returned to school, so nobody is left on the bus; then while any child is still expected (nobody
 * marked them), so every child of a finished run is dropped, returned to school, absent or not
 * here. A run ended again stays as it was.
 */
export async function endRun(db: Kysely<Database>, now: Date, who: RunActor, run: DriverRun, date = bahrainToday(now)): Promise<RunSummary> {
  assertRecentDate(now, date);
  return db.transaction().execute(async (trx) => {
    assertRunDay(await readSchoolDaySettings(trx), date);
    const owners = await drivenRunOwners(trx, who, date, run);
    if (owners.length === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runHandedOver);
    const rows: RunRow[] = [];
    for (const owner of owners) rows.push(await lockRun(trx, owner, date, run));
    const students = await stillOnBus(
      trx,
      rows.map((row) => row.id),
    );
    if (students.length > 0) throw new AppError('CONFLICT', stillOnBusMessage(students), undefined, { students });
    const open = rows.filter((row) => !row.endedAt);
    const unmarked = open.length > 0 ? await notMarked(trx, open, date, run) : [];
    if (unmarked.length > 0) throw new AppError('CONFLICT', notMarkedMessage(unmarked), undefined, { students: unmarked }, unmarked.length === 1 ? 'schoolDay.notMarked_one' : 'schoolDay.notMarked_other');
    const ended: RunRow[] = [];
    for (const row of rows) {
      if (row.endedAt) {
        ended.push(row);
        continue;
      }
      ended.push(
        await trx
          .updateTable('schoolRuns')
          .set({ startedAt: sql<Date>`coalesce(started_at, ${now})`, endedAt: now, updatedAt: now })
          .where('id', '=', row.id)
          .returning(RUN_COLUMNS)
          .executeTakeFirstOrThrow(),
      );
      // The families following the bus are told it is no longer on its way.
      await announceBusChange(trx, row.substituteDriverId ?? row.driverId);
      if (who.kind === 'office') {
        await recordAudit(trx, who.actor, { entityType: 'run', entityId: row.id, action: 'end', diff: { driverId: row.driverId, date, run, endedBy: who.officeName } });
      }
    }
    return toRunSummary(ended[0], date, run);
  });
}
