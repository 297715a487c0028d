import { sql, type Kysely } from 'kysely';

/**
 * The pickup order of each run and where each stop is. `run_stops`: one row per driver, run and
 * address (children at one address share a stop); a row stays when its children leave the run, so
 * a child who comes back finds the stop where it was. `run_stop_orders`: who ordered a driver's
 * run last, and when; an afternoon without a row follows the morning's order reversed.
 * `stop_locations`: the office's pin for an address, shared by every run that stops there.
 * Frozen in time: no application code; one statement per call (PGlite).
 */
const UP = [
  `CREATE TABLE run_stops (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    driver_id uuid NOT NULL REFERENCES drivers (id),
    run text NOT NULL CHECK (run IN ('morning', 'afternoon')),
    address_key text NOT NULL,
    position integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT run_stops_driver_run_address_key UNIQUE (driver_id, run, address_key)
  )`,
  `CREATE TABLE run_stop_orders (
    driver_id uuid NOT NULL REFERENCES drivers (id),
    run text NOT NULL CHECK (run IN ('morning', 'afternoon')),
    ordered_by uuid REFERENCES users (id) ON DELETE SET NULL,
    ordered_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (driver_id, run)
  )`,
  `CREATE TABLE stop_locations (
    address_key text PRIMARY KEY,
    lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
    lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
    set_by uuid REFERENCES users (id) ON DELETE SET NULL,
    set_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['DROP TABLE stop_locations', 'DROP TABLE run_stop_orders', 'DROP TABLE run_stops']) {
    await sql.raw(statement).execute(db);
  }
}
