import type { SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import {
  ridesOnRun,
  runOfChild,
  weekdayOf,
  type MarkedBy,
  type MarkedByRole,
  type ReceivedBy,
  type ReceiverRelation,
  type AbsenceRun,
  type DriverRun,
  type MarkEvent,
  type RiderStatus,
  type RunStatus,
  type RunToPlace,
  type SchoolDaySettings,
  type ServiceType,
} from '@school-transport/contracts';

/**
 * Who rides which run and where each child stands on it, read for many students at once (the
 * driver's list, the office's counts): a few set-based queries, never one per student. A student
 * rides the runs of their service type (Home → School and Both Ways in the morning, School → Home
 * and Both Ways in the afternoon) with their assigned driver; deleted students ride nothing.
 */

export interface Rider {
  id: string;
  automatedId: string;
  firstName: string;
  lastName: string;
  schoolName: string;
  address: string;
  /** Block, road and house: children at the same one share a stop of the run. */
  block: string;
  road: string;
  houseBuilding: string;
  contactNumber1: string;
  serviceType: ServiceType;
  driverId: string | null;
  schoolId: string;
  /** The bus home when not the morning's. */
  afternoonDriverId: string | null;
  /** The runs the office placed the child on by hand. */
  morningRunId: string | null;
  afternoonRunId: string | null;
}

/** A subquery answering driver ids (the drivers a substitute covers today). */
export type DriverIdsQuery = SelectQueryBuilder<Database, 'schoolRuns', { driverId: string }>;
/** A subquery answering run ids. */
export type RunIdsQuery = SelectQueryBuilder<Database, 'schoolRuns', { id: string }>;

/** The students of these drivers (and of those the subquery names), in the order of the driver's list (school, then name). */
export async function ridersOfDrivers(db: Db, driverIds: readonly string[], moreDrivers?: DriverIdsQuery): Promise<Rider[]> {
  if (driverIds.length === 0 && !moreDrivers) return [];
  const rows = await db
    .selectFrom('students')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .innerJoin('areas', 'areas.id', 'students.areaId')
    .select([
      'students.id',
      'students.automatedId',
      'students.firstName',
      'students.lastName',
      'schools.name as schoolName',
      'students.address',
      'students.block',
      'students.road',
      'students.houseBuilding',
      'students.contactNumber1',
      'students.serviceType',
      'students.driverId',
      'students.schoolId',
      'students.afternoonDriverId',
      'students.morningRunId',
      'students.afternoonRunId',
    ])
    .where((eb) => {
      const either = [];
      if (driverIds.length > 0) either.push(eb('students.driverId', 'in', [...driverIds]), eb('students.afternoonDriverId', 'in', [...driverIds]));
      if (moreDrivers) either.push(eb('students.driverId', 'in', moreDrivers), eb('students.afternoonDriverId', 'in', moreDrivers));
      return eb.or(either);
    })
    .where('students.deletedAt', 'is', null)
    .orderBy('schools.name')
    .orderBy('areas.name')
    .orderBy('students.firstName')
    .orderBy('students.lastName')
    .orderBy('students.automatedId')
    .execute();
  return rows;
}

export interface AbsenceOnDay {
  studentId: string;
  run: AbsenceRun;
  reason: string | null;
}

/**
 * The absences in force on a date: of these students, or of the students of a driver (and of the
 * drivers they cover), or of everyone when neither is named.
 */
export async function absencesOnDate(
  db: Db,
  date: string,
  whose?: readonly string[] | { driverId: string; coveredDrivers: DriverIdsQuery },
): Promise<AbsenceOnDay[]> {
  if (Array.isArray(whose) && whose.length === 0) return [];
  let query = db
    .selectFrom('absences')
    .select(['absences.studentId', 'absences.run', 'absences.reason'])
    .where('absences.cancelledAt', 'is', null)
    .where('absences.fromDate', '<=', date)
    .where('absences.toDate', '>=', date);
  if (Array.isArray(whose)) query = query.where('absences.studentId', 'in', [...(whose as readonly string[])]);
  else if (whose && 'driverId' in whose) {
    const { driverId, coveredDrivers } = whose;
    query = query
      .innerJoin('students', 'students.id', 'absences.studentId')
      .where((eb) =>
        eb.or([
          eb('students.driverId', '=', driverId),
          eb('students.afternoonDriverId', '=', driverId),
          eb('students.driverId', 'in', coveredDrivers),
          eb('students.afternoonDriverId', 'in', coveredDrivers),
        ]),
      );
  }
  return query.orderBy('absences.createdAt').execute();
}

/** The absence that covers a student's run, if any ('both' covers whichever runs the student rides). */
export function absenceFor(absences: readonly AbsenceOnDay[], studentId: string, run: DriverRun): AbsenceOnDay | undefined {
  return absences.find((absence) => absence.studentId === studentId && (absence.run === run || absence.run === 'both'));
}

export interface MarkRow {
  id: string;
  runId: string;
  studentId: string;
  event: MarkEvent;
  at: Date;
  clientId: string;
  position: { lat: number; lng: number; accuracy: number } | null;
  /** Who made it: their role and their account's name (null for marks older than the role's column). */
  markedByRole: MarkedByRole | null;
  markedByName: string | null;
  receivedByName: string | null;
  receivedByRelation: ReceiverRelation | null;
}

/** Who received the child on a dropped mark, when the mark named them. */
export function receivedByOf(mark: Pick<MarkRow, 'receivedByName' | 'receivedByRelation'> | undefined): ReceivedBy | null {
  return mark?.receivedByName && mark.receivedByRelation ? { name: mark.receivedByName, relation: mark.receivedByRelation } : null;
}

/** Who made a mark, as the run's views show it; `showOfficeName` false for a family, who sees 'the office'. */
export function markAuthor(mark: Pick<MarkRow, 'markedByRole' | 'markedByName'> | undefined, showOfficeName = true): MarkedBy | null {
  if (!mark?.markedByRole) return null;
  return { role: mark.markedByRole, name: mark.markedByRole === 'office' && !showOfficeName ? null : mark.markedByName };
}

/** Every mark of these runs (ids, or a subquery naming them) not undone, in the order they happened. */
export async function marksOfRuns(db: Db, runIds: readonly string[] | RunIdsQuery): Promise<MarkRow[]> {
  if (Array.isArray(runIds) && runIds.length === 0) return [];
  return db
    .selectFrom('runMarks')
    .leftJoin('users as author', 'author.id', 'runMarks.recordedBy')
    .select([
      'runMarks.id',
      'runMarks.runId',
      'runMarks.studentId',
      'runMarks.event',
      'runMarks.at',
      'runMarks.clientId',
      'runMarks.position',
      'runMarks.markedByRole',
      'author.name as markedByName',
      'runMarks.receivedByName',
      'runMarks.receivedByRelation',
    ])
    .where('runMarks.runId', 'in', Array.isArray(runIds) ? [...(runIds as readonly string[])] : (runIds as RunIdsQuery))
    .where('runMarks.undoneAt', 'is', null)
    .orderBy('runMarks.at')
    .orderBy('runMarks.createdAt')
    .execute();
}

/** A child's status on a run: the latest mark; else absent when reported; else expected. */
export function riderStatus(marks: readonly Pick<MarkRow, 'event'>[], absence: AbsenceOnDay | undefined): RiderStatus {
  const last = marks.at(-1);
  if (last) return last.event;
  return absence ? 'absent' : 'expected';
}

/**
 * The children who ride a planned run on a date: those whose service type rides its direction and
 * whose run that day it is (placed on it by hand, or by their school). `busRuns`: every run of the
 * bus, so that a child two runs serve is on neither until placed.
 */
export function ridersOfPlannedRun(
  riders: readonly Rider[],
  run: RunToPlace,
  busRuns: readonly RunToPlace[],
  settings: Pick<SchoolDaySettings, 'schoolDays'>,
  date: string,
): Rider[] {
  const weekday = weekdayOf(date);
  return riders.filter(
    (rider) => ridesOnRun(rider.serviceType, run.direction) && runOfChild(busRuns, rider, run.direction, weekday, settings.schoolDays)?.id === run.id,
  );
}

/** Marks grouped by run and student: `${runId}:${studentId}` → marks in order. */
export function marksByRider(marks: readonly MarkRow[]): Map<string, MarkRow[]> {
  const grouped = new Map<string, MarkRow[]>();
  for (const mark of marks) {
    const key = `${mark.runId}:${mark.studentId}`;
    grouped.set(key, [...(grouped.get(key) ?? []), mark]);
  }
  return grouped;
}

export interface RunRow {
  id: string;
  plannedRunId: string;
  driverId: string;
  date: string;
  run: DriverRun;
  substituteDriverId: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  overdueAlertedAt: Date | null;
}

export const RUN_COLUMNS = [
  'schoolRuns.id',
  'schoolRuns.plannedRunId',
  'schoolRuns.driverId',
  'schoolRuns.date',
  'schoolRuns.run',
  'schoolRuns.substituteDriverId',
  'schoolRuns.startedAt',
  'schoolRuns.endedAt',
  'schoolRuns.overdueAlertedAt',
] as const;

export function runStatus(row: Pick<RunRow, 'startedAt' | 'endedAt'> | undefined): RunStatus {
  if (!row?.startedAt) return 'not_started';
  return row.endedAt ? 'done' : 'in_progress';
}

export const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);
