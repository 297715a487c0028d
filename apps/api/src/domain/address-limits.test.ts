import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SERVER_MESSAGES, type RegistrationInput } from '@school-transport/contracts';
import { registrationBody } from '../test/registrations.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { postFrom } from '../test/from-address.js';

let t: TestServer;
let choices: { schoolId: string; areaId: string; termsVersionId: string };

beforeAll(async () => {
  // Three an hour, so that the tests reach the limit quickly; the service's default is 100.
  t = await startTestServer({ addressLimits: { registration: 3, password_reset: 3 } });
  const stamp = Date.now().toString(36);
  const schoolId = (
    await t.db
      .insertInto('schools')
      .values({ schoolCode: `LIM-${stamp}`, name: 'Limit School' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const areaId = (
    await t.db
      .insertInto('areas')
      .values({ name: `Hidd ${stamp}`, price: '20.00', roundaboutCount: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const termsVersionId = (await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
  choices = { schoolId, areaId, termsVersionId };
});
afterAll(() => t.close());

function registration(overrides: Partial<RegistrationInput> & Record<string, unknown> = {}): RegistrationInput {
  return registrationBody(choices, overrides);
}

function expectHourRetryAfter(headers: Headers) {
  const seconds = Number(headers.get('retry-after'));
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(600);
  expect(seconds).toBeLessThanOrEqual(3600);
}

const usersNamed = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

describe('registrations per address and hour', () => {
  it('refuses the fourth registration of the hour from one address with 429 and Retry-After, writing nothing; invalid forms do not count; another address is not held up', async () => {
    const address = '127.0.5.1';
    // Refused as invalid before any hashing: a missing field, a common password.
    expect((await postFrom(t.url, address, '/api/registrations', registration({ firstName: '' }))).status).toBe(400);
    expect((await postFrom(t.url, address, '/api/registrations', registration({ password: 'password123' }))).status).toBe(400);
    for (let sent = 0; sent < 3; sent++) expect((await postFrom(t.url, address, '/api/registrations', registration())).status).toBe(201);

    const fourth = registration();
    const refused = await postFrom(t.url, address, '/api/registrations', fourth);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: SERVER_MESSAGES.tooManyFromAddress });
    expectHourRetryAfter(refused.headers);
    expect(await usersNamed(fourth.parentEmail)).toBe(0);

    // The tRPC procedure behind the path holds the same count.
    const viaTrpc = await postFrom(t.url, address, '/trpc/registration.create', registration());
    expect(viaTrpc.status).toBe(429);
    expectHourRetryAfter(viaTrpc.headers);

    expect((await postFrom(t.url, '127.0.5.2', '/api/registrations', registration())).status).toBe(201);
  });
});

describe('forgotten-password requests per address and hour', () => {
  it('refuses the fourth request of the hour from one address, whether or not an account matches; invalid ones do not count', async () => {
    const address = '127.0.6.1';
    expect((await postFrom(t.url, address, '/api/auth/password-reset', { identifier: '' })).status).toBe(400);
    for (let sent = 0; sent < 3; sent++) {
      const answer = await postFrom(t.url, address, '/api/auth/password-reset', { identifier: `nobody-${sent}@example.com` });
      expect([answer.status, answer.body]).toEqual([202, { message: ACCOUNT_MESSAGES.resetCodeSent }]);
    }
    const refused = await postFrom(t.url, address, '/api/auth/password-reset', { identifier: 'someone@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: SERVER_MESSAGES.tooManyFromAddress });
    expectHourRetryAfter(refused.headers);
    const viaTrpc = await postFrom(t.url, address, '/trpc/auth.requestPasswordReset', { identifier: 'someone@example.com' });
    expect(viaTrpc.status).toBe(429);
    expectHourRetryAfter(viaTrpc.headers);

    expect((await postFrom(t.url, '127.0.6.2', '/api/auth/password-reset', { identifier: 'someone@example.com' })).status).toBe(202);
  });

  it('holds across two server processes on one database', async () => {
    const other = await t.startAnother({ addressLimits: { password_reset: 3 } });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        postFrom(i % 2 ? other.url : t.url, '127.0.6.9', '/api/auth/password-reset', { identifier: `parallel-${i}@example.com` }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 202, 202, 429, 429]);
  });
});
