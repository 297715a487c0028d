import type { Db } from '@school-transport/db';
import { ADMIN_MESSAGES, DRIVER_RUNS, ridesOnRun, runsOfChildInWeek, type RunStops } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { orderedStopsOfRuns, type OrderedStop } from './stop-order.js';
import { stopLocations } from './stop-locations.js';
import { runSeats } from './seats.js';
import { readSchoolDaySettings } from '../school-day/settings.js';
import { plannedRunOfBus } from '../planned-runs/direction-run.js';
import { childrenOfBuses, plannedRunsOfDrivers, type PlannedRunRow } from '../planned-runs/read.js';

/**
 * A run's stops as the office plans them and the bus drives them: in order, numbered from 1, each
 * with its children and where it is. The live bus position's estimates read the same answer.
 */

export interface RouteRider {
  id: string;
  firstName: string;
  lastName: string;
  address: string;
  block: string;
  road: string;
  houseBuilding: string;
  locationLink: string | null;
  serviceType: string;
}

/**
 * The riders of these planned runs of one bus: its children who ride each on at least one of its
 * days (by school or by hand, the afternoon on the bus home; deleted students ride nothing, the
 * seat rule counts the same children), in the driver's list order.
 */
async function ridersOfRuns(db: Db, driverId: string, wanted: readonly PlannedRunRow[]): Promise<Map<string, RouteRider[]>> {
  const [busRuns, children, settings] = await Promise.all([plannedRunsOfDrivers(db, [driverId]), childrenOfBuses(db, [driverId]), readSchoolDaySettings(db)]);
  // A removed run named for a past day's records still places its children as it did.
  const runs = [...busRuns, ...wanted.filter((run) => !busRuns.some((each) => each.id === run.id))];
  const idsOf = new Map(wanted.map((run) => [run.id, new Set<string>()]));
  for (const child of children) {
    for (const direction of DRIVER_RUNS) {
      if (!ridesOnRun(child.serviceType, direction)) continue;
      for (const run of runsOfChildInWeek(runs, child, direction, settings.schoolDays)) idsOf.get(run.id)?.add(child.id);
    }
  }
  const ids = [...new Set([...idsOf.values()].flatMap((set) => [...set]))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('students')
          .innerJoin('schools', 'schools.id', 'students.schoolId')
          .innerJoin('areas', 'areas.id', 'students.areaId')
          .select([
            'students.id',
            'students.firstName',
            'students.lastName',
            'students.address',
            'students.block',
            'students.road',
            'students.houseBuilding',
            'students.locationLink',
            'students.serviceType',
          ])
          .where('students.id', 'in', ids)
          .orderBy('schools.name')
          .orderBy('areas.name')
          .orderBy('students.firstName')
          .orderBy('students.lastName')
          .orderBy('students.automatedId')
          .execute();
  return new Map(wanted.map((run) => [run.id, rows.filter((row) => idsOf.get(run.id)!.has(row.id))]));
}

/**
 * A planned run's stops in order. An afternoon's stops are read with the bus's mornings', so that
 * an afternoon nobody ordered finds the morning's stops to follow (stop-order.ts).
 */
export async function plannedRunStops(db: Db, run: PlannedRunRow): Promise<OrderedStop<RouteRider>[]> {
  const mornings = run.direction === 'afternoon' ? (await plannedRunsOfDrivers(db, [run.driverId])).filter((each) => each.direction === 'morning') : [];
  const entries = [...mornings, run];
  const riders = await ridersOfRuns(db, run.driverId, entries);
  const stops = await orderedStopsOfRuns(
    db,
    entries.map((each) => ({ plannedRunId: each.id, driverId: each.driverId, run: each.direction, riders: riders.get(each.id) ?? [] })),
  );
  return stops.at(-1)!;
}

/** The driver, or 404 (an id that is not a driver's). */
export async function findDriver(db: Db, driverId: string): Promise<{ id: string; vehicleSeats: number | null }> {
  const driver = isUuid(driverId) ? await db.selectFrom('drivers').select(['id', 'vehicleSeats']).where('id', '=', driverId).executeTakeFirst() : undefined;
  if (!driver) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
  return driver;
}

/**
 * A run's stops in order with their children and locations, the seats and riders, and who
 * ordered it last. The run is named by its id or its direction (the bus's one run that way).
 */
export async function readRunStops(db: Db, driverId: string, ref: string): Promise<RunStops> {
  const driver = await findDriver(db, driverId);
  const run = await plannedRunOfBus(db, driver.id, ref);
  return readPlannedRunStops(db, run);
}

/** The stops of a planned run already found (a removed one too, for a past day's trail). */
export async function readPlannedRunStops(db: Db, run: PlannedRunRow): Promise<RunStops> {
  const [stops, order, seats] = await Promise.all([
    plannedRunStops(db, run),
    db
      .selectFrom('runStopOrders')
      .leftJoin('users', 'users.id', 'runStopOrders.orderedBy')
      .select(['users.name', 'runStopOrders.orderedAt'])
      .where('runStopOrders.plannedRunId', '=', run.id)
      .executeTakeFirst(),
    runSeats(db, run.driverId, run.id),
  ]);
  const locations = await stopLocations(db, stops);
  return {
    stops: stops.map((stop, index) => ({
      id: stop.id,
      position: index + 1,
      address: stop.riders[0]!.address,
      students: stop.riders.map((rider) => ({ id: rider.id, firstName: rider.firstName, lastName: rider.lastName })),
      location: locations.get(stop.addressKey) ?? null,
    })),
    ...seats,
    orderedBy: order ? { name: order.name ?? '', at: order.orderedAt.toISOString() } : null,
  };
}
