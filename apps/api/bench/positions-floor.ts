/**
 * The live bus's ingestion floor: POST /floor/positions with the same body as the app's
 * /api/driver/positions, through bare Fastify and pg (the app's pool size), running the very
 * statement the app runs for a batch (domain/live-bus/positions-statement.ts: the run's lookup, the
 * trail, the latest position and the notice), with no session, validation, access check or tRPC.
 * The driver is named by a header.
 *
 * GET or POST /floor/osmand, the same query string as the app's /api/tracking/osmand (`id`, `lat`,
 * `lon`, `timestamp` as ISO 8601, `accuracy`, `speed` in knots, `bearing`): what a tracker's fix
 * needs of the database, and nothing else: the bus whose vehicle carries the tracker (one indexed
 * row), the run of that bus under way at the fix's time (tracker-fixes.ts's runAt), then the same
 * statement. No validation, limit, plausibility read or 'bus is near' check.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { addDays, bahrainToday, type PositionFix } from '@school-transport/contracts';
import { BEFORE_START_TOLERANCE_MS, POSITIONS_STATEMENT, positionsParameters } from '../src/domain/live-bus/positions-statement.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

interface Body {
  run: 'morning' | 'afternoon';
  date: string;
  fixes: PositionFix[];
}

app.get('/health', async () => ({ ok: true }));
app.post('/floor/positions', async (request, reply) => {
  const { run, date, fixes } = request.body as Body;
  const driver = String(request.headers['x-driver']);
  const { rows } = await pool.query<{ inside: number }>(POSITIONS_STATEMENT, positionsParameters(driver, date, run, new Date(), fixes));
  return reply.code(202).send({ accepted: rows[0]!.inside });
});
app.post('/floor/insert', async (request, reply) => {
  const { run, date, fixes } = request.body as Body;
  const driver = String(request.headers['x-driver']);
  const fix = fixes[0]!;
  await pool.query(
    `WITH trail AS (INSERT INTO run_positions (driver_id, planned_run_id, date, run, lat, lng, accuracy, speed, heading, at) VALUES ($1, (SELECT id FROM planned_runs WHERE driver_id = $1 AND direction = $3 LIMIT 1), $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (driver_id, at) DO NOTHING),
     latest AS (
       INSERT INTO bus_positions (driver_id, planned_run_id, date, run, lat, lng, accuracy, speed, heading, at, updated_at) VALUES ($1, (SELECT id FROM planned_runs WHERE driver_id = $1 AND direction = $3 LIMIT 1), $2, $3, $4, $5, $6, $7, $8, $9, now())
       ON CONFLICT (driver_id) DO UPDATE SET date = excluded.date, run = excluded.run, lat = excluded.lat, lng = excluded.lng, accuracy = excluded.accuracy,
         speed = excluded.speed, heading = excluded.heading, at = excluded.at, updated_at = excluded.updated_at
       WHERE bus_positions.at < excluded.at OR bus_positions.date <> excluded.date OR bus_positions.run <> excluded.run
       RETURNING driver_id)
     SELECT driver_id, pg_notify('live_bus', driver_id::text) FROM latest`,
    [driver, date, run, fix.lat, fix.lng, fix.accuracy, fix.speed, fix.heading, fix.at],
  );
  return reply.code(202).send({ accepted: 1 });
});
const KNOT_MPS = 1852 / 3600;
const TRACKER_BUS = 'SELECT id, status FROM drivers WHERE vehicle_tracker_id = $1';
const RUN_AT = `
  SELECT date, planned_run_id, run FROM school_runs
  WHERE date IN ($2, $3) AND ((driver_id = $1 AND (substitute_driver_id IS NULL OR substitute_driver_id = driver_id)) OR substitute_driver_id = $1)
    AND started_at <= $4::timestamptz + interval '${BEFORE_START_TOLERANCE_MS} milliseconds' AND (ended_at IS NULL OR ended_at >= $4::timestamptz)
  ORDER BY started_at DESC LIMIT 1`;
const osmand = async (request: { query: unknown }, reply: { code(status: number): { send(body?: unknown): unknown } }) => {
  const query = request.query as Record<string, string>;
  const bus = (await pool.query<{ id: string; status: string }>(TRACKER_BUS, [query.id])).rows[0];
  if (!bus) return reply.code(404).send({ message: 'Unknown tracker' });
  const at = new Date(query.timestamp!);
  const today = bahrainToday(new Date());
  const run = (await pool.query<{ date: string; planned_run_id: string; run: 'morning' | 'afternoon' }>(RUN_AT, [bus.id, today, addDays(today, -1), at]))
    .rows[0];
  if (bus.status !== 'active' || !run) return reply.code(200).send();
  const fix = {
    lat: Number(query.lat),
    lng: Number(query.lon),
    accuracy: Number(query.accuracy),
    speed: Number(query.speed) * KNOT_MPS,
    heading: Number(query.bearing),
    at: at.toISOString(),
  };
  await pool.query(
    POSITIONS_STATEMENT,
    positionsParameters(bus.id, run.date, run.run, new Date(), [fix], run.planned_run_id, { source: 'phone_app', battery: null }),
  );
  return reply.code(200).send();
};
app.get('/floor/osmand', osmand);
app.post('/floor/osmand', osmand);
await app.listen({ port: Number(process.env.FLOOR_PORT ?? 3116), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void app
        .close()
        .then(() => pool.end())
        .finally(() => process.exit(0)),
  );
}
