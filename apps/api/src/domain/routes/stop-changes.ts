import { sql } from 'kysely';
import type { Db } from '@school-transport/db';
import { ROUTE_MESSAGES, type RunStops } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit.js';
import { isUuid } from '../ids.js';
import { findDriver, plannedRunStops, readPlannedRunStops } from './run-stops.js';
import { storedOrder } from './stop-order.js';
import { plannedRunOfBus } from '../planned-runs/direction-run.js';

/**
 * The office's and the driver's changes to a run: a new order of its stops, and the office's pin
 * of a stop. Each is audited with who made it, as the route of the driver (entity 'route').
 */

/** Who reorders: the office for any driver, a driver only their own runs. */
export type RouteActor = Actor & { kind: 'office' | 'driver' };

/**
 * Saves the order of a run's stops. The ids must be exactly the run's stops as they are now: a
 * list read before a child joined or left, or another driver's stops, is refused (409) so that
 * nobody overwrites an order they did not see. Stops whose children left keep their place among
 * the others (a child who returns finds it). Each run of a bus has its own order (two afternoon
 * runs, two orders); the run is named by its id or its direction (the bus's one run that way).
 */
export async function reorderRunStops(db: Db, who: RouteActor, driverId: string, ref: string, stopIds: readonly string[]): Promise<RunStops> {
  const driver = await findDriver(db, driverId);
  const plannedRun = await plannedRunOfBus(db, driver.id, ref);
  const { id: plannedRunId, direction: run } = plannedRun;
  await db.transaction().execute(async (trx) => {
    // One reorder of a driver's routes at a time: the second waits and then sees the first's stops.
    await trx.selectFrom('drivers').select('id').where('id', '=', driver.id).forUpdate().executeTakeFirstOrThrow();
    const visible = await plannedRunStops(trx, plannedRun);
    const current = visible.map((stop) => stop.id);
    if (stopIds.length !== current.length || new Set(stopIds).size !== stopIds.length || !stopIds.every((id) => current.includes(id))) {
      throw new AppError('CONFLICT', ROUTE_MESSAGES.stopsChanged);
    }
    const [stored, ordered] = await Promise.all([
      trx
        .selectFrom('runStops')
        .select(['id', 'plannedRunId', 'driverId', 'run', 'addressKey', 'position', 'createdAt'])
        .where('driverId', '=', driver.id)
        .execute(),
      trx.selectFrom('runStopOrders').select('run').where('plannedRunId', '=', plannedRunId).executeTakeFirst(),
    ]);
    // The visible stops take the slots the visible stops held, in the new order; unseen ones stay.
    const full = storedOrder(stored, plannedRunId, driver.id, run, Boolean(ordered));
    const shown = new Set(current);
    const next = [...stopIds];
    const sequence = full.map((stop) => (shown.has(stop.id) ? next.shift()! : stop.id));
    // One statement for the whole run, however many stops.
    const positions = sql<number>`CASE ${sql.join(
      sequence.map((id, index) => sql`WHEN id = ${id}::uuid THEN ${index + 1}::int`),
      sql` `,
    )} END`;
    if (sequence.length > 0) await trx.updateTable('runStops').set({ position: positions }).where('id', 'in', sequence).execute();
    await trx
      .insertInto('runStopOrders')
      .values({ plannedRunId, driverId: driver.id, run, orderedBy: who.userId, orderedAt: new Date() })
      .onConflict((oc) => oc.column('plannedRunId').doUpdateSet({ orderedBy: who.userId, orderedAt: new Date() }))
      .execute();
    const addressOf = new Map(visible.map((stop) => [stop.id, stop.riders[0]!.address]));
    await recordAudit(trx, who, {
      entityType: 'route',
      entityId: driver.id,
      action: 'reorder',
      diff: {
        run,
        plannedRunId,
        runName: plannedRun.name,
        by: who.kind,
        stops: { from: current.map((id) => addressOf.get(id)), to: stopIds.map((id) => addressOf.get(id)) },
      },
    });
  });
  return readPlannedRunStops(db, plannedRun);
}

/** One of the run's stops as it is now (404 for a stop of another run or one without children). */
async function findStop(db: Db, driverId: string, ref: string, stopId: string) {
  const driver = await findDriver(db, driverId);
  const run = await plannedRunOfBus(db, driver.id, ref);
  const stop = isUuid(stopId) ? (await plannedRunStops(db, run)).find((entry) => entry.id === stopId) : undefined;
  if (!stop) throw new AppError('NOT_FOUND', ROUTE_MESSAGES.stopNotFound);
  return { driver, run, stop };
}

/** The office's pin: where the stop is, above what the phones learned and the parent's link. */
export async function setStopLocation(
  db: Db,
  actor: Actor,
  input: { driverId: string; run: string; stopId: string; lat: number; lng: number },
): Promise<RunStops> {
  const { driver, run, stop } = await findStop(db, input.driverId, input.run, input.stopId);
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('stopLocations').select(['lat', 'lng']).where('addressKey', '=', stop.addressKey).executeTakeFirst();
    await trx
      .insertInto('stopLocations')
      .values({ addressKey: stop.addressKey, lat: input.lat, lng: input.lng, setBy: actor.userId, setAt: new Date() })
      .onConflict((oc) => oc.column('addressKey').doUpdateSet({ lat: input.lat, lng: input.lng, setBy: actor.userId, setAt: new Date() }))
      .execute();
    await recordAudit(trx, actor, {
      entityType: 'route',
      entityId: driver.id,
      action: 'pin',
      diff: {
        run: run.direction,
        plannedRunId: run.id,
        address: stop.riders[0]!.address,
        location: { from: before ? { lat: before.lat, lng: before.lng } : null, to: { lat: input.lat, lng: input.lng } },
      },
    });
  });
  return readPlannedRunStops(db, run);
}

/** Removes the office's pin: the learned or linked position shows again. */
export async function clearStopLocation(db: Db, actor: Actor, input: { driverId: string; run: string; stopId: string }): Promise<RunStops> {
  const { driver, run, stop } = await findStop(db, input.driverId, input.run, input.stopId);
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('stopLocations').where('addressKey', '=', stop.addressKey).returning(['lat', 'lng']).executeTakeFirst();
    if (removed) {
      await recordAudit(trx, actor, {
        entityType: 'route',
        entityId: driver.id,
        action: 'unpin',
        diff: {
          run: run.direction,
          plannedRunId: run.id,
          address: stop.riders[0]!.address,
          location: { from: { lat: removed.lat, lng: removed.lng }, to: null },
        },
      });
    }
  });
  return readPlannedRunStops(db, run);
}
