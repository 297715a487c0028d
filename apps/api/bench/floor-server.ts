/**
 * The floor: the benchmark's endpoints as a bare Fastify + pg (or PGlite) handler, with no tRPC,
 * session, validation or reshaping: what the same SQL costs on its own in one Node process. Run by
 * bench/run.ts as a child process; GET /floor/<endpoint id> answers that endpoint's rows.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { verify } from '@node-rs/argon2';
import { PGLITE_EXTENSIONS } from '@school-transport/db';
import { ENDPOINTS, compilingKysely, type FloorContext } from './endpoints.js';

const port = Number(process.env.FLOOR_PORT ?? 3116);
const context = JSON.parse(process.env.FLOOR_CONTEXT ?? '{}') as FloorContext;
const password = process.env.FLOOR_PASSWORD ?? '';

type Query = (text: string, params: readonly unknown[]) => Promise<unknown[]>;
let query: Query;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  // The app's pool size (packages/db client.ts), so both sides have the same number of connections.
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  query = async (text, params) => (await pool.query(text, [...params])).rows;
  close = () => pool.end();
} else {
  // The app's extensions too: without pg_trgm the search could not read its trigram indexes.
  const db = await PGlite.create(process.env.DATA_DIR, { extensions: PGLITE_EXTENSIONS });
  query = async (text, params) => (await db.query(text, [...params])).rows;
  close = () => db.close();
}

const app = Fastify({ logger: false });
const compiler = compilingKysely();
for (const endpoint of ENDPOINTS) {
  const { floor } = endpoint;
  if (floor === 'argon2-verify') {
    app.post(`/floor/${endpoint.id}`, async () => ({ ok: await verify(context.passwordHash, password) }));
    continue;
  }
  // Compiled once: the floor pays for no query building either.
  const steps = floor(compiler, context);
  app.get(`/floor/${endpoint.id}`, async () => {
    const results = await Promise.all(steps.map((step) => query(step.sql, step.parameters)));
    return results.length === 1 ? results[0] : results;
  });
}
await app.listen({ port, host: '127.0.0.1' });
console.log(`floor listening on ${port}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void app
        .close()
        .then(close)
        .finally(() => process.exit(0)),
  );
}
