import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCEDURES } from '../trpc/procedures.js';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin, createDriver, createParent } from '../test/factories.js';
import { permissionOf, type Access } from '../security/access.js';
import { PROCEDURE_ACCESS } from '../trpc/procedure-access.js';
import { accessOfPath, REST_PATHS } from '../rest/paths.js';
import { nasty } from './bad-values.js';
import { changedRows, tableRows } from './table-rows.js';

/**
 * Thousands of generated payloads at every input schema, through tRPC and through REST, by a
 * caller who may call the procedure: wrong types, missing and extra fields, huge strings, unicode,
 * right-to-left marks, null bytes, SQL and HTML fragments, numbers out of range, money with three
 * decimals. Never a 500, and a refused request changes no column of any row (table-rows.ts).
 */
/**
 * Left out: a refused sign-in, wrong current password or wrong reset code is counted toward the
 * sign-in limits by design (auth.test.ts, accounts.test.ts), and signing out (everywhere) ends the
 * caller's session for the next rows.
 */
const COUNTED_OR_SIGNING_OUT = ['auth.logout', 'auth.login', 'auth.driverLogin', 'auth.changePassword', 'auth.confirmPasswordReset', 'auth.signOutEverywhere'];

const procedures = PROCEDURES.filter(({ name }) => !COUNTED_OR_SIGNING_OUT.includes(name)).map(({ name, type, meta }) => {
  const json = meta.input ? (z.toJSONSchema(meta.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> }) : {};
  return { path: name, type, fields: Object.keys(json.properties ?? {}) };
});

/** A payload shaped like the schema (its own field names, each with a nasty value, some missing, some extra) or anything at all. */
function payloadFor(fields: string[]) {
  const shaped = fc
    .record(Object.fromEntries(fields.map((field) => [field, nasty])), { requiredKeys: [] })
    .chain((record) => fc.dictionary(fc.string({ maxLength: 12 }), nasty, { maxKeys: 2 }).map((extra) => ({ ...extra, ...record })));
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: fc.anything() });
}

let t: TestServer;
const callers = new Map<'anyone' | 'signed-in' | 'parent' | 'crew' | 'office', HttpClient>();
/** The caller let in: the admin for every office access (admins hold every permission). */
const callerFor = (access: Access) => callers.get(permissionOf(access) ? 'office' : (access as 'anyone' | 'signed-in' | 'parent' | 'crew'))!;

beforeAll(async () => {
  t = await startTestServer();
  callers.set('anyone', t.client());
  const sign = async (body: Record<string, string>, path = '/api/auth/login') => {
    const client = t.client();
    expect((await client.post(path, body)).status).toBe(200);
    return client;
  };
  const admin = await createAdmin(t.db);
  callers.set('office', await sign({ email: admin.email, password: admin.password }));
  const parent = await createParent(t.db);
  const parentClient = await sign({ email: parent.email, password: parent.password });
  callers.set('parent', parentClient);
  callers.set('signed-in', parentClient);
  const driver = await createDriver(t.db);
  callers.set('crew', await sign({ phone: driver.phone, password: driver.password }, '/api/driver/login'));
}, 60_000);
afterAll(() => t.close());

// endOnFailure below: a failure is reported as found, since shrinking a huge payload over HTTP would outlast the test.
// 20 runs × 131 procedures and paths: some 2,600 payloads here (BAD_INPUT_RUNS=200 for a long night run).
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 20);

function query(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) params.set(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const text = params.toString();
  return text ? `?${text}` : '';
}

describe('generated bad input never breaks the server', () => {
  for (const { path, type, fields } of procedures) {
    const access = PROCEDURE_ACCESS[path];
    if (!access) continue;
    it(`tRPC ${path}`, async () => {
      const client = callerFor(access);
      await fc.assert(
        fc.asyncProperty(payloadFor(fields), async (payload) => {
          const before = await tableRows(t.db);
          const response =
            type === 'query'
              ? await client.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(payload) ?? 'null')}`)
              : await client.post(`/trpc/${path}`, JSON.stringify(payload) ?? 'null');
          expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
          if (response.status >= 400) expect(changedRows(before, await tableRows(t.db)), 'a refused request changed these rows').toEqual({});
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  }

  for (const [route, row] of Object.entries(REST_PATHS)) {
    const access = accessOfPath(route);
    if (!row.procedure || COUNTED_OR_SIGNING_OUT.includes(row.procedure)) continue;
    const [method, pattern] = route.split(' ') as [string, string];
    const fields = procedures.find((procedure) => procedure.path === row.procedure)?.fields ?? [];
    it(`REST ${route}`, async () => {
      const client = callerFor(access);
      await fc.assert(
        fc.asyncProperty(payloadFor(fields), fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 30 })), async (payload, id) => {
          const url = pattern.replace(/:(\w+)/g, () => encodeURIComponent(id || randomUUID()));
          const before = await tableRows(t.db);
          const response =
            method === 'GET' || method === 'DELETE'
              ? await client.request(method, `${url}${query(payload)}`)
              : await client.request(method, url, JSON.stringify(payload) ?? 'null');
          expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
          expect(typeof (response.body as { message?: unknown }).message === 'string' || response.status < 400).toBe(true);
          if (response.status >= 400) expect(changedRows(before, await tableRows(t.db)), 'a refused request changed these rows').toEqual({});
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  }
});
