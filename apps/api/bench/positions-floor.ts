/**
 * The live bus's ingestion floor: POST /floor/positions with the same body as the app's
 * /api/driver/positions, through bare Fastify and pg (the app's pool size), running the very
 * statement the app runs for a batch (domain/live-bus/positions-statement.ts: the run's lookup, the
 * trail, the latest position and the notice), with no session, validation, access check or tRPC.
 * The driver is named by a header.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { POSITIONS_STATEMENT, positionsParameters, type StatementFix } from '../src/domain/live-bus/positions-statement.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

interface Body {
  run: 'morning' | 'afternoon';
  date: string;
  fixes: StatementFix[];
}

app.get('/health', async () => ({ ok: true }));
app.post('/floor/positions', async (request, reply) => {
  const { run, date, fixes } = request.body as Body;
  const driver = String(request.headers['x-driver']);
  const { rows } = await pool.query<{ inside: number }>(POSITIONS_STATEMENT, positionsParameters(driver, date, run, new Date(), fixes));
  return reply.code(202).send({ accepted: rows[0]!.inside });
});
await app.listen({ port: Number(process.env.FLOOR_PORT ?? 3116), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => pool.end()).finally(() => process.exit(0)));
}
