import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase, migrateToLatest, seedEssentials, type DatabaseHandle } from '@school-transport/db';
import { createServer, type AppServer } from '../server.js';
import { TEST_SESSION_SECRET } from '../test/harness.js';
import { startThrowawayCluster, type ThrowawayCluster } from './throwaway-cluster.js';
import { freePort, startChildServer } from './child-server.js';

/**
 * Faults on a PostgreSQL cluster of the test's own: the database stops during a load run, and a
 * server process is killed with SIGKILL mid-load. What was acknowledged must be there afterwards,
 * nothing may be half written, and requests must fail fast (503) rather than hang.
 */
let cluster: ThrowawayCluster;
let database: DatabaseHandle;
let choices: { schoolId: string; areaId: string; termsVersionId: string };

beforeAll(async () => {
  cluster = startThrowawayCluster(await freePort());
  database = await createDatabase({ databaseUrl: cluster.url });
  await migrateToLatest(database.db);
  await seedEssentials(database.db);
  const school = await database.db.insertInto('schools').values({ schoolCode: 'FAULT', name: 'Fault School' }).returning('id').executeTakeFirstOrThrow();
  const area = await database.db.insertInto('areas').values({ name: 'Fault Area', price: '25.00' }).returning('id').executeTakeFirstOrThrow();
  const terms = await database.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow();
  choices = { schoolId: school.id, areaId: area.id, termsVersionId: terms.id };
});
afterAll(async () => {
  await database?.close();
  cluster?.destroy();
});

let sequence = 0;
function registration(tag: string) {
  return {
    firstName: 'Load',
    fathersName: 'Test',
    lastName: `Student ${tag}`,
    grade: '3',
    studentSchoolId: tag,
    parentName: 'Load Parent',
    parentEmail: `load-${tag}@example.com`,
    // A phone of its own: one phone number gets at most 3 registration texts a day.
    parentPhone: String(36_000_000 + sequence),
    password: 'load-pass',
    serviceType: 'BOTH',
    block: '1',
    road: '2',
    houseBuilding: '3',
    termsAccepted: true,
    ...choices,
  };
}

interface Outcome {
  status: number;
  ms: number;
  /** The registration's student school ID, which names it (the answer names no student ID). */
  tag?: string;
}

/** Registrations from `workers` concurrent clients until `until()` says stop; every answer is kept. */
async function loadRegistrations(url: string, workers: number, until: () => boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!until()) {
        const started = Date.now();
        sequence += 1;
        const tag = `F-${process.pid}-${sequence}-${Date.now().toString(36)}`;
        try {
          const response = await fetch(`${url}/api/registrations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(registration(tag)),
            signal: AbortSignal.timeout(5000),
          });
          await response.arrayBuffer();
          outcomes.push({ status: response.status, ms: Date.now() - started, tag });
        } catch {
          // The process was killed or the request timed out: not acknowledged.
          outcomes.push({ status: 0, ms: Date.now() - started });
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }),
  );
  return outcomes;
}

/** Every acknowledged registration is stored whole: student, parent account and outbox message. */
async function expectAcknowledgedAndWhole(acknowledged: string[]) {
  const stored = await database.db.selectFrom('students').select('studentSchoolId').where('studentSchoolId', 'in', acknowledged).execute();
  expect(stored.map((s) => s.studentSchoolId).sort()).toEqual([...acknowledged].sort());
  const halfWritten = await sql<{ n: string }>`
    SELECT count(*) AS n FROM parents p
    WHERE NOT EXISTS (SELECT 1 FROM students s WHERE s.parent_id = p.id)`.execute(database.db);
  expect(Number(halfWritten.rows[0]!.n)).toBe(0);
  const withoutMessage = await sql<{ n: string }>`
    SELECT count(*) AS n FROM students s
    WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.template_key = 'registration_received' AND n.payload->>'automatedId' = s.automated_id)`.execute(
    database.db,
  );
  expect(Number(withoutMessage.rows[0]!.n)).toBe(0);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the database stops during a load run', () => {
  let server: AppServer;
  let url: string;
  beforeAll(async () => {
    server = await createServer({ db: database.db, listen: database.listen, sessionSecret: TEST_SESSION_SECRET, cookieSecure: false, logLevel: 'silent' });
    url = await server.start(0, '127.0.0.1');
  });
  afterAll(() => server.stop());

  it('answers 503 within a second while it is down, says so on /api/health, recovers by itself, and loses nothing acknowledged', async () => {
    let phase: 'up' | 'down' | 'back' | 'done' = 'up';
    const marks: { phase: string; outcome: Outcome }[] = [];
    const load = loadRegistrations(url, 6, () => phase === 'done').then((outcomes) => outcomes);
    const health: number[] = [];

    await wait(1500);
    cluster.stop();
    phase = 'down';
    const downSince = Date.now();
    await wait(300);
    // While the database is down, fresh requests fail fast.
    for (let i = 0; i < 5; i += 1) {
      const started = Date.now();
      const response = await fetch(`${url}/api/meta`);
      marks.push({ phase: 'down', outcome: { status: response.status, ms: Date.now() - started } });
      health.push((await fetch(`${url}/api/health`)).status);
    }
    await wait(Math.max(0, 2000 - (Date.now() - downSince)));
    cluster.start();
    phase = 'back';
    let recoveredAfter = -1;
    const restarted = Date.now();
    while (Date.now() - restarted < 15_000) {
      if ((await fetch(`${url}/api/health`)).status === 200) {
        recoveredAfter = Date.now() - restarted;
        break;
      }
      await wait(100);
    }
    await wait(1500);
    phase = 'done';
    const outcomes = await load;

    for (const { outcome } of marks) {
      expect(outcome.status).toBe(503);
      expect(outcome.ms).toBeLessThan(1000);
    }
    expect(health.every((status) => status === 503)).toBe(true);
    expect(recoveredAfter).toBeGreaterThanOrEqual(0);
    expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
    expect(outcomes.filter((o) => o.ms > 5000)).toEqual([]);
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.tag!);
    // Registrations went through before the stop and again after the recovery.
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    await expectAcknowledgedAndWhole(acknowledged);
  });
});

describe('a server process killed with SIGKILL mid-load', () => {
  it('loses nothing it acknowledged and leaves nothing half written', async () => {
    const child = await startChildServer({ DATABASE_URL: cluster.url });
    let stop = false;
    const load = loadRegistrations(child.url, 6, () => stop);
    await wait(2000);
    child.process.kill('SIGKILL');
    await child.stop();
    await wait(500);
    stop = true;
    const outcomes = await load;
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.tag!);
    expect(acknowledged.length, child.output()).toBeGreaterThan(3);
    await expectAcknowledgedAndWhole(acknowledged);
    // A new process starts on the same database and serves at once.
    const again = await startChildServer({ DATABASE_URL: cluster.url });
    try {
      expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${again.url}/api/meta`)).status).toBe(200);
    } finally {
      await again.stop();
    }
  });
});
