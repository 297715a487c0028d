import { BUS_STALE_AFTER_S, TRACKER_PRECEDENCE_S, type PositionFix, type PositionSource } from '@school-transport/contracts';
import { LIVE_BUS_CHANNEL } from './channel.js';

/**
 * The run's Start is stamped when it reaches the server: a fix the phone took as the driver tapped
 * Start (or with its clock a little behind) comes just before it, and still belongs to the run.
 */
export const BEFORE_START_TOLERANCE_MS = 60_000;

/** What the statement found and did, for one batch (its columns as the database handle names them: camelCase). */
export interface WrittenPositions {
  /** The runs of this date and slot this phone is the bus of, started or not. */
  driven: number;
  /** Of those, the started ones. */
  started: number;
  /** The driver's own run was handed to a substitute. */
  handedAway: boolean;
  /** Fixes inside the run's time (kept in the trail). */
  inside: number;
  /** The latest position ('now') moved, and the other server processes were told. */
  moved: boolean;
  /** A family of these runs wants the 'bus is near' message (asked only when the bus moved). */
  nearWanted: boolean;
}

/**
 * A batch of fixes in one statement, so that a batch costs one round trip: finds the runs this
 * phone is the bus of (the driver's own, unless the office handed it to a substitute, and any they
 * cover), keeps the fixes taken between their Start (less BEFORE_START_TOLERANCE_MS) and their End
 * in the trail, moves the latest position when the newest fix is recent and a run is still under
 * way, tells the other server processes, and says what it found so that a refusal can be
 * explained. Nothing is written when no run is started or no fix lies inside it. The fixes come as
 * arrays, so the text is the same for any batch (and is the benchmark's floor: bench/positions-floor.ts).
 * The bus's tracker (or a tracking app) wins over the driver's browser: while the latest position
 * is a tracker's fix of the last TRACKER_PRECEDENCE_S, a browser's fix goes to the trail but does
 * not move the bus; once the tracker is silent longer, the browser's fixes move it again.
 *
 * $1 driver id, $2 date, $3 run (its direction), $4 now, $5 lat[], $6 lng[], $7 accuracy[], $8 speed[], $9 heading[], $10 at[],
 * $11 the planned run when the phone named it by id (null: every run of that direction the phone drives that day),
 * $12 source ('tracker', 'phone_app' or 'browser'), $13 battery (percent, or null).
 */
export const POSITIONS_STATEMENT = `
WITH own AS (
  SELECT planned_run_id, driver_id, substitute_driver_id, started_at, ended_at FROM school_runs
  WHERE date = $2 AND (CASE WHEN $11::uuid IS NULL THEN run = $3 ELSE planned_run_id = $11::uuid END) AND (driver_id = $1 OR substitute_driver_id = $1)
),
driven AS (
  SELECT * FROM own
  WHERE CASE WHEN driver_id = $1 THEN substitute_driver_id IS NULL OR substitute_driver_id = driver_id ELSE substitute_driver_id = $1 END
),
span AS (
  SELECT min(started_at) - interval '${BEFORE_START_TOLERANCE_MS} milliseconds' AS from_at,
    CASE WHEN bool_and(ended_at IS NOT NULL) THEN max(ended_at) END AS until_at, count(*) AS started
  FROM driven WHERE started_at IS NOT NULL
),
sent AS (
  SELECT * FROM unnest($5::float8[], $6::float8[], $7::real[], $8::real[], $9::real[], $10::timestamptz[]) AS sent (lat, lng, accuracy, speed, heading, at)
),
inside AS (
  SELECT sent.*, span.until_at IS NULL AS under_way FROM sent, span
  WHERE span.started > 0 AND sent.at >= span.from_at AND (span.until_at IS NULL OR sent.at <= span.until_at)
),
trail AS (
  INSERT INTO run_positions (driver_id, planned_run_id, date, run, lat, lng, accuracy, speed, heading, at, source)
  SELECT $1, (SELECT planned_run_id FROM driven ORDER BY driver_id = $1 DESC LIMIT 1), $2, $3, lat, lng, accuracy, speed, heading, at, $12::text FROM inside
  ON CONFLICT (driver_id, at) DO NOTHING
),
latest AS (
  INSERT INTO bus_positions (driver_id, planned_run_id, date, run, lat, lng, accuracy, speed, heading, at, updated_at, source, battery)
  SELECT $1, (SELECT planned_run_id FROM driven ORDER BY driver_id = $1 DESC LIMIT 1), $2, $3, lat, lng, accuracy, speed, heading, at, $4, $12::text, $13::real FROM inside
  WHERE under_way AND at >= $4::timestamptz - interval '${BUS_STALE_AFTER_S} seconds' ORDER BY at DESC LIMIT 1
  ON CONFLICT (driver_id) DO UPDATE SET planned_run_id = excluded.planned_run_id, date = excluded.date, run = excluded.run, lat = excluded.lat, lng = excluded.lng, accuracy = excluded.accuracy,
    speed = excluded.speed, heading = excluded.heading, at = excluded.at, updated_at = excluded.updated_at, source = excluded.source, battery = excluded.battery
  WHERE (bus_positions.at < excluded.at OR bus_positions.date <> excluded.date OR bus_positions.run <> excluded.run)
    AND (excluded.source <> 'browser' OR bus_positions.source = 'browser' OR bus_positions.at < $4::timestamptz - interval '${TRACKER_PRECEDENCE_S} seconds')
  RETURNING driver_id
),
noticed AS (SELECT pg_notify('${LIVE_BUS_CHANNEL}', driver_id::text) FROM latest)
SELECT
  (SELECT count(*) FROM driven)::int AS driven,
  (SELECT started FROM span)::int AS started,
  EXISTS (SELECT 1 FROM own WHERE driver_id = $1 AND substitute_driver_id <> driver_id) AS handed_away,
  (SELECT count(*) FROM inside)::int AS inside,
  EXISTS (SELECT 1 FROM noticed) AS moved,
  EXISTS (SELECT 1 FROM noticed) AND EXISTS (
    SELECT 1 FROM bus_near_settings JOIN students ON students.id = bus_near_settings.student_id
    WHERE (students.driver_id IN (SELECT driver_id FROM driven) OR students.afternoon_driver_id IN (SELECT driver_id FROM driven)) AND students.deleted_at IS NULL
  ) AS near_wanted`;

/** Where a batch of fixes came from: the driver's browser, or a tracker (with its battery where known). */
export interface FixOrigin {
  source: PositionSource;
  battery: number | null;
}

export const BROWSER: FixOrigin = { source: 'browser', battery: null };

/** The statement's parameters, in the order of its placeholders. */
export function positionsParameters(
  driverId: string,
  date: string,
  run: 'morning' | 'afternoon',
  now: Date,
  fixes: readonly PositionFix[],
  plannedRunId: string | null = null,
  origin: FixOrigin = BROWSER,
): unknown[] {
  return [
    driverId,
    date,
    run,
    now,
    fixes.map((fix) => fix.lat),
    fixes.map((fix) => fix.lng),
    fixes.map((fix) => fix.accuracy),
    fixes.map((fix) => fix.speed),
    fixes.map((fix) => fix.heading),
    fixes.map((fix) => fix.at),
    plannedRunId,
    origin.source,
    origin.battery,
  ];
}
