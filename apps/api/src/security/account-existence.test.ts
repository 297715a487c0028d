import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { startTestServer, type HttpResponse, type TestServer } from '../test/harness.js';
import { createDriver, createParent } from '../test/factories.js';

/**
 * The answers do not tell which emails (or drivers' phones) have accounts: sign-in with an unknown
 * email and with a wrong password, and registration with a new email and with one in use, give the
 * same status and body and take similar time (each computes one argon2 hash). The timing check is
 * deliberately loose (medians of interleaved tries within a factor of three) so that a loaded
 * machine does not fail it; a path that skipped the hash would answer ten or more times faster.
 */
let t: TestServer;
let choices: { schoolId: string; areaId: string; termsVersionId: string };
let sequence = 0;

beforeAll(async () => {
  t = await startTestServer();
  const stamp = Date.now().toString(36);
  const school = await t.db
    .insertInto('schools')
    .values({ schoolCode: `EX-${stamp}`, name: 'Existence School' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const area = await t.db
    .insertInto('areas')
    .values({ name: `Existence ${stamp}`, price: '25.00' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const terms = await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow();
  choices = { schoolId: school.id, areaId: area.id, termsVersionId: terms.id };
});
afterAll(() => t.close());

function registration(parentEmail: string) {
  sequence += 1;
  return {
    firstName: 'Probe',
    fathersName: 'Who',
    lastName: `Exists ${sequence}`,
    grade: '3',
    studentSchoolId: `EX-${sequence}`,
    parentName: 'Someone',
    parentEmail,
    parentPhone: '36009999',
    password: 'a-guess-123',
    serviceType: 'BOTH',
    block: '1',
    road: '2',
    houseBuilding: '3',
    termsAccepted: true,
    ...choices,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs the two kinds of request alternately, `tries` times each; answers every response and the median times. */
async function compare(tries: number, known: () => Promise<HttpResponse>, unknown: () => Promise<HttpResponse>) {
  const times = { known: [] as number[], unknown: [] as number[] };
  const answers = { known: [] as HttpResponse[], unknown: [] as HttpResponse[] };
  // One of each first, unmeasured: the decoy hash is made on first use.
  await known();
  await unknown();
  for (let i = 0; i < tries; i += 1) {
    for (const kind of (i % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known']) as ('known' | 'unknown')[]) {
      const started = performance.now();
      answers[kind].push(await (kind === 'known' ? known() : unknown()));
      times[kind].push(performance.now() - started);
    }
  }
  return { answers, known: median(times.known), unknown: median(times.unknown) };
}

function expectSimilar(a: number, b: number, what: string) {
  expect(Math.min(a, b) / Math.max(a, b), `${what}: medians ${a.toFixed(1)} ms and ${b.toFixed(1)} ms`).toBeGreaterThan(1 / 3);
}

describe('which accounts exist is not told', () => {
  it('sign-in: an unknown email and a wrong password get the same answer in similar time', async () => {
    const parent = await createParent(t.db);
    const result = await compare(
      6,
      () => t.client().post('/api/auth/login', { email: parent.email, password: 'wrong-guess' }),
      () => t.client().post('/api/auth/login', { email: `nobody-${Date.now()}-${(sequence += 1)}@example.com`, password: 'wrong-guess' }),
    );
    for (const response of [...result.answers.known, ...result.answers.unknown]) {
      expect([response.status, response.body]).toEqual([401, { message: SERVER_MESSAGES.invalidCredentials, code: 'server.invalidCredentials' }]);
    }
    expectSimilar(result.known, result.unknown, 'sign-in');
  });

  it("drivers' sign-in: an unknown phone and a wrong password get the same answer in similar time", async () => {
    const driver = await createDriver(t.db);
    const result = await compare(
      6,
      () => t.client().post('/api/driver/login', { phone: driver.phone, password: 'wrong-guess' }),
      () => t.client().post('/api/driver/login', { phone: String(20_000_000 + (sequence += 1)), password: 'wrong-guess' }),
    );
    for (const response of [...result.answers.known, ...result.answers.unknown]) {
      expect([response.status, response.body]).toEqual([401, { message: SERVER_MESSAGES.invalidDriverCredentials, code: 'server.invalidDriverCredentials' }]);
    }
    expectSimilar(result.known, result.unknown, 'drivers’ sign-in');
  });

  it('registration: a new email and one in use (without its password) get the same answer in similar time', async () => {
    const parent = await createParent(t.db);
    const result = await compare(
      6,
      () => t.client().post('/api/registrations', registration(parent.email)),
      () => t.client().post('/api/registrations', registration(`new-${Date.now()}-${(sequence += 1)}@example.com`)),
    );
    for (const response of [...result.answers.known, ...result.answers.unknown]) {
      expect([response.status, response.body, response.headers.get('set-cookie')]).toEqual([
        201,
        { message: SERVER_MESSAGES.registrationReceived, redirectTo: '/parent-login' },
        null,
      ]);
    }
    expectSimilar(result.known, result.unknown, 'registration');
  });
});
