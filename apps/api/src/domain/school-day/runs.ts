import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import {
  SCHOOL_DAY_MESSAGES,
  addDays,
  bahrainToday,
  isSchoolDay,
  notMarkedMessage,
  stillOnBusMessage,
  PLANNED_RUN_MESSAGES,
  isDirection,
  stillInProgressMessage,
  type RunSummary,
  type SchoolDaySettings,
  type StillOnBusStudent,
  type CrewRole,
  type MarkedByRole,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor } from '../audit.js';
import { readSchoolDaySettings } from './settings.js';
import { announceBusChange } from '../live-bus/channel.js';
import { ambiguousDirection, assertBus, ownRunOn, runsOfBusesOn } from '../planned-runs/day-runs.js';
import { findPlannedRun, plannedRunsOfDrivers, type PlannedRunRow } from '../planned-runs/read.js';
import {
  absenceFor,
  absencesOnDate,
  iso,
  marksByRider,
  marksOfRuns,
  ridersOfDrivers,
  ridersOfPlannedRun,
  riderStatus,
  RUN_COLUMNS,
  runStatus,
  type RunRow,
} from './riders.js';

/**
 * A driver's runs: one row per driver (whose students ride it), date and run, made when the run
 * starts, on its first mark, or when the office hands it to a substitute. The driver who drives it
 * that day is its substitute if the office named one, else its own driver. The office can act for
 * a driver whose phone is dead; what it does is audited under the office member's name.
 */
/**
 * Who works a run: the bus's crew from their phone (kind 'driver': its driver or its attendant,
 * `driverId` the bus), or the office acting for them.
 */
export type RunActor =
  | { kind: 'driver'; driverId: string; userId: string; crewRole: CrewRole }
  | { kind: 'office'; driverId: string; actor: Actor; officeName: string };

export function actorUserId(who: RunActor): string {
  return who.kind === 'driver' ? who.userId : who.actor.userId;
}

/** Who a mark says made it: the driver, the attendant, or the office. */
export function markedByRole(who: RunActor): MarkedByRole {
  return who.kind === 'driver' ? who.crewRole : 'office';
}

export function toRunSummary(row: RunRow | undefined, date: string, run: Pick<PlannedRunRow, 'id' | 'name' | 'direction'>): RunSummary {
  return { id: run.id, name: run.name, run: run.direction, date, status: runStatus(row), startedAt: iso(row?.startedAt), endedAt: iso(row?.endedAt) };
}

/** A run is today's or (left open past midnight) yesterday's: an older date is refused. */
export function assertRecentDate(now: Date, date: string): void {
  const today = bahrainToday(now);
  if (date !== today && date !== addDays(today, -1))
    throw new AppError('BAD_REQUEST', SCHOOL_DAY_MESSAGES.markDateInvalid, { date: SCHOOL_DAY_MESSAGES.markDateInvalid });
}

export function assertRunDay(settings: SchoolDaySettings, date: string): void {
  if (!isSchoolDay(settings, date)) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.noRunOnDate);
}

/** The run's row of a date, made when missing, locked until the transaction ends (marks of one run queue behind each other). */
export async function lockRun(trx: Db, run: Pick<PlannedRunRow, 'id' | 'driverId' | 'direction'>, date: string): Promise<RunRow> {
  await trx
    .insertInto('schoolRuns')
    .values({ plannedRunId: run.id, driverId: run.driverId, date, run: run.direction })
    .onConflict((oc) => oc.columns(['plannedRunId', 'date']).doNothing())
    .execute();
  return trx.selectFrom('schoolRuns').select(RUN_COLUMNS).where('plannedRunId', '=', run.id).where('date', '=', date).forUpdate().executeTakeFirstOrThrow();
}

/**
 * The runs a reference names that the asker drives on a date. For the office, the named driver's
 * own run. For a driver: by id, their own run (unless handed to a substitute: then none) or one
 * they cover that day (any other: 404); by direction, their one run that way that day (unless
 * handed away; two or more: 409 with the runs) and every run of that direction they cover.
 */
export async function drivenRuns(db: Db, who: RunActor, date: string, ref: string): Promise<PlannedRunRow[]> {
  const settings = await readSchoolDaySettings(db);
  if (who.kind === 'office') {
    await assertBus(db, who.driverId);
    return [await ownRunOn(db, who.driverId, ref, settings, date)];
  }
  const rows = await db
    .selectFrom('schoolRuns')
    .select(['plannedRunId', 'driverId', 'substituteDriverId', 'run'])
    .where('date', '=', date)
    .where((eb) => eb.or([eb('driverId', '=', who.driverId), eb('substituteDriverId', '=', who.driverId)]))
    .orderBy('createdAt')
    .execute();
  const handedAway = (runId: string) =>
    rows.some(
      (row) => row.plannedRunId === runId && row.driverId === who.driverId && row.substituteDriverId !== null && row.substituteDriverId !== who.driverId,
    );
  const coveredIds = rows.filter((row) => row.driverId !== who.driverId && row.substituteDriverId === who.driverId);
  if (!isDirection(ref)) {
    const run = isUuid(ref) ? await findPlannedRun(db, ref, { withRemoved: true }) : undefined;
    if (run && run.driverId === who.driverId) return handedAway(run.id) ? [] : [run];
    if (run && coveredIds.some((row) => row.plannedRunId === run.id)) return [run];
    throw new AppError('NOT_FOUND', PLANNED_RUN_MESSAGES.runNotFound);
  }
  const own = (await runsOfBusesOn(db, [who.driverId], settings, date)).filter((run) => run.direction === ref);
  if (own.length > 1) throw ambiguousDirection(own);
  const covered: PlannedRunRow[] = [];
  for (const row of coveredIds.filter((entry) => entry.run === ref)) {
    const run = await findPlannedRun(db, row.plannedRunId, { withRemoved: true });
    if (run) covered.push(run);
  }
  return [...own.filter((run) => !handedAway(run.id)), ...covered];
}

/**
 * A bus drives one run at a time: another run of the same date it drives (its own not handed
 * away, or one it covers) started and not ended refuses a Start. A run left open past midnight
 * does not hold up the new day (the overdue alert is about it), as a Start queued offline may
 * reach the server after midnight.
 */
async function assertNoOtherRunInProgress(trx: Db, busId: string, date: string, starting: readonly string[]): Promise<void> {
  const open = await trx
    .selectFrom('schoolRuns')
    .innerJoin('plannedRuns', 'plannedRuns.id', 'schoolRuns.plannedRunId')
    .select('plannedRuns.name')
    .where('schoolRuns.date', '=', date)
    .where('schoolRuns.startedAt', 'is not', null)
    .where('schoolRuns.endedAt', 'is', null)
    .where('schoolRuns.plannedRunId', 'not in', [...starting])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('schoolRuns.driverId', '=', busId),
          eb.or([eb('schoolRuns.substituteDriverId', 'is', null), eb('schoolRuns.substituteDriverId', '=', busId)]),
        ]),
        eb('schoolRuns.substituteDriverId', '=', busId),
      ]),
    )
    .orderBy('schoolRuns.startedAt')
    .executeTakeFirst();
  if (open) throw new AppError('CONFLICT', stillInProgressMessage(open.name), undefined, undefined, 'plannedRuns.stillInProgress');
}

/**
 * Start: the run of this slot (and any the driver covers) is under way; pressing it again changes
 * nothing. Its date is today's unless the phone says otherwise: a Start queued offline before
 * midnight and sent after it starts the run of its own day (yesterday at most, as End).
 */
export async function startRun(db: Kysely<Database>, now: Date, who: RunActor, ref: string, date = bahrainToday(now)): Promise<RunSummary> {
  assertRecentDate(now, date);
  return db.transaction().execute(async (trx) => {
    assertRunDay(await readSchoolDaySettings(trx), date);
    const runs = await drivenRuns(trx, who, date, ref);
    if (runs.length === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runHandedOver);
    const rows: RunRow[] = [];
    for (const run of runs) rows.push(await lockRun(trx, run, date));
    if (rows[0]!.endedAt) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runEnded);
    if (rows.some((row) => !row.startedAt)) {
      await assertNoOtherRunInProgress(
        trx,
        who.driverId,
        date,
        runs.map((run) => run.id),
      );
    }
    for (const [index, row] of rows.entries()) {
      if (!row.startedAt) {
        rows[index] = await trx
          .updateTable('schoolRuns')
          .set({ startedAt: now, updatedAt: now })
          .where('id', '=', row.id)
          .returning(RUN_COLUMNS)
          .executeTakeFirstOrThrow();
        // Told by the owning bus's id (whoever drives it): the families' shared reads of that bus are read afresh.
        await announceBusChange(trx, row.driverId);
      }
    }
    return toRunSummary(rows[0], date, runs[0]!);
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
async function notMarked(trx: Db, rows: readonly RunRow[], runs: readonly PlannedRunRow[], date: string): Promise<StillOnBusStudent[]> {
  const settings = await readSchoolDaySettings(trx);
  const owners = [...new Set(runs.map((run) => run.driverId))];
  const [riders, busRuns] = await Promise.all([ridersOfDrivers(trx, owners), plannedRunsOfDrivers(trx, owners)]);
  const onRuns = rows.flatMap((row) => {
    const run = runs.find((entry) => entry.id === row.plannedRunId)!;
    return ridersOfPlannedRun(riders, run, busRuns.some((entry) => entry.id === run.id) ? busRuns : [...busRuns, run], settings, date).map((rider) => ({
      row,
      run,
      rider,
    }));
  });
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
    .filter(({ row, run, rider }) => riderStatus(marks.get(`${row.id}:${rider.id}`) ?? [], absenceFor(absences, rider.id, run.direction)) === 'expected')
    .map(({ rider }) => ({ id: rider.id, firstName: rider.firstName, lastName: rider.lastName }))
    .sort((a, b) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName));
}

/**
 * End: refused (409, with the children's names) while any child who boarded is neither dropped nor
 * returned to school, so nobody is left on the bus; then while any child is still expected (nobody
 * marked them), so every child of a finished run is dropped, returned to school, absent or not
 * here. A run ended again stays as it was.
 */
export async function endRun(db: Kysely<Database>, now: Date, who: RunActor, ref: string, date = bahrainToday(now)): Promise<RunSummary> {
  assertRecentDate(now, date);
  return db.transaction().execute(async (trx) => {
    assertRunDay(await readSchoolDaySettings(trx), date);
    const runs = await drivenRuns(trx, who, date, ref);
    if (runs.length === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runHandedOver);
    const rows: RunRow[] = [];
    for (const run of runs) rows.push(await lockRun(trx, run, date));
    const students = await stillOnBus(
      trx,
      rows.map((row) => row.id),
    );
    if (students.length > 0) throw new AppError('CONFLICT', stillOnBusMessage(students), undefined, { students });
    const open = rows.filter((row) => !row.endedAt);
    const unmarked = open.length > 0 ? await notMarked(trx, open, runs, date) : [];
    if (unmarked.length > 0)
      throw new AppError(
        'CONFLICT',
        notMarkedMessage(unmarked),
        undefined,
        { students: unmarked },
        unmarked.length === 1 ? 'schoolDay.notMarked_one' : 'schoolDay.notMarked_other',
      );
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
        await recordAudit(trx, who.actor, {
          entityType: 'run',
          entityId: row.id,
          action: 'end',
          diff: { driverId: row.driverId, date, run: row.run, plannedRunId: row.plannedRunId, endedBy: who.officeName },
        });
      }
    }
    return toRunSummary(ended[0], date, runs[0]!);
  });
}
