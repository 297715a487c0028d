import type { Db } from '@school-transport/db';
import type { PlannedRun, RunToPlace, ChildToPlace, ServiceType } from '@school-transport/contracts';

/**
 * Reading the runs the office planned: a bus's runs (removed ones left out) in planned-start
 * order, and the children of buses with what placement needs of them. Set-based: one query for
 * any number of buses.
 */

export interface PlannedRunRow extends PlannedRun {
  driverId: string;
}

/** A planned run as placement reads it. */
export type PlacedRun = PlannedRunRow & RunToPlace;

const COLUMNS = [
  'plannedRuns.id',
  'plannedRuns.driverId',
  'plannedRuns.direction',
  'plannedRuns.name',
  'plannedRuns.schoolIds',
  'plannedRuns.plannedStart',
  'plannedRuns.plannedEnd',
  'plannedRuns.weekdays',
] as const;

export async function plannedRunsOfDrivers(db: Db, driverIds: readonly string[]): Promise<PlannedRunRow[]> {
  if (driverIds.length === 0) return [];
  return db
    .selectFrom('plannedRuns')
    .select(COLUMNS)
    .where('plannedRuns.driverId', 'in', [...driverIds])
    .where('plannedRuns.deletedAt', 'is', null)
    .orderBy('plannedRuns.plannedStart')
    .orderBy('plannedRuns.createdAt')
    .execute();
}

/** One run the office planned (removed ones included when asked: their past days stay in the records). */
export async function findPlannedRun(db: Db, runId: string, options: { withRemoved?: boolean } = {}): Promise<PlannedRunRow | undefined> {
  let query = db.selectFrom('plannedRuns').select(COLUMNS).where('plannedRuns.id', '=', runId);
  if (!options.withRemoved) query = query.where('plannedRuns.deletedAt', 'is', null);
  return query.executeTakeFirst();
}

export function toPlannedRun(row: PlannedRunRow): PlannedRun {
  return {
    id: row.id,
    direction: row.direction,
    name: row.name,
    schoolIds: row.schoolIds,
    plannedStart: row.plannedStart,
    plannedEnd: row.plannedEnd,
    weekdays: row.weekdays,
  };
}

export interface BusChild extends ChildToPlace {
  id: string;
  serviceType: ServiceType;
}

/** The children (not deleted) who ride any of these buses, either way. */
export async function childrenOfBuses(db: Db, driverIds: readonly string[]): Promise<BusChild[]> {
  if (driverIds.length === 0) return [];
  return db
    .selectFrom('students')
    .select(['id', 'schoolId', 'serviceType', 'driverId', 'afternoonDriverId', 'morningRunId', 'afternoonRunId'])
    .where('deletedAt', 'is', null)
    .where((eb) => eb.or([eb('driverId', 'in', [...driverIds]), eb('afternoonDriverId', 'in', [...driverIds])]))
    .execute();
}
