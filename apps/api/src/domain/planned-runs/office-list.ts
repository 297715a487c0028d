import type { Db } from '@school-transport/db';
import {
  ADMIN_MESSAGES,
  DRIVER_RUNS,
  ridesOnRun,
  runsOfChildInWeek,
  runWeekdays,
  windowsOverlap,
  type DriverRunsList,
  type Weekday,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { readSchoolDaySettings } from '../school-day/settings.js';
import { childrenOfBuses, plannedRunsOfDrivers, toPlannedRun, type BusChild, type PlannedRunRow } from './read.js';

/** The bus (driver) a path names, or 404. */
export async function findBus(db: Db, driverId: string): Promise<{ id: string; vehicleSeats: number | null }> {
  const driver = isUuid(driverId) ? await db.selectFrom('drivers').select(['id', 'vehicleSeats']).where('id', '=', driverId).executeTakeFirst() : undefined;
  if (!driver) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
  return driver;
}

/** Children per run: those who ride it on at least one of its days, by hand or by school (service type counted). */
export function ridersPerRun(runs: readonly PlannedRunRow[], children: readonly BusChild[], schoolDays: readonly Weekday[]): Map<string, number> {
  const counts = new Map(runs.map((run) => [run.id, 0]));
  for (const child of children) {
    for (const direction of DRIVER_RUNS) {
      if (!ridesOnRun(child.serviceType, direction)) continue;
      for (const run of runsOfChildInWeek(runs, child, direction, schoolDays)) counts.set(run.id, (counts.get(run.id) ?? 0) + 1);
    }
  }
  return counts;
}

/** Pairs of a bus's runs whose planned windows overlap on a day both operate: shown as a warning, not refused. */
export function overlapsOf(runs: readonly PlannedRunRow[], schoolDays: readonly Weekday[]): DriverRunsList['overlaps'] {
  const overlaps: DriverRunsList['overlaps'] = [];
  runs.forEach((first, index) => {
    for (const second of runs.slice(index + 1)) {
      if (!windowsOverlap(first, second)) continue;
      const days = runWeekdays(second, schoolDays);
      const weekdays = runWeekdays(first, schoolDays).filter((day) => days.includes(day));
      if (weekdays.length > 0) overlaps.push({ runIds: [first.id, second.id], weekdays });
    }
  });
  return overlaps;
}

/** GET /api/admin/drivers/{driverId}/runs: the bus's runs in planned-start order, riders against seats, and overlaps. */
export async function listDriverRuns(db: Db, driverId: string): Promise<DriverRunsList> {
  const bus = await findBus(db, driverId);
  const [runs, children, settings] = await Promise.all([plannedRunsOfDrivers(db, [bus.id]), childrenOfBuses(db, [bus.id]), readSchoolDaySettings(db)]);
  const riders = ridersPerRun(runs, children, settings.schoolDays);
  return {
    runs: runs.map((run) => ({ ...toPlannedRun(run), riders: riders.get(run.id) ?? 0, seats: bus.vehicleSeats })),
    overlaps: overlapsOf(runs, settings.schoolDays),
  };
}
