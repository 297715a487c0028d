import type { Db } from '@school-transport/db';
import { stopAddressKey, type DriverRun } from '@school-transport/contracts';

/**
 * The order of a run's stops. A stop is kept per driver, run and address; the riders of the run
 * are read fresh every time (whoever the office assigned, moved, deleted or restored since), and
 * each address without a stop yet gets one after the last: a new child joins at the end. A stop
 * whose children all left stays where it was, unseen, so a child who returns finds their place.
 * An afternoon nobody has ordered follows the morning's order reversed (home last in, first out),
 * its own stops (School → Home only) after.
 */

export interface StopRider {
  id: string;
  block: string;
  road: string;
  houseBuilding: string;
  address: string;
}

export interface OrderedStop<Rider extends StopRider> {
  id: string;
  addressKey: string;
  riders: Rider[];
}

interface StoredStop {
  id: string;
  plannedRunId: string;
  driverId: string;
  run: DriverRun;
  addressKey: string;
  position: number;
  createdAt: Date;
}

export interface RunRiders<Rider extends StopRider> {
  /** The planned run; absent: the bus's first run of the direction (the office's routes by direction). */
  plannedRunId?: string;
  driverId: string;
  run: DriverRun;
  /** In the order a new stop should take when several join at once. */
  riders: readonly Rider[];
}

/** The riders grouped by address, in the order each address first appears. */
function byAddress<Rider extends StopRider>(riders: readonly Rider[]): Map<string, Rider[]> {
  const groups = new Map<string, Rider[]>();
  for (const rider of riders) {
    const key = stopAddressKey(rider);
    groups.set(key, [...(groups.get(key) ?? []), rider]);
  }
  return groups;
}

const byStoredOrder = (a: StoredStop, b: StoredStop) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

async function readStored(db: Db, driverIds: readonly string[]): Promise<StoredStop[]> {
  if (driverIds.length === 0) return [];
  return db
    .selectFrom('runStops')
    .select(['id', 'plannedRunId', 'driverId', 'run', 'addressKey', 'position', 'createdAt'])
    .where('driverId', 'in', [...driverIds])
    .execute();
}

/** Every stored stop of a planned run, in the run's order, the unseen ones included; an afternoon nobody ordered follows the bus's mornings reversed. */
export function storedOrder(stored: readonly StoredStop[], plannedRunId: string, driverId: string, run: DriverRun, ordered: boolean): StoredStop[] {
  const own = stored.filter((stop) => stop.plannedRunId === plannedRunId).sort(byStoredOrder);
  if (run === 'morning' || ordered) return own;
  const morning = stored.filter((stop) => stop.driverId === driverId && stop.run === 'morning').sort(byStoredOrder);
  const morningPlace = new Map(morning.map((stop, index) => [stop.addressKey, index]));
  const fromMorning = own.filter((stop) => morningPlace.has(stop.addressKey)).sort((a, b) => morningPlace.get(b.addressKey)! - morningPlace.get(a.addressKey)!);
  return [...fromMorning, ...own.filter((stop) => !morningPlace.has(stop.addressKey))];
}

/**
 * The stops of several runs at once, in order, each with its riders: one read of the stored stops
 * and orders, and a write only when an address has no stop yet. Callers read a driver's two runs
 * together, so that an afternoon finds the morning's stops to follow.
 */
export async function orderedStopsOfRuns<Rider extends StopRider>(db: Db, runs: readonly RunRiders<Rider>[]): Promise<OrderedStop<Rider>[][]> {
  const driverIds = [...new Set(runs.map((entry) => entry.driverId))];
  const [storedBefore, orders, plannedRuns] = await Promise.all([
    readStored(db, driverIds),
    driverIds.length === 0 ? [] : db.selectFrom('runStopOrders').select(['plannedRunId']).where('driverId', 'in', driverIds).execute(),
    driverIds.length === 0
      ? []
      : db
          .selectFrom('plannedRuns')
          .select(['id', 'driverId', 'direction'])
          .where('driverId', 'in', driverIds)
          .where('deletedAt', 'is', null)
          .orderBy('plannedStart')
          .orderBy('createdAt')
          .execute(),
  ]);
  const plannedRunOf = (entry: RunRiders<Rider>) =>
    entry.plannedRunId ?? plannedRuns.find((row) => row.driverId === entry.driverId && row.direction === entry.run)?.id;
  const missing: { plannedRunId: string; driverId: string; run: DriverRun; addressKey: string; position: number }[] = [];
  for (const entry of runs) {
    const plannedRunId = plannedRunOf(entry);
    if (!plannedRunId) continue;
    const keys = [...byAddress(entry.riders).keys()];
    const own = storedBefore.filter((stop) => stop.plannedRunId === plannedRunId);
    const known = new Set(own.map((stop) => stop.addressKey));
    let last = Math.max(0, ...own.map((stop) => stop.position));
    for (const addressKey of keys) {
      if (known.has(addressKey) || missing.some((row) => row.plannedRunId === plannedRunId && row.addressKey === addressKey)) continue;
      last += 1;
      missing.push({ plannedRunId, driverId: entry.driverId, run: entry.run, addressKey, position: last });
    }
  }
  // Two readers at once may both add the same stop: the unique key keeps one, read back below.
  if (missing.length > 0)
    await db
      .insertInto('runStops')
      .values(missing)
      .onConflict((oc) => oc.columns(['plannedRunId', 'addressKey']).doNothing())
      .execute();
  const stored = missing.length > 0 ? await readStored(db, driverIds) : storedBefore;

  return runs.map((entry) => {
    const groups = byAddress(entry.riders);
    const plannedRunId = plannedRunOf(entry);
    if (!plannedRunId) return [];
    const ordered = orders.some((order) => order.plannedRunId === plannedRunId);
    return storedOrder(stored, plannedRunId, entry.driverId, entry.run, ordered)
      .filter((stop) => groups.has(stop.addressKey))
      .map((stop) => ({ id: stop.id, addressKey: stop.addressKey, riders: groups.get(stop.addressKey)! }));
  });
}

export async function orderedStops<Rider extends StopRider>(db: Db, driverId: string, run: DriverRun, riders: readonly Rider[]): Promise<OrderedStop<Rider>[]> {
  const [stops] = await orderedStopsOfRuns(db, [{ driverId, run, riders }]);
  return stops!;
}
