import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createParent } from '../test/factories.js';

const TOO_MANY_CALLS = { message: 'Too many calls in one request', code: 'server.tooManyCalls' };

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** One batched tRPC request: the procedures in the path, each call's input by its index in the body. */
async function batch(procedures: string, inputs: unknown[], separator = ',') {
  const body = Object.fromEntries(inputs.map((input, index) => [String(index), input]));
  const response = await fetch(`${t.url}/trpc/${Array(inputs.length).fill(procedures).join(separator)}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('batched tRPC calls', () => {
  it('refuses a batch of 30 sign-ins whole with 400, and counts none of its attempts', async () => {
    const parent = await createParent(t.db);
    const wrong = { email: parent.email, password: 'not-the-password' };
    const auditRowsBefore = await t.db
      .selectFrom('auditLogs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();

    const refused = await batch('auth.login', Array(30).fill(wrong));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(TOO_MANY_CALLS);
    // Had the 30 wrong passwords been tried, the sign-in throttle would now refuse this account.
    const login = await t.client().post('/trpc/auth.login', { email: parent.email, password: parent.password });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const auditRowsAfter = await t.db
      .selectFrom('auditLogs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(auditRowsAfter.count)).toBe(Number(auditRowsBefore.count));
  });

  it('counts procedure names after decoding, so %2C is a comma like any other', async () => {
    const refused = await batch('public.meta', Array(11).fill({}), '%2C');
    expect(refused).toEqual({ status: 400, body: TOO_MANY_CALLS });
    const query = await fetch(`${t.url}/trpc/${Array(11).fill('public.meta').join('%2c')}?batch=1&input={}`);
    expect(query.status).toBe(400);
    expect(await query.json()).toEqual(TOO_MANY_CALLS);
  });

  it('answers a batch of 10, the most the web sends, call by call', async () => {
    const parent = await createParent(t.db);
    const answered = await batch('auth.login', [
      ...Array(9).fill({ email: parent.email, password: 'wrong' }),
      { email: parent.email, password: parent.password },
    ]);
    expect(answered.status).toBe(207);
    const results = answered.body as { error?: { data: { httpStatus: number } }; result?: unknown }[];
    expect(results).toHaveLength(10);
    expect(results.slice(0, 9).map((call) => call.error?.data.httpStatus)).toEqual(Array(9).fill(401));
    expect(results[9]!.result).toBeDefined();
  });
});
