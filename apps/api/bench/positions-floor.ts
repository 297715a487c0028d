/**
 * The live bus's ingestion floor: POST /floor/positions with the same body as the app's
 * /api/driver/positions, through bare Fastify and pg (the app's pool size), running the very
 * statement the app runs for a batch (domain/live-bus/positions-statement.ts: the run's lookup, the
 * trail, the latest position and the notice), with no session, validation, access check or tRPC.
 * The driver is named by a header.
 */
import Fastify from 'fastify';
import pg from 'pg';
import type { PositionFix } from '@school-transport/contracts';
import { POSITIONS_STATEMENT, positionsParameters } from '../src/domain/live-bus/positions-statement.js';

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
await app.listen({ port: Number(process.env.FLOOR_PORT ?? 3116), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => pool.end()).finally(() => process.exit(0)));
}
