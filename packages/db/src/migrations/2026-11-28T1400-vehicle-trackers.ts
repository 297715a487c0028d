import { sql, type Kysely } from 'kysely';

/**
 * Positions from a real tracker. `drivers.vehicle_tracker_id`: the identifier the bus's tracker
 * (a GPS device behind a Traccar server, or a tracking app such as Traccar Client) reports under,
 * 1 to 64 characters, unique across buses, null: none. `bus_positions.source`: what the latest
 * position came from (`tracker`, `phone_app`, or the driver's `browser`), so that a tracker's
 * recent fix is not overwritten by the phone's; `bus_positions.battery`: the sender's battery in
 * percent where it is known; `run_positions.source` the same for each fix of a trail, so that the
 * office sees when a bus's tracker fell silent during a run. `address_requests` also counts lookups of unknown tracker
 * identifiers per address, so that identifiers cannot be guessed at speed.
 * Frozen in time: the values are written out here, not imported. One statement per call (PGlite).
 */
const UP = [
  `ALTER TABLE drivers ADD COLUMN vehicle_tracker_id text CHECK (char_length(vehicle_tracker_id) BETWEEN 1 AND 64)`,
  `CREATE UNIQUE INDEX drivers_vehicle_tracker_id_key ON drivers (vehicle_tracker_id)`,
  `ALTER TABLE bus_positions ADD COLUMN source text NOT NULL DEFAULT 'browser' CHECK (source IN ('tracker', 'phone_app', 'browser'))`,
  `ALTER TABLE bus_positions ADD COLUMN battery real CHECK (battery BETWEEN 0 AND 100)`,
  `ALTER TABLE run_positions ADD COLUMN source text NOT NULL DEFAULT 'browser' CHECK (source IN ('tracker', 'phone_app', 'browser'))`,
  `ALTER TABLE address_requests DROP CONSTRAINT address_requests_action_check`,
  `ALTER TABLE address_requests ADD CONSTRAINT address_requests_action_check CHECK (action IN ('registration', 'password_reset', 'pay_link', 'unknown_tracker'))`,
];

const DOWN = [
  `DELETE FROM address_requests WHERE action = 'unknown_tracker'`,
  `ALTER TABLE address_requests DROP CONSTRAINT address_requests_action_check`,
  `ALTER TABLE address_requests ADD CONSTRAINT address_requests_action_check CHECK (action IN ('registration', 'password_reset', 'pay_link'))`,
  `ALTER TABLE run_positions DROP COLUMN source`,
  `ALTER TABLE bus_positions DROP COLUMN battery`,
  `ALTER TABLE bus_positions DROP COLUMN source`,
  `DROP INDEX drivers_vehicle_tracker_id_key`,
  `ALTER TABLE drivers DROP COLUMN vehicle_tracker_id`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
