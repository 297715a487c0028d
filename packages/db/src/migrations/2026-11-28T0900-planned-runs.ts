import { sql, type Kysely } from 'kysely';

/**
 * Runs the office plans. `planned_runs`: a bus's (a driver's) runs, each with its direction
 * (morning: home to school; afternoon: school to home), a name, the schools it serves (empty: every
 * school the bus's children go to), planned start and end as Bahrain 'HH:MM', and the weekdays it
 * operates (null: the school week as set). A removed run keeps its row (`deleted_at`) because its
 * past days stay in the records. Schools gain an optional start and dismissal time, from which a new
 * run's times default. A student may be placed on a run by hand (`morning_run_id`,
 * `afternoon_run_id`; null: the run of their bus serving their school) and go home on another bus
 * (`afternoon_driver_id`; null: the morning's).
 *
 * Every driver gets 'Morning' and 'Afternoon' at the school-day settings' times (a new driver too,
 * by the trigger), and every record keyed by a driver's direction moves onto that planned run:
 * the day records (`school_runs`, hence their marks), the stops and their order, the live
 * position and the trails. The driver and direction columns stay on those rows: they say whose
 * bus it was and which way it went on that day, and keep the records readable without a join.
 * Absences, pins and 'bus is near' choices are keyed by student or address and stay as they are.
 * Frozen in time: no application code; one statement per call (PGlite).
 */
const HH_MM = `~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`;

/** A settings time (a JSON string '"06:00"' as the app saves it) or the default when absent or invalid. */
const SETTINGS_TIMES = `
  CREATE FUNCTION planned_run_times(direction text) RETURNS TABLE (planned_start text, planned_end text) LANGUAGE plpgsql STABLE AS $$
  DECLARE
    start_key text := CASE WHEN direction = 'morning' THEN 'morningStart' ELSE 'afternoonStart' END;
    end_key text := CASE WHEN direction = 'morning' THEN 'morningEnd' ELSE 'afternoonEnd' END;
    start_value text;
    end_value text;
  BEGIN
    SELECT value #>> '{}' INTO start_value FROM settings WHERE key = start_key AND jsonb_typeof(value) = 'string' AND value #>> '{}' ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$';
    SELECT value #>> '{}' INTO end_value FROM settings WHERE key = end_key AND jsonb_typeof(value) = 'string' AND value #>> '{}' ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$';
    start_value := coalesce(start_value, CASE WHEN direction = 'morning' THEN '06:00' ELSE '13:00' END);
    end_value := coalesce(end_value, CASE WHEN direction = 'morning' THEN '08:00' ELSE '15:00' END);
    IF start_value >= end_value THEN
      start_value := CASE WHEN direction = 'morning' THEN '06:00' ELSE '13:00' END;
      end_value := CASE WHEN direction = 'morning' THEN '08:00' ELSE '15:00' END;
    END IF;
    RETURN QUERY SELECT start_value, end_value;
  END $$`;

/** A driver's two first runs, 'Morning' and 'Afternoon', serving every school at the settings' times. */
const DEFAULT_RUNS = `
  CREATE FUNCTION add_default_planned_runs() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO planned_runs (driver_id, direction, name, planned_start, planned_end)
    SELECT NEW.id, direction, name, times.planned_start, times.planned_end
    FROM (VALUES ('morning', 'Morning'), ('afternoon', 'Afternoon')) AS runs (direction, name),
      LATERAL planned_run_times(runs.direction) AS times;
    RETURN NEW;
  END $$`;

const UP = [
  `CREATE TABLE planned_runs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    driver_id uuid NOT NULL REFERENCES drivers (id) ON DELETE CASCADE,
    direction text NOT NULL CHECK (direction IN ('morning', 'afternoon')),
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    school_ids jsonb NOT NULL DEFAULT '[]',
    planned_start text NOT NULL CHECK (planned_start ${HH_MM}),
    planned_end text NOT NULL CHECK (planned_end ${HH_MM}),
    weekdays jsonb,
    deleted_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (planned_start < planned_end)
  )`,
  `CREATE INDEX planned_runs_driver_idx ON planned_runs (driver_id, planned_start) WHERE deleted_at IS NULL`,
  `ALTER TABLE schools ADD COLUMN start_time text CHECK (start_time ${HH_MM})`,
  `ALTER TABLE schools ADD COLUMN dismissal_time text CHECK (dismissal_time ${HH_MM})`,
  // Which run a child rides: by school unless the office placed them by hand; home on another bus.
  `ALTER TABLE students ADD COLUMN morning_run_id uuid REFERENCES planned_runs (id)`,
  `ALTER TABLE students ADD COLUMN afternoon_run_id uuid REFERENCES planned_runs (id)`,
  `ALTER TABLE students ADD COLUMN afternoon_driver_id uuid REFERENCES drivers (id)`,
  SETTINGS_TIMES,
  DEFAULT_RUNS,
  `INSERT INTO planned_runs (driver_id, direction, name, planned_start, planned_end)
    SELECT drivers.id, runs.direction, runs.name, times.planned_start, times.planned_end
    FROM drivers, (VALUES ('morning', 'Morning'), ('afternoon', 'Afternoon')) AS runs (direction, name), LATERAL planned_run_times(runs.direction) AS times`,
  `CREATE TRIGGER drivers_get_default_runs AFTER INSERT ON drivers FOR EACH ROW EXECUTE FUNCTION add_default_planned_runs()`,

  // The day records: one row per planned run and date.
  `ALTER TABLE school_runs ADD COLUMN planned_run_id uuid REFERENCES planned_runs (id)`,
  `UPDATE school_runs SET planned_run_id = planned_runs.id FROM planned_runs WHERE planned_runs.driver_id = school_runs.driver_id AND planned_runs.direction = school_runs.run`,
  `ALTER TABLE school_runs ALTER COLUMN planned_run_id SET NOT NULL`,
  `ALTER TABLE school_runs DROP CONSTRAINT school_runs_driver_date_run_key`,
  `ALTER TABLE school_runs ADD CONSTRAINT school_runs_planned_run_date_key UNIQUE (planned_run_id, date)`,
  `CREATE INDEX school_runs_driver_date_idx ON school_runs (driver_id, date, run)`,

  // The stops and their order: per planned run.
  `ALTER TABLE run_stops ADD COLUMN planned_run_id uuid REFERENCES planned_runs (id) ON DELETE CASCADE`,
  `UPDATE run_stops SET planned_run_id = planned_runs.id FROM planned_runs WHERE planned_runs.driver_id = run_stops.driver_id AND planned_runs.direction = run_stops.run`,
  `ALTER TABLE run_stops ALTER COLUMN planned_run_id SET NOT NULL`,
  `ALTER TABLE run_stops DROP CONSTRAINT run_stops_driver_run_address_key`,
  `ALTER TABLE run_stops ADD CONSTRAINT run_stops_planned_run_address_key UNIQUE (planned_run_id, address_key)`,
  `ALTER TABLE run_stop_orders ADD COLUMN planned_run_id uuid REFERENCES planned_runs (id) ON DELETE CASCADE`,
  `UPDATE run_stop_orders SET planned_run_id = planned_runs.id FROM planned_runs WHERE planned_runs.driver_id = run_stop_orders.driver_id AND planned_runs.direction = run_stop_orders.run`,
  `ALTER TABLE run_stop_orders ALTER COLUMN planned_run_id SET NOT NULL`,
  `ALTER TABLE run_stop_orders DROP CONSTRAINT run_stop_orders_pkey`,
  `ALTER TABLE run_stop_orders ADD PRIMARY KEY (planned_run_id)`,

  // The live bus: the latest position and the trails name the planned run driven.
  `ALTER TABLE bus_positions ADD COLUMN planned_run_id uuid REFERENCES planned_runs (id) ON DELETE CASCADE`,
  `UPDATE bus_positions SET planned_run_id = planned_runs.id FROM planned_runs WHERE planned_runs.driver_id = bus_positions.driver_id AND planned_runs.direction = bus_positions.run`,
  `ALTER TABLE bus_positions ALTER COLUMN planned_run_id SET NOT NULL`,
  `ALTER TABLE run_positions ADD COLUMN planned_run_id uuid REFERENCES planned_runs (id) ON DELETE CASCADE`,
  `UPDATE run_positions SET planned_run_id = planned_runs.id FROM planned_runs WHERE planned_runs.driver_id = run_positions.driver_id AND planned_runs.direction = run_positions.run`,
  `ALTER TABLE run_positions ALTER COLUMN planned_run_id SET NOT NULL`,
  `CREATE INDEX run_positions_planned_run_idx ON run_positions (planned_run_id, date, at)`,
];

const DOWN = [
  `DROP INDEX run_positions_planned_run_idx`,
  `ALTER TABLE run_positions DROP COLUMN planned_run_id`,
  `ALTER TABLE bus_positions DROP COLUMN planned_run_id`,
  `ALTER TABLE run_stop_orders DROP CONSTRAINT run_stop_orders_pkey`,
  `ALTER TABLE run_stop_orders DROP COLUMN planned_run_id`,
  `ALTER TABLE run_stop_orders ADD PRIMARY KEY (driver_id, run)`,
  `ALTER TABLE run_stops DROP CONSTRAINT run_stops_planned_run_address_key`,
  `ALTER TABLE run_stops DROP COLUMN planned_run_id`,
  `ALTER TABLE run_stops ADD CONSTRAINT run_stops_driver_run_address_key UNIQUE (driver_id, run, address_key)`,
  `DROP INDEX school_runs_driver_date_idx`,
  `ALTER TABLE school_runs DROP CONSTRAINT school_runs_planned_run_date_key`,
  `ALTER TABLE school_runs DROP COLUMN planned_run_id`,
  `ALTER TABLE school_runs ADD CONSTRAINT school_runs_driver_date_run_key UNIQUE (driver_id, date, run)`,
  `DROP TRIGGER drivers_get_default_runs ON drivers`,
  `DROP FUNCTION add_default_planned_runs()`,
  `DROP FUNCTION planned_run_times(text)`,
  `ALTER TABLE students DROP COLUMN afternoon_driver_id`,
  `ALTER TABLE students DROP COLUMN afternoon_run_id`,
  `ALTER TABLE students DROP COLUMN morning_run_id`,
  `ALTER TABLE schools DROP COLUMN dismissal_time`,
  `ALTER TABLE schools DROP COLUMN start_time`,
  `DROP TABLE planned_runs`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
