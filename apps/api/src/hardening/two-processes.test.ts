import { createServer, type Server } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '@school-transport/db';
import { HttpClient } from '../test/harness.js';
import { seedStudents } from '../test/seed-students.js';
import { startThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster.js';
import { freePort, startChildServer, type ChildServer } from './child-server.js';

/**
 * Two real server processes on one database (a throwaway PostgreSQL cluster of the test's own),
 * as behind a load balancer without sticky sessions: one cookie works on both; signing out on one
 * ends the session on both; both outbox workers run and every message is delivered once; the
 * office's fee generation clicked on both at once, with both daily jobs running, makes each fee
 * row once. Both start at once on an empty database, so their migrations also race.
 */
const ADMIN = { email: 'two-processes-admin@example.com', password: 'two-processes-pass' };
const SECRET = 'two-processes-webhook-secret';

let cluster: ThrowawayCluster;
let database: DatabaseHandle;
let gateway: { server: Server; url: string; calls: { process: string; id: string; to: string }[] };
const processes: ChildServer[] = [];
let a: ChildServer;
let b: ChildServer;

/** A stand-in SMS gateway: each process posts to its own path, so a delivery says which process made it. */
async function startGateway(): Promise<typeof gateway> {
  const calls: (typeof gateway)['calls'] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { id: string; to: string };
      calls.push({ process: req.url!.split('/')[1]!, id: String(req.headers['idempotency-key'] ?? body.id), to: body.to });
      // A little latency, as a real gateway has, so the two workers' rounds overlap.
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), 5 + Math.random() * 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}`, calls };
}

beforeAll(async () => {
  cluster = startThrowawayCluster(await freePort());
  gateway = await startGateway();
  const env = (name: string) => ({
    DATABASE_URL: cluster.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NOTIFY_TRANSPORT: 'webhook',
    NOTIFY_WEBHOOK_URL: `${gateway.url}/${name}/messages`,
    NOTIFY_WEBHOOK_SECRET: SECRET,
    OUTBOX_INTERVAL_MS: '200',
    OUTBOX_BATCH_SIZE: '5',
  });
  const started = await Promise.allSettled([startChildServer(env('a')), startChildServer(env('b'))]);
  for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  [a, b] = processes as [ChildServer, ChildServer];
  database = await createDatabase({ databaseUrl: cluster.url });
}, 180_000);
afterAll(async () => {
  await Promise.all(processes.map((child) => child.stop()));
  await database?.close();
  await new Promise<void>((resolve) => (gateway ? gateway.server.close(() => resolve()) : resolve()));
  cluster?.destroy();
}, 60_000);

/** The same client (one cookie) aimed at one process or the other, as a load balancer would. */
function on(server: ChildServer, client: HttpClient): HttpClient {
  client.baseUrl = server.url;
  return client;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two API processes on one database', () => {
  it('started together on an empty database: migrated once, one admin account', async () => {
    const admins = await database.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).execute();
    expect(admins).toHaveLength(1);
    const migrations = await sql<{ name: string; n: string }>`SELECT name, count(*) AS n FROM kysely_migration GROUP BY name`.execute(database.db);
    expect(migrations.rows.length).toBeGreaterThan(0);
    expect(migrations.rows.filter((row) => Number(row.n) !== 1)).toEqual([]);
    expect(await database.db.selectFrom('terms').select('id').execute()).toHaveLength(1);
    for (const child of [a, b]) expect((await fetch(`${child.url}/api/health`)).status).toBe(200);
  });

  it('one cookie works on both; signing out on one ends the session on both', async () => {
    const client = new HttpClient(a.url);
    expect((await on(a, client).post('/api/auth/login', ADMIN)).status).toBe(200);
    const cookie = client.cookie;
    expect(cookie).toBeDefined();
    const onB = await on(b, client).get<{ user: { email: string } }>('/api/auth/user');
    expect([onB.status, onB.body.user.email]).toEqual([200, ADMIN.email]);
    // A write made through the other process with the same cookie.
    const school = await on(b, client).post<{ school: { id: string } }>('/api/admin/schools', { schoolCode: 'TWO', name: 'Two Processes School' });
    expect(school.status, JSON.stringify(school.body)).toBe(201);
    expect((await on(a, client).get<{ schools: { id: string }[] }>('/api/admin/schools')).body.schools.map((s) => s.id)).toContain(school.body.school.id);

    expect((await on(b, client).post('/api/auth/logout')).status).toBe(200);
    // The old cookie, replayed on either process, is signed out.
    for (const child of [a, b]) {
      client.cookie = cookie;
      expect((await on(child, client).get('/api/auth/user')).status, child.url).toBe(401);
      client.cookie = cookie;
      expect((await on(child, client).get('/api/admin/schools')).status, child.url).toBe(401);
    }
  });

  it('with both outbox workers running, every message is delivered once', async () => {
    // Messages written through both processes (registrations) and a backlog written at once.
    const school = await database.db.insertInto('schools').values({ schoolCode: 'OUTBOX', name: 'Outbox School' }).returning('id').executeTakeFirstOrThrow();
    const area = await database.db.insertInto('areas').values({ name: 'Outbox Area', price: '25.00' }).returning('id').executeTakeFirstOrThrow();
    const terms = await database.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow();
    const registrations = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new HttpClient((i % 2 === 0 ? a : b).url).post('/api/registrations', {
          firstName: 'Message',
          fathersName: 'Once',
          lastName: `Only ${i}`,
          grade: '2',
          studentSchoolId: `MSG-${i}`,
          parentName: 'Parent',
          parentEmail: `message-${i}@example.com`,
          parentPhone: String(36_100_000 + i),
          password: 'message-pass',
          serviceType: 'BOTH',
          block: '1',
          road: '2',
          houseBuilding: '3',
          termsAccepted: true,
          schoolId: school.id,
          areaId: area.id,
          termsVersionId: terms.id,
        }),
      ),
    );
    expect(registrations.filter((r) => r.status !== 201).map((r) => [r.status, r.body])).toEqual([]);
    await database.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          recipientType: 'sms' as const,
          recipient: String(37_000_000 + i),
          templateKey: 'driver_removed',
          payload: JSON.stringify({ automatedId: `STU-2026-${i}`, studentName: 'Backlog Student' }),
        })),
      )
      .execute();
    const expected = (await database.db.selectFrom('notifications').select('id').execute()).map((row) => row.id);
    expect(expected.length).toBeGreaterThanOrEqual(220);

    const started = Date.now();
    const pending = async () =>
      Number(
        (
          await database.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '!=', 'sent')
            .executeTakeFirstOrThrow()
        ).n,
      );
    while ((await pending()) > 0 && Date.now() - started < 90_000) await wait(250);
    expect(await pending()).toBe(0);

    const delivered = gateway.calls.filter((call) => expected.includes(call.id));
    expect(delivered).toHaveLength(expected.length);
    expect(new Set(delivered.map((call) => call.id)).size).toBe(expected.length);
    const rows = await database.db.selectFrom('notifications').select(['status', 'attempts']).execute();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    // Both workers took part (a backlog of 200 in batches of 5 is more than one worker takes alone in time).
    expect(new Set(delivered.map((call) => call.process))).toEqual(new Set(['a', 'b']));
  });

  it('fee generation run on both at once, with both daily jobs running, makes each fee row once', async () => {
    const school = await database.db.selectFrom('schools').select('id').where('schoolCode', '=', 'OUTBOX').executeTakeFirstOrThrow();
    const area = await database.db.selectFrom('areas').select('id').where('name', '=', 'Outbox Area').executeTakeFirstOrThrow();
    await seedStudents(database.db, { count: 150, schoolIds: [school.id], areaIds: [area.id], driverIds: [], tag: 'two-processes' });
    const active = Number(
      (
        await database.db
          .selectFrom('students')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('deletedAt', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

    const admins = await Promise.all(
      [a, b].map(async (child) => {
        const client = new HttpClient(child.url);
        expect((await client.post('/api/auth/login', ADMIN)).status).toBe(200);
        return client;
      }),
    );
    // A month far ahead, which no daily job makes by itself: every row of it comes from these clicks.
    const month = '2030-10';
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => admins[i % 2]!.post<{ created: number }>('/api/admin/fees/generate', { month })));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(responses.reduce((sum, r) => sum + r.body.created, 0)).toBe(active);
    const rows = await database.db
      .selectFrom('fees')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('month', '=', month)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(active);
    // No student has two rows of any month, whichever process (or daily job) made them.
    const doubled = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM (SELECT student_id, month FROM fees GROUP BY student_id, month HAVING count(*) > 1) d`.execute(database.db);
    expect(Number(doubled.rows[0]!.n)).toBe(0);
    // Each click is in the audit log, through whichever process it came.
    const audits = await database.db.selectFrom('auditLogs').select('id').where('entityType', '=', 'fees').where('entityId', '=', month).execute();
    expect(audits).toHaveLength(8);
  });
});
