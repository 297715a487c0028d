import type { Db } from '@school-transport/db';
import {
  busFullMessage,
  BUS_FULL_CODES,
  DRIVER_RUNS,
  busOfChild,
  isDirection,
  ridesOnRun,
  runOfChild,
  runWeekdays,
  weekdayOf,
  windowsOverlap,
  type DriverRun,
  type DriverSeats,
  type FullRun,
  type OverCapacityChoice,
  type RunSeats,
  type ServiceType,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../audit.js';
import { readSchoolDaySettings } from '../school-day/settings.js';
import { ridersPerRun } from '../planned-runs/office-list.js';
import { childrenOfBuses, findPlannedRun, plannedRunsOfDrivers, type BusChild, type PlannedRunRow } from '../planned-runs/read.js';

/**
 * The seat rule, in one place for every path that puts a student on a bus (the edit dialog, Add
 * Student, bulk assign, an approved modification request, a restore, an import, a new or edited
 * planned run, a substitute for a day's run: assertSubstituteSeats). Seats count per run the
 * office planned: a run's riders are the children (not deleted) who ride it on at least one of its
 * days, placed by school or by hand, their service type riding that way, absences aside (the same
 * count as the office's list of the bus's runs, ridersPerRun). Two afternoon runs of 20 on a
 * 24-seat bus are two runs of 20, not 40. A bus without a seat count has no limit. A change that
 * adds riders to a run and leaves it with more riders than seats is refused (409) unless an admin
 * allows it with a reason, which is audited. A run already over its seats (the seat count was
 * lowered) does not block changes that add nobody to it.
 *
 * Everything here is set-based: a few queries for any number of students and buses.
 */

/**
 * A student as a change leaves them: on this driver's bus (or none) with this service type. The
 * placement fields left out are as stored (for a student not yet in the database: by school, the
 * same bus home); a new student names their school.
 */
export interface SeatChange {
  /** null for a student not yet in the database (Add Student, an import row). */
  studentId: string | null;
  driverId: string | null;
  serviceType: ServiceType;
  schoolId?: string | undefined;
  afternoonDriverId?: string | null | undefined;
  morningRunId?: string | null | undefined;
  afternoonRunId?: string | null | undefined;
}

export interface SeatOptions {
  /** 'Allow over capacity' ticked by someone who may (the procedure checks the permission). */
  allowOverCapacity?: OverCapacityChoice | undefined;
}

/** The planned runs of some buses, their children, and the riders of each run. */
interface BusLoad {
  runs: PlannedRunRow[];
  children: BusChild[];
  riders: Map<string, number>;
}

async function loadOf(db: Db, driverIds: readonly string[]): Promise<BusLoad> {
  const [runs, children, settings] = await Promise.all([plannedRunsOfDrivers(db, driverIds), childrenOfBuses(db, driverIds), readSchoolDaySettings(db)]);
  return { runs, children, riders: ridersPerRun(runs, children, settings.schoolDays) };
}

/** Seats and riders of each direction of these drivers: the fullest run that way (drivers not found are left out). */
export async function seatUse(db: Db, driverIds: readonly string[]): Promise<Map<string, DriverSeats>> {
  const unique = [...new Set(driverIds)];
  if (unique.length === 0) return new Map();
  const [drivers, load] = await Promise.all([db.selectFrom('drivers').select(['id', 'vehicleSeats']).where('id', 'in', unique).execute(), loadOf(db, unique)]);
  const fullest = (driverId: string, direction: DriverRun) =>
    Math.max(0, ...load.runs.filter((run) => run.driverId === driverId && run.direction === direction).map((run) => load.riders.get(run.id) ?? 0));
  return new Map(
    drivers.map((driver) => [
      driver.id,
      Object.fromEntries(DRIVER_RUNS.map((direction) => [direction, { seats: driver.vehicleSeats, riders: fullest(driver.id, direction) }])) as DriverSeats,
    ]),
  );
}

/**
 * Seats and riders of one run of a bus: a planned run's id, or a direction (the fullest run that
 * way). A bus or run not found: no seats, no riders.
 */
export async function runSeats(db: Db, driverId: string, run: string): Promise<RunSeats> {
  if (isDirection(run)) return (await seatUse(db, [driverId])).get(driverId)?.[run] ?? { seats: null, riders: 0 };
  const [driver, load] = await Promise.all([
    db.selectFrom('drivers').select('vehicleSeats').where('id', '=', driverId).executeTakeFirst(),
    loadOf(db, [driverId]),
  ]);
  return { seats: driver?.vehicleSeats ?? null, riders: load.riders.get(run) ?? 0 };
}

/** Every run with no seat left, of all buses, in the order of the drivers' names and each bus's runs in planned-start order (the bell). */
export async function fullRuns(db: Db): Promise<FullRun[]> {
  const drivers = await db
    .selectFrom('drivers')
    .select(['id', 'name', 'vehicleSeats'])
    .where('vehicleSeats', 'is not', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const load = await loadOf(
    db,
    drivers.map((driver) => driver.id),
  );
  return drivers.flatMap((driver) =>
    load.runs
      .filter((run) => run.driverId === driver.id)
      .flatMap((run) => {
        const riders = load.riders.get(run.id) ?? 0;
        const seats = driver.vehicleSeats!;
        return riders >= seats ? [{ driverId: driver.id, driverName: driver.name, run: run.direction, runId: run.id, runName: run.name, seats, riders }] : [];
      }),
  );
}

/** A run a change would put over its seats: its riders now, and as the change would leave it. */
export interface SeatProblem {
  driverId: string;
  run: DriverRun;
  runId: string;
  runName: string;
  seats: number;
  riders: number;
  ridersAfter: number;
}

/**
 * The pure rule: with each bus's seats and the riders of each run before a change and after it,
 * the runs the change adds riders to and leaves with more riders than seats.
 */
export function seatProblems(
  seats: ReadonlyMap<string, number | null>,
  runs: readonly PlannedRunRow[],
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): SeatProblem[] {
  const problems: SeatProblem[] = [];
  for (const run of runs) {
    const limit = seats.get(run.driverId);
    if (limit === null || limit === undefined) continue;
    const riders = before.get(run.id) ?? 0;
    const ridersAfter = after.get(run.id) ?? 0;
    if (ridersAfter > limit && ridersAfter > riders)
      problems.push({ driverId: run.driverId, run: run.direction, runId: run.id, runName: run.name, seats: limit, riders, ridersAfter });
  }
  return problems;
}

/**
 * Locks these buses' rows (in id order, so two callers never deadlock on each other): two changes
 * to the last seat of a bus at once are served one after the other and the second is refused.
 * Answers each bus's seats.
 */
async function lockBuses(trx: Db, driverIds: readonly string[]): Promise<Map<string, number | null>> {
  const ids = [...new Set(driverIds)].sort();
  if (ids.length === 0) return new Map();
  const drivers = await trx.selectFrom('drivers').select(['id', 'vehicleSeats']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
  return new Map(drivers.map((driver) => [driver.id, driver.vehicleSeats]));
}

const hasLimit = (seats: ReadonlyMap<string, number | null>) => [...seats.values()].some((limit) => limit !== null);

/**
 * Checks a set of changes to students against the seats, inside the caller's transaction and
 * before its writes (the changes say how the students will end up; the database still holds how
 * they are). Over the seats: a 409 naming the first full run with its riders now ('24 of 24
 * seats'), or, when allowed, one audit row per bus with the reason.
 */
export async function assertSeats(trx: Db, actor: AuditActor, changes: readonly SeatChange[], options: SeatOptions = {}): Promise<SeatProblem[]> {
  const studentIds = [...new Set(changes.flatMap((change) => (change.studentId ? [change.studentId] : [])))];
  const stored =
    studentIds.length === 0
      ? []
      : await trx
          .selectFrom('students')
          .select(['id', 'schoolId', 'serviceType', 'driverId', 'afternoonDriverId', 'morningRunId', 'afternoonRunId'])
          .where('id', 'in', studentIds)
          .where('deletedAt', 'is', null)
          .execute();
  const storedById = new Map(stored.map((row) => [row.id, row]));
  // A student named twice counts once, as the last change leaves them.
  const seen = new Set<string>();
  const changed: BusChild[] = [];
  for (const change of [...changes].reverse()) {
    if (change.studentId) {
      if (seen.has(change.studentId)) continue;
      seen.add(change.studentId);
    }
    const was = change.studentId ? storedById.get(change.studentId) : undefined;
    const keep = <Value>(value: Value | undefined, old: Value | undefined, none: Value): Value =>
      value !== undefined ? value : old !== undefined ? old : none;
    changed.push({
      id: change.studentId ?? `new-${changed.length}`,
      serviceType: change.serviceType,
      driverId: change.driverId,
      schoolId: keep(change.schoolId, was?.schoolId, ''),
      afternoonDriverId: keep(change.afternoonDriverId, was?.afternoonDriverId, null),
      morningRunId: keep(change.morningRunId, was?.morningRunId, null),
      afternoonRunId: keep(change.afternoonRunId, was?.afternoonRunId, null),
    });
  }
  // Only the buses the changed students ride afterwards can gain riders.
  const gaining = changed.flatMap((child) =>
    DRIVER_RUNS.flatMap((direction) => (ridesOnRun(child.serviceType, direction) ? [busOfChild(child, direction)] : [])).filter(
      (bus): bus is string => bus !== null,
    ),
  );
  const seats = await lockBuses(trx, gaining);
  if (!hasLimit(seats)) return [];

  const driverIds = [...seats.keys()];
  const [runs, children, settings] = await Promise.all([plannedRunsOfDrivers(trx, driverIds), childrenOfBuses(trx, driverIds), readSchoolDaySettings(trx)]);
  const before = ridersPerRun(runs, children, settings.schoolDays);
  const after = ridersPerRun(runs, [...children.filter((child) => !seen.has(child.id)), ...changed], settings.schoolDays);
  return allowOrRefuse(trx, actor, seatProblems(seats, runs, before, after), options, (driverId) => ({
    studentIds: changes.flatMap((change) => (change.studentId && [change.driverId, change.afternoonDriverId].includes(driverId) ? [change.studentId] : [])),
  }));
}

/**
 * The seat rule for a new or edited planned run, inside the caller's transaction after its write:
 * `runsBefore` are the bus's runs as they were. A run that now serves more schools (or other
 * weekdays) can take riders from its sister runs; a run it fills over its seats is refused as an
 * assignment is, unless an admin allows it.
 */
export async function assertPlannedRunSeats(
  trx: Db,
  actor: AuditActor,
  driverId: string,
  runsBefore: readonly PlannedRunRow[],
  options: SeatOptions = {},
): Promise<SeatProblem[]> {
  const seats = await lockBuses(trx, [driverId]);
  if (!hasLimit(seats)) return [];
  const [runsAfter, children, settings] = await Promise.all([
    plannedRunsOfDrivers(trx, [driverId]),
    childrenOfBuses(trx, [driverId]),
    readSchoolDaySettings(trx),
  ]);
  const before = ridersPerRun(runsBefore, children, settings.schoolDays);
  const after = ridersPerRun(runsAfter, children, settings.schoolDays);
  return allowOrRefuse(trx, actor, seatProblems(seats, runsAfter, before, after), options, () => ({ plannedRuns: runsAfter.map((run) => run.id) }));
}

/**
 * Over the seats: a 409 naming the first full run with its riders now ('24 of 24 seats') and the
 * run's id and name beside the contract's words, or, when an admin allowed it, one audit row per
 * bus with the reason, the runs and what the change was.
 */
async function allowOrRefuse(
  trx: Db,
  actor: AuditActor,
  problems: SeatProblem[],
  options: SeatOptions,
  change: (driverId: string) => Record<string, unknown>,
): Promise<SeatProblem[]> {
  if (problems.length === 0) return [];
  const allowed = options.allowOverCapacity;
  if (!allowed) {
    const first = problems[0]!;
    throw new AppError(
      'CONFLICT',
      busFullMessage(first.run, first.seats, first.riders),
      undefined,
      { run: first.run, runId: first.runId, runName: first.runName, seats: first.seats, riders: first.riders },
      BUS_FULL_CODES[first.run],
    );
  }
  for (const driverId of new Set(problems.map((problem) => problem.driverId))) {
    await recordAudit(trx, actor, {
      entityType: 'driver',
      entityId: driverId,
      action: 'over_capacity',
      diff: {
        reason: allowed.reason,
        runs: problems
          .filter((problem) => problem.driverId === driverId)
          .map(({ run, runId, runName, seats: limit, riders, ridersAfter }) => ({ run, runId, runName, seats: limit, riders, ridersAfter })),
        ...change(driverId),
      },
    });
  }
  return problems;
}

/** One day's run handed to a substitute: the covered bus's planned run, and the bus that drives it. */
export interface SubstituteSeatChange {
  coveredDriverId: string;
  substituteDriverId: string;
  date: string;
  plannedRunId: string;
}

/**
 * The seat rule for a substitute. That day the substitute's bus carries the covered run's riders
 * together with those of every run it drives that day whose planned window overlaps the covered
 * run's: its own runs (unless handed to someone else) and the runs it already covers. A run it
 * drives before or after is not on board at the same time and takes no seat. Riders are the
 * children who ride each run on that weekday (not deleted), absent or not: an absence can be
 * cancelled until the run's cut-off, and the seat must be there then. Handing the run over is
 * refused (409, the same answer as an assignment) when it adds riders and leaves the bus with more
 * riders than seats, unless an admin allows it with a reason, audited on the substitute's bus.
 * Inside the caller's transaction, before its write; the substitute's bus row is locked as
 * assertSeats locks it, so a substitution and an assignment to the same bus are served one after
 * the other.
 */
export async function assertSubstituteSeats(trx: Db, actor: AuditActor, change: SubstituteSeatChange, options: SeatOptions = {}): Promise<SeatProblem[]> {
  const { coveredDriverId, substituteDriverId, date, plannedRunId } = change;
  const seats = await lockBuses(trx, [substituteDriverId]);
  const limit = seats.get(substituteDriverId);
  if (limit === null || limit === undefined) return [];
  const covered = await findPlannedRun(trx, plannedRunId, { withRemoved: true });
  if (!covered) return [];
  const rows = await trx
    .selectFrom('schoolRuns')
    .select(['plannedRunId', 'driverId', 'substituteDriverId'])
    .where('date', '=', date)
    .where((eb) => eb.or([eb('driverId', '=', substituteDriverId), eb('substituteDriverId', '=', substituteDriverId)]))
    .execute();
  const settings = await readSchoolDaySettings(trx);
  const weekday = weekdayOf(date);
  const handedAway = new Set(
    rows
      .filter((row) => row.driverId === substituteDriverId && row.substituteDriverId !== null && row.substituteDriverId !== substituteDriverId)
      .map((row) => row.plannedRunId),
  );
  const coveredIds = new Set(rows.filter((row) => row.driverId !== substituteDriverId && row.plannedRunId !== plannedRunId).map((row) => row.plannedRunId));
  const buses = [...new Set([substituteDriverId, coveredDriverId, ...rows.map((row) => row.driverId)])];
  const [runs, children] = await Promise.all([plannedRunsOfDrivers(trx, buses), childrenOfBuses(trx, buses)]);
  const onBoardTogether = runs.filter(
    (run) =>
      run.id !== plannedRunId &&
      windowsOverlap(run, covered) &&
      ((run.driverId === substituteDriverId && !handedAway.has(run.id) && runWeekdays(run, settings.schoolDays).includes(weekday)) || coveredIds.has(run.id)),
  );
  const allRuns = runs.some((run) => run.id === covered.id) ? runs : [...runs, covered];
  const ridersOf = (run: PlannedRunRow) =>
    children.filter(
      (child) => ridesOnRun(child.serviceType, run.direction) && runOfChild(allRuns, child, run.direction, weekday, settings.schoolDays)?.id === run.id,
    ).length;
  const ridersNow = onBoardTogether.reduce((sum, run) => sum + ridersOf(run), 0);
  const ridersAfter = ridersNow + ridersOf(covered);
  if (!(ridersAfter > limit && ridersAfter > ridersNow)) return [];
  const problem: SeatProblem = {
    driverId: substituteDriverId,
    run: covered.direction,
    runId: covered.id,
    runName: covered.name,
    seats: limit,
    riders: ridersNow,
    ridersAfter,
  };
  return allowOrRefuse(trx, actor, [problem], options, () => ({ coveringFor: { driverId: coveredDriverId, date, runId: covered.id } }));
}
