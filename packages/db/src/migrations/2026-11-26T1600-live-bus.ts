import { sql, type Kysely } from 'kysely';

/**
 * The live bus. `bus_positions`: the latest position of each driver's phone during a run (one row
 * per driver, overwritten). `run_positions`: every accepted fix of a run, its trail, keyed by the
 * driver whose phone sent it and the run's date and slot (a substitute's phone is the bus of every
 * run it covers); one fix per phone and instant, so a batch sent again is stored once; deleted
 * after the retention period by the server's job (by `at`, hence its index). `bus_near_settings`:
 * a family's choice to be told when the bus is about 5 or 10 minutes from a student's stop (off
 * when there is no row). Frozen in time: no application code; one statement per call (PGlite).
 */
const UP = [
  `CREATE TABLE bus_positions (
    driver_id uuid PRIMARY KEY REFERENCES drivers (id) ON DELETE CASCADE,
    date text NOT NULL,
    run text NOT NULL CHECK (run IN ('morning', 'afternoon')),
    lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
    lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
    accuracy real NOT NULL,
    speed real,
    heading real,
    at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE run_positions (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    driver_id uuid NOT NULL REFERENCES drivers (id) ON DELETE CASCADE,
    date text NOT NULL,
    run text NOT NULL CHECK (run IN ('morning', 'afternoon')),
    lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
    lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
    accuracy real NOT NULL,
    speed real,
    heading real,
    at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT run_positions_driver_at_key UNIQUE (driver_id, at)
  )`,
  `CREATE INDEX run_positions_run_idx ON run_positions (driver_id, date, run, at)`,
  `CREATE INDEX run_positions_at_idx ON run_positions (at)`,
  `CREATE TABLE bus_near_settings (
    student_id uuid PRIMARY KEY REFERENCES students (id) ON DELETE CASCADE,
    minutes integer NOT NULL CHECK (minutes IN (5, 10)),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of ['DROP TABLE bus_near_settings', 'DROP TABLE run_positions', 'DROP TABLE bus_positions']) {
    await sql.raw(statement).execute(db);
  }
}
