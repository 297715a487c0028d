import type { Db } from '@school-transport/db';
import { ADMIN_MESSAGES, DRIVER_RUNS, RUN_SERVICE_TYPES, type DriverRun, type RunStops } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { orderedStopsOfRuns, type OrderedStop } from './stop-order.js';
import { stopLocations } from './stop-locations.js';

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

/** The driver's students who ride each run (deleted students ride nothing), in the driver's list order. */
async function ridersByRun(db: Db, driverId: string): Promise<Record<DriverRun, RouteRider[]>> {
  const rows = await db
    .selectFrom('students')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .innerJoin('areas', 'areas.id', 'students.areaId')
    .select(['students.id', 'students.firstName', 'students.lastName', 'students.address', 'students.block', 'students.road', 'students.houseBuilding', 'students.locationLink', 'students.serviceType'])
    .where('students.driverId', '=', driverId)
    .where('students.deletedAt', 'is', null)
    .orderBy('schools.name')
    .orderBy('areas.name')
    .orderBy('students.firstName')
    .orderBy('students.lastName')
    .orderBy('students.automatedId')
    .execute();
  return {
    morning: rows.filter((row) => RUN_SERVICE_TYPES.morning.includes(row.serviceType)),
    afternoon: rows.filter((row) => RUN_SERVICE_TYPES.afternoon.includes(row.serviceType)),
  };
}

/** The driver's two runs' stops in order (both read together: an afternoon follows the morning's). */
export async function driverRunStops(db: Db, driverId: string): Promise<Record<DriverRun, OrderedStop<RouteRider>[]>> {
  const riders = await ridersByRun(db, driverId);
  const [morning, afternoon] = await orderedStopsOfRuns(db, DRIVER_RUNS.map((run) => ({ driverId, run, riders: riders[run] })));
  return { morning: morning!, afternoon: afternoon! };
}

/** The driver, or 404 (an id that is not a driver's). */
export async function findDriver(db: Db, driverId: string): Promise<{ id: string; vehicleSeats: number | null }> {
  const driver = isUuid(driverId) ? await db.selectFrom('drivers').select(['id', 'vehicleSeats']).where('id', '=', driverId).executeTakeFirst() : undefined;
  if (!driver) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
  return driver;
}

/**
 * The bus's seats against the children who ride the run. Kept here until the seats rule has its
 * own module; a vehicle without a seat count has no limit.
 */
function seatsOf(driver: { vehicleSeats: number | null }, stops: readonly OrderedStop<RouteRider>[]): { seats: number | null; riders: number } {
  return { seats: driver.vehicleSeats, riders: stops.reduce((sum, stop) => sum + stop.riders.length, 0) };
}

/** A run's stops in order with their children and locations, the seats and riders, and who ordered it last. */
export async function readRunStops(db: Db, driverId: string, run: DriverRun): Promise<RunStops> {
  const driver = await findDriver(db, driverId);
  const [stops, order] = await Promise.all([
    driverRunStops(db, driver.id).then((runs) => runs[run]),
    db
      .selectFrom('runStopOrders')
      .leftJoin('users', 'users.id', 'runStopOrders.orderedBy')
      .select(['users.name', 'runStopOrders.orderedAt'])
      .where('runStopOrders.driverId', '=', driver.id)
      .where('runStopOrders.run', '=', run)
      .executeTakeFirst(),
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
    ...seatsOf(driver, stops),
    orderedBy: order ? { name: order.name ?? '', at: order.orderedAt.toISOString() } : null,
  };
}
