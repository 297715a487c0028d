import type { Db } from '@school-transport/db';
import {
  busFullMessage,
  BUS_FULL_CODES,
  DRIVER_RUNS,
  ridesOnRun,
  type DriverRun,
  type DriverSeats,
  type FullRun,
  type OverCapacityChoice,
  type RunSeats,
  type ServiceType,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { recordAudit, type AuditActor } from '../audit.js';

/**
 * The seat rule, in one place for every path that puts a student on a bus (the edit dialog, Add
 * Student, bulk assign, an approved modification request, a restore, an import, a substitute for a
 * day's run: assertSubstituteSeats). The riders of a
 * run are the driver's students (not deleted) whose service type rides it; a driver without a seat
 * count has no limit. A change that adds riders to a run and leaves it with more riders than seats
 * is refused (409) unless an admin allows it with a reason, which is audited. A run already over
 * its seats (the seat count was lowered) does not block changes that add nobody to it.
 *
 * Everything here is set-based: a few queries for any number of students and drivers.
 */

/** A student as a change leaves them: on this driver's bus (or none) with this service type. */
export interface SeatChange {
  /** null for a student not yet in the database (Add Student, an import row). */
  studentId: string | null;
  driverId: string | null;
  serviceType: ServiceType;
}

export interface SeatOptions {
  /** 'Allow over capacity' ticked by someone who may (the procedure checks the permission). */
  allowOverCapacity?: OverCapacityChoice | undefined;
}

type Counts = Map<string, Record<DriverRun, number>>;

const zero = (): Record<DriverRun, number> => ({ morning: 0, afternoon: 0 });

function add(counts: Counts, driverId: string, serviceType: ServiceType, n: number): void {
  const entry = counts.get(driverId) ?? zero();
  for (const run of DRIVER_RUNS) if (ridesOnRun(serviceType, run)) entry[run] += n;
  counts.set(driverId, entry);
}

/**
 * Riders per driver and run of these drivers, as the database holds them now, leaving out the
 * students named (the ones a change is about, counted by the caller as the change leaves them).
 */
async function riderCounts(db: Db, driverIds: readonly string[], except: readonly string[] = []): Promise<Counts> {
  const counts: Counts = new Map(driverIds.map((id) => [id, zero()]));
  if (driverIds.length === 0) return counts;
  let query = db
    .selectFrom('students')
    .select(['driverId', 'serviceType', (eb) => eb.fn.countAll<string>().as('n')])
    .where('driverId', 'in', [...driverIds])
    .where('deletedAt', 'is', null);
  if (except.length > 0) query = query.where('id', 'not in', [...except]);
  const rows = await query.groupBy(['driverId', 'serviceType']).execute();
  for (const row of rows) add(counts, row.driverId!, row.serviceType, Number(row.n));
  return counts;
}

/** Seats and riders of each run of these drivers (drivers not found are left out). */
export async function seatUse(db: Db, driverIds: readonly string[]): Promise<Map<string, DriverSeats>> {
  const unique = [...new Set(driverIds)];
  if (unique.length === 0) return new Map();
  const [drivers, counts] = await Promise.all([
    db.selectFrom('drivers').select(['id', 'vehicleSeats']).where('id', 'in', unique).execute(),
    riderCounts(db, unique),
  ]);
  return new Map(
    drivers.map((driver) => {
      const riders = counts.get(driver.id) ?? zero();
      return [driver.id, { morning: { seats: driver.vehicleSeats, riders: riders.morning }, afternoon: { seats: driver.vehicleSeats, riders: riders.afternoon } }];
    }),
  );
}

/** Seats and riders of one driver's run (a driver not found: no seats, no riders). */
export async function runSeats(db: Db, driverId: string, run: DriverRun): Promise<RunSeats> {
  const use = await seatUse(db, [driverId]);
  return use.get(driverId)?.[run] ?? { seats: null, riders: 0 };
}

/** Every run with no seat left, of all drivers, in the order of the drivers' names (the bell). */
export async function fullRuns(db: Db): Promise<FullRun[]> {
  const drivers = await db.selectFrom('drivers').select(['id', 'name', 'vehicleSeats']).where('vehicleSeats', 'is not', null).orderBy('name').orderBy('id').execute();
  const counts = await riderCounts(
    db,
    drivers.map((driver) => driver.id),
  );
  return drivers.flatMap((driver) =>
    DRIVER_RUNS.flatMap((run) => {
      const riders = counts.get(driver.id)?.[run] ?? 0;
      const seats = driver.vehicleSeats!;
      return riders >= seats ? [{ driverId: driver.id, driverName: driver.name, run, seats, riders }] : [];
    }),
  );
}

/** A run a change would put over its seats: its riders now, and as the change would leave it. */
export interface SeatProblem {
  driverId: string;
  run: DriverRun;
  seats: number;
  riders: number;
  ridersAfter: number;
}

/**
 * The pure rule: with each driver's seats, the riders before a change and after it, the runs the
 * change adds riders to and leaves with more riders than seats.
 */
export function seatProblems(seats: ReadonlyMap<string, number | null>, before: Counts, after: Counts): SeatProblem[] {
  const problems: SeatProblem[] = [];
  for (const [driverId, afterRuns] of after) {
    const limit = seats.get(driverId);
    if (limit === null || limit === undefined) continue;
    for (const run of DRIVER_RUNS) {
      const riders = before.get(driverId)?.[run] ?? 0;
      const ridersAfter = afterRuns[run];
      if (ridersAfter > limit && ridersAfter > riders) problems.push({ driverId, run, seats: limit, riders, ridersAfter });
    }
  }
  return problems;
}

/**
 * Checks a set of changes against the seats, inside the caller's transaction and before its
 * writes (the changes say how the students will end up; the database still holds how they are). The drivers gaining riders are locked
 * first (in id order, so two callers never deadlock on each other), so two assignments to the
 * last seat at once are served one after the other and the second is refused. Over the seats: a
 * 409 naming the first full run with its riders now ('24 of 24 seats'), or, when allowed, one
 * audit row per driver with the reason.
 */
export async function assertSeats(trx: Db, actor: AuditActor, changes: readonly SeatChange[], options: SeatOptions = {}): Promise<SeatProblem[]> {
  const driverIds = [...new Set(changes.flatMap((change) => (change.driverId ? [change.driverId] : [])))].sort();
  if (driverIds.length === 0) return [];
  const drivers = await trx.selectFrom('drivers').select(['id', 'vehicleSeats']).where('id', 'in', driverIds).orderBy('id').forUpdate().execute();
  const seats = new Map(drivers.map((driver) => [driver.id, driver.vehicleSeats]));
  if (drivers.every((driver) => driver.vehicleSeats === null)) return [];

  const studentIds = [...new Set(changes.flatMap((change) => (change.studentId ? [change.studentId] : [])))];
  const others = await riderCounts(trx, driverIds, studentIds);
  // The changed students as the database holds them now: a student already on the bus adds nobody.
  const current =
    studentIds.length === 0
      ? []
      : await trx.selectFrom('students').select(['id', 'driverId', 'serviceType']).where('id', 'in', studentIds).where('deletedAt', 'is', null).where('driverId', 'in', driverIds).execute();
  const before: Counts = new Map([...others].map(([id, runs]) => [id, { ...runs }]));
  for (const student of current) add(before, student.driverId!, student.serviceType, 1);
  const after: Counts = new Map([...others].map(([id, runs]) => [id, { ...runs }]));
  // A student named twice counts once, as the last change leaves them.
  const seen = new Set<string>();
  for (const change of [...changes].reverse()) {
    if (change.studentId) {
      if (seen.has(change.studentId)) continue;
      seen.add(change.studentId);
    }
    if (change.driverId && seats.has(change.driverId)) add(after, change.driverId, change.serviceType, 1);
  }

  return allowOrRefuse(trx, actor, seatProblems(seats, before, after), options, (driverId) => ({
    studentIds: changes.flatMap((change) => (change.driverId === driverId && change.studentId ? [change.studentId] : [])),
  }));
}

/**
 * Over the seats: a 409 naming the first full run with its riders now ('24 of 24 seats'), or, when
 * an admin allowed it, one audit row per driver with the reason, the runs and what the change was.
 */
async function allowOrRefuse(trx: Db, actor: AuditActor, problems: SeatProblem[], options: SeatOptions, change: (driverId: string) => Record<string, unknown>): Promise<SeatProblem[]> {
  if (problems.length === 0) return [];
  const allowed = options.allowOverCapacity;
  if (!allowed) {
    const first = problems[0]!;
    throw new AppError('CONFLICT', busFullMessage(first.run, first.seats, first.riders), undefined, { run: first.run, seats: first.seats, riders: first.riders }, BUS_FULL_CODES[first.run]);
  }
  for (const driverId of new Set(problems.map((problem) => problem.driverId))) {
    await recordAudit(trx, actor, {
      entityType: 'driver',
      entityId: driverId,
      action: 'over_capacity',
      diff: {
        reason: allowed.reason,
        runs: problems.filter((problem) => problem.driverId === driverId).map(({ run, seats: limit, riders, ridersAfter }) => ({ run, seats: limit, riders, ridersAfter })),
        ...change(driverId),
      },
    });
  }
  return problems;
}

/** One day's run handed to a substitute: the covered driver's run, and the bus that drives it. */
export interface SubstituteSeatChange {
  coveredDriverId: string;
  substituteDriverId: string;
  date: string;
  run: DriverRun;
}

/**
 * The seat rule for a substitute. That day the substitute's bus carries, on that run, the
 * substitute's own riders (unless their own run was handed to someone else), the riders of every
 * run they already cover, and now the covered run's riders. Riders are the students on each list
 * (not deleted), absent or not: an absence can be cancelled until the run's cut-off, and the seat
 * must be there then. Handing the run over is refused (409, the same answer as an assignment) when
 * it adds riders and leaves the bus with more riders than seats, unless an admin allows it with a
 * reason, audited on the substitute's bus. Inside the caller's transaction, before its write; the
 * substitute's driver row is locked as assertSeats locks it, so a substitution and an assignment
 * to the same bus are served one after the other.
 */
export async function assertSubstituteSeats(trx: Db, actor: AuditActor, change: SubstituteSeatChange, options: SeatOptions = {}): Promise<SeatProblem[]> {
  const { coveredDriverId, substituteDriverId, date, run } = change;
  const bus = await trx.selectFrom('drivers').select(['id', 'vehicleSeats']).where('id', '=', substituteDriverId).forUpdate().executeTakeFirst();
  if (!bus || bus.vehicleSeats === null) return [];
  const runs = await trx
    .selectFrom('schoolRuns')
    .select(['driverId', 'substituteDriverId'])
    .where('date', '=', date)
    .where('run', '=', run)
    .where((eb) => eb.or([eb('driverId', '=', substituteDriverId), eb('substituteDriverId', '=', substituteDriverId)]))
    .execute();
  const handedAway = runs.some((row) => row.driverId === substituteDriverId && row.substituteDriverId !== null && row.substituteDriverId !== substituteDriverId);
  const alreadyCovered = runs.filter((row) => row.driverId !== substituteDriverId && row.driverId !== coveredDriverId).map((row) => row.driverId);
  const carried = [...(handedAway ? [] : [substituteDriverId]), ...alreadyCovered];
  const counts = await riderCounts(trx, [...carried, coveredDriverId]);
  const ridersNow = carried.reduce((sum, driverId) => sum + (counts.get(driverId)?.[run] ?? 0), 0);
  const ridersAfter = ridersNow + (counts.get(coveredDriverId)?.[run] ?? 0);
  const onRun = (riders: number): Counts => new Map([[substituteDriverId, { ...zero(), [run]: riders }]]);
  const problems = seatProblems(new Map([[substituteDriverId, bus.vehicleSeats]]), onRun(ridersNow), onRun(ridersAfter));
  return allowOrRefuse(trx, actor, problems, options, () => ({ coveringFor: { driverId: coveredDriverId, date } }));
}
