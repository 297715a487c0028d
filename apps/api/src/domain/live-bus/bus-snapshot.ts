import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { RECENT_FIXES_SECONDS, type TimedPoint } from './eta.js';
import { absenceFor, absencesOnDate, riderStatus, type AbsenceOnDay } from '../school-day/riders.js';
import type { DriverRun, RiderStatus, RunStop } from '@school-transport/contracts';
import { readRunStops } from '../routes/run-stops.js';
import { BEFORE_START_TOLERANCE_MS } from './positions-statement.js';

/**
 * One run in progress as the live bus reads it, shared by every family following that bus: the
 * run, each child's status on it, the bus's latest position and recent fixes, and the run's stops
 * in order. Read once per change of the bus, however many families follow it.
 */
export interface BusSnapshot {
  /** The day's run (its row of the school day: the 'bus is near' message is once per child and this). */
  id: string;
  /** The run the office planned: a child follows the bus only on their own planned run. */
  plannedRunId: string;
  ownerId: string;
  date: string;
  run: DriverRun;
  /** Whose phone is the bus today: the substitute the office named, else the run's own driver. */
  busDriverId: string;
  startedAt: Date;
  /** Each child's status on the run (any child of the driver: one assigned since the stops were read too). */
  statusOf(studentId: string): RiderStatus;
  position: (TimedPoint & { accuracy: number }) | null;
  recentFixes: TimedPoint[];
  stops: RunStop[];
}

/** The runs of a driver in progress on a date (one at a time; two only if one was left open). */
export async function runsInProgress(db: Kysely<Database>, ownerId: string, date: string) {
  return db
    .selectFrom('schoolRuns')
    .select(['id', 'plannedRunId', 'driverId', 'run', 'substituteDriverId', 'startedAt'])
    .where('driverId', '=', ownerId)
    .where('date', '=', date)
    .where('startedAt', 'is not', null)
    .where('endedAt', 'is', null)
    .execute();
}

/** The absences in force on a date of the students of a driver. */
function absencesOfDriver(db: Kysely<Database>, driverId: string, date: string): Promise<AbsenceOnDay[]> {
  return absencesOnDate(db, date, { driverId, coveredDrivers: db.selectFrom('schoolRuns').select('schoolRuns.driverId').where('schoolRuns.id', 'is', null) });
}

type InProgress = Awaited<ReturnType<typeof runsInProgress>>[number];

export async function readBusSnapshot(
  db: Kysely<Database>,
  now: Date,
  row: InProgress,
  date: string,
  stopsOf: (ownerId: string, plannedRunId: string) => Promise<RunStop[]>,
): Promise<BusSnapshot | null> {
  if (!row.startedAt) return null;
  const { driverId: ownerId, run } = row;
  const busDriverId = row.substituteDriverId ?? ownerId;
  const since = new Date(Math.max(row.startedAt.getTime(), now.getTime() - RECENT_FIXES_SECONDS * 1000));
  const [marks, stops, position, recentFixes] = await Promise.all([
    db
      .selectFrom('runMarks')
      .select(['studentId', 'event'])
      .where('runId', '=', row.id)
      .where('undoneAt', 'is', null)
      .orderBy('at')
      .orderBy('createdAt')
      .execute(),
    stopsOf(ownerId, row.plannedRunId),
    db
      .selectFrom('busPositions')
      .select(['lat', 'lng', 'at', 'accuracy'])
      .where('driverId', '=', busDriverId)
      .where('date', '=', date)
      .where('plannedRunId', '=', row.plannedRunId)
      .executeTakeFirst(),
    db
      .selectFrom('runPositions')
      .select(['lat', 'lng', 'at'])
      .where('driverId', '=', busDriverId)
      .where('date', '=', date)
      .where('plannedRunId', '=', row.plannedRunId)
      .where('at', '>=', since)
      .orderBy('at')
      .execute(),
  ]);
  const absences = await absencesOfDriver(db, ownerId, date);
  const statusOf = (studentId: string) =>
    riderStatus(
      marks.filter((mark) => mark.studentId === studentId),
      absenceFor(absences, studentId, run),
    );
  return {
    id: row.id,
    plannedRunId: row.plannedRunId,
    ownerId,
    date,
    run,
    busDriverId,
    startedAt: row.startedAt,
    statusOf,
    // A position from before this run's Start (beyond the tap's minute of grace) is another run's.
    position: position && position.at.getTime() >= row.startedAt.getTime() - BEFORE_START_TOLERANCE_MS ? position : null,
    recentFixes,
    stops,
  };
}

/** The run's stops in order, from the routes' own answer (the office's order and each stop's place); the run by its id or direction. */
export async function runStopsInOrder(db: Kysely<Database>, ownerId: string, run: string): Promise<RunStop[]> {
  return (await readRunStops(db, ownerId, run)).stops;
}
