import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CALLS_PER_BATCH, PERMISSIONS, SERVER_MESSAGES, type Role } from '@school-transport/contracts';
import { PROCEDURES } from '../trpc/procedures.js';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin, createAttendant, createDriver, createParent, createStaff } from '../test/factories.js';
import { permissionOf, type Access } from './access.js';
import { PROCEDURE_ACCESS } from '../trpc/procedure-access.js';
import { accessOfPath, REST_PATHS } from '../rest/paths.js';
import { DEV_PATHS } from '../development/dev-shims.js';

/**
 * Every procedure and every REST path × every kind of caller, generated from the router and the
 * server's route table: a new procedure or path without a row in access.ts fails here.
 */
type Principal =
  | 'anonymous'
  | 'parent A'
  | 'parent B'
  | 'driver A'
  | 'driver B'
  | 'attendant of bus A'
  | 'admin'
  | 'staff'
  | 'deactivated driver'
  | 'signed-out session';
const PRINCIPALS: Principal[] = [
  'anonymous',
  'parent A',
  'parent B',
  'driver A',
  'driver B',
  'attendant of bus A',
  'admin',
  'staff',
  'deactivated driver',
  'signed-out session',
];
const ROLE_OF: Record<Principal, Role | null> = {
  anonymous: null,
  'parent A': 'parent',
  'parent B': 'parent',
  'driver A': 'driver',
  'driver B': 'driver',
  'attendant of bus A': 'attendant',
  admin: 'admin',
  staff: 'staff',
  'deactivated driver': null,
  'signed-out session': null,
};

/**
 * What a caller must get: 401, 403, or anything but those two. An office path is open to the
 * roles the table of rights (PERMISSIONS) gives its permission, read here from the table itself.
 */
function expected(access: Access, principal: Principal): 401 | 403 | 'allowed' {
  if (access === 'anyone') return 'allowed';
  // No session opens the WhatsApp webhook: only the Cloud API's signature (401 without) or verify token (403 without).
  if (access === 'whatsapp') return 401;
  // Nor Tap's: only its hashstring (401 without).
  if (access === 'tap') return 401;
  // A tracker's paths answer by the identifier or the forwarding secret, the same to every caller.
  if (access === 'tracker') return 'allowed';
  const role = ROLE_OF[principal];
  if (role === null) return 401;
  if (access === 'signed-in') return 'allowed';
  if (access === 'parent') return access === role ? 'allowed' : 403;
  if (access === 'crew') return role === 'driver' || role === 'attendant' ? 'allowed' : 403;
  if (access.startsWith('parent-or-office:') && role === 'parent') return 'allowed';
  return (PERMISSIONS[permissionOf(access)!] as readonly Role[]).includes(role) ? 'allowed' : 403;
}

const procedures = PROCEDURES.map(({ name, type }) => ({ path: name, type }));

let t: TestServer;
const clients = new Map<Principal, HttpClient>();

async function signIn(client: HttpClient, body: Record<string, string>, path = '/api/auth/login') {
  const response = await client.post(path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

beforeAll(async () => {
  // Online payments on (an address where no Tap answers): their paths exist, and refuse whom they must.
  t = await startTestServer({ tap: { secretKey: 'sk_test_matrix', apiUrl: 'http://127.0.0.1:9/v2', publicUrl: 'http://127.0.0.1' } });
  clients.set('anonymous', t.client());
  for (const name of ['parent A', 'parent B'] as const) {
    const parent = await createParent(t.db);
    const client = t.client();
    await signIn(client, { email: parent.email, password: parent.password });
    clients.set(name, client);
  }
  for (const name of ['driver A', 'driver B', 'deactivated driver'] as const) {
    const driver = await createDriver(t.db);
    const client = t.client();
    await signIn(client, { phone: driver.phone, password: driver.password }, '/api/driver/login');
    if (name === 'deactivated driver') await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', driver.id).execute();
    clients.set(name, client);
    if (name === 'driver A') {
      const attendant = await createAttendant(t.db, driver.driverId);
      const attendantClient = t.client();
      await signIn(attendantClient, { phone: attendant.phone, password: attendant.password }, '/api/driver/login');
      clients.set('attendant of bus A', attendantClient);
    }
  }
  const admin = await createAdmin(t.db);
  const adminClient = t.client();
  await signIn(adminClient, { email: admin.email, password: admin.password });
  clients.set('admin', adminClient);
  const staff = await createStaff(t.db);
  const staffClient = t.client();
  await signIn(staffClient, { email: staff.email, password: staff.password });
  clients.set('staff', staffClient);
  const gone = await createParent(t.db);
  const goneClient = t.client();
  await signIn(goneClient, { email: gone.email, password: gone.password });
  const cookie = goneClient.cookie;
  await goneClient.post('/api/auth/logout');
  // The old cookie, replayed after sign-out, must no longer work.
  goneClient.cookie = cookie;
  clients.set('signed-out session', goneClient);
}, 60_000);
afterAll(() => t.close());

describe('every procedure and path has a row', () => {
  it('has every tRPC procedure state its access, and every office procedure a permission of the table', () => {
    expect(procedures.map((p) => p.path).filter((path) => !(path in PROCEDURE_ACCESS))).toEqual([]);
    const unknown = Object.entries(PROCEDURE_ACCESS).filter(([, access]) => {
      const permission = permissionOf(access);
      return permission ? !(permission in PERMISSIONS) : !['anyone', 'signed-in', 'parent', 'crew'].includes(access);
    });
    expect(unknown).toEqual([]);
    // Every admin procedure is an office procedure: none is left open to another role by mistake.
    expect(procedures.filter((p) => p.path.startsWith('admin.') && !permissionOf(PROCEDURE_ACCESS[p.path]!)).map((p) => p.path)).toEqual([]);
  });

  it('lists every /api path the server answers, and no path it does not', () => {
    const apiRoutes = t.server.routes.filter((route) => route.split(' ')[1]!.startsWith('/api/'));
    expect(apiRoutes.filter((route) => !(route in REST_PATHS))).toEqual([]);
    const missing = Object.keys(REST_PATHS).filter((route) => !apiRoutes.includes(route));
    expect(missing).toEqual([]);
  });

  it('registers no development path on a server that is not in development', () => {
    expect(t.server.routes.filter((route) => (DEV_PATHS as readonly string[]).includes(route))).toEqual([]);
  });
});

/** A caller the table lets in gets neither 401/403 nor a server error, whatever the input; the others get their refusal. */
function check(status: number, want: 401 | 403 | 'allowed', what: string) {
  if (want === 'allowed') {
    expect([401, 403], `${what} answered ${status}`).not.toContain(status);
    expect(status, `${what} answered ${status}`).toBeLessThan(500);
  } else expect(status, what).toBe(want);
}

/** Signing out or in (or out everywhere) would change this caller's session for the next rows; accounts.test.ts checks who may sign out everywhere. */
const SESSION_CHANGING = ['auth.logout', 'auth.login', 'auth.driverLogin', 'auth.signOutEverywhere'];

describe('the table of rights', () => {
  it('leaves the owner’s decisions to admins: staff get 403 { message } on settings, terms, users, deleting students, voids and waivers', async () => {
    const staff = clients.get('staff')!;
    const refused = [
      'admin.settings.update',
      'admin.terms.create',
      'admin.students.remove',
      'admin.students.restore',
      'admin.fees.voidPayment',
      'admin.fees.waive',
      'admin.users.create',
      'admin.users.update',
    ];
    for (const path of refused) {
      const response = await staff.post<{ message: string }>(`/trpc/${path}`, {});
      expect(response.status, path).toBe(403);
    }
    for (const route of [
      'GET /api/admin/users',
      'POST /api/admin/users',
      'PUT /api/admin/users/:id',
      'PUT /api/admin/settings',
      'DELETE /api/admin/students/:id',
    ]) {
      const [method, pattern] = route.split(' ') as [string, string];
      const response = await staff.request(method, pattern.replace(':id', randomUUID()), method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(response.status, route).toBe(403);
      expect(response.body, route).toEqual({ message: SERVER_MESSAGES.forbidden, code: 'server.forbidden' });
    }
  });

  it('lets staff run the day: students, modification requests, fees and payments, proofs and the outbox', () => {
    for (const path of [
      'admin.students.update',
      'admin.modificationRequests.approve',
      'admin.fees.recordPayment',
      'admin.fees.acceptProof',
      'admin.notifications.retry',
    ]) {
      expect(expected(PROCEDURE_ACCESS[path]!, 'staff'), path).toBe('allowed');
    }
  });
});

/**
 * A subscription answers over Server-Sent Events: the stream opens (200) and a refusal comes as
 * its first event, whose status is the one that counts. The first event is read, then the stream closed.
 */
async function subscriptionStatus(client: HttpClient, path: string): Promise<number> {
  const abort = new AbortController();
  const response = await fetch(`${client.baseUrl}/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ id: randomUUID() }))}`, {
    headers: { accept: 'text/event-stream', ...(client.cookie ? { cookie: client.cookie } : {}) },
    signal: abort.signal,
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return response.status;
  const reader = response.body!.getReader();
  let text = '';
  try {
    while (!/\n\n/.test(text.replace(/^:.*\n\n/gm, ''))) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } finally {
    abort.abort();
  }
  const error = /event: serialized-error\ndata: (.*)/.exec(text);
  return error ? ((JSON.parse(error[1]!) as { data?: { httpStatus?: number } }).data?.httpStatus ?? 500) : 200;
}

describe('tRPC procedures', () => {
  for (const principal of PRINCIPALS) {
    it(`answer ${principal} as the access table says`, async () => {
      const client = clients.get(principal)!;
      for (const { path, type } of procedures) {
        const access = PROCEDURE_ACCESS[path]!;
        if (SESSION_CHANGING.includes(path)) continue;
        if (type === 'subscription') {
          check(await subscriptionStatus(client, path), expected(access, principal), `${principal} → ${path}`);
          continue;
        }
        const response = type === 'query' ? await client.get(`/trpc/${path}`) : await client.post(`/trpc/${path}`, {});
        check(response.status, expected(access, principal), `${principal} → ${path}`);
      }
    });
  }
});

describe('REST paths', () => {
  for (const principal of PRINCIPALS) {
    it(`answer ${principal} as the access table says`, async () => {
      const client = clients.get(principal)!;
      for (const route of Object.keys(REST_PATHS)) {
        const access = accessOfPath(route);
        if (['POST /api/auth/logout', 'POST /api/auth/login', 'POST /api/driver/login', 'POST /api/auth/sign-out-everywhere'].includes(route)) continue;
        const [method, pattern] = route.split(' ') as [string, string];
        const path = pattern.replace(/:(\w+)/g, () => randomUUID());
        const response = await client.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
        const want = expected(access, principal);
        // A random id is someone else's: paths that take only the caller's own id refuse it.
        check(
          response.status,
          want === 'allowed' && REST_PATHS[route]!.ownIdOnly ? 403 : access === 'whatsapp' && method === 'GET' ? 403 : want,
          `${principal} → ${route}`,
        );
      }
    });
  }
});

/** The callable procedures of one type, in batches of at most MAX_CALLS_PER_BATCH. */
function batchesOf(type: string): string[][] {
  const paths = procedures.filter((p) => p.type === type && !SESSION_CHANGING.includes(p.path)).map((p) => p.path);
  const batches: string[][] = [];
  for (let start = 0; start < paths.length; start += MAX_CALLS_PER_BATCH) batches.push(paths.slice(start, start + MAX_CALLS_PER_BATCH));
  return batches;
}

describe('batched tRPC calls', () => {
  for (const principal of PRINCIPALS) {
    it(`answer each call of a batch by ${principal}'s rights for that call`, async () => {
      const client = clients.get(principal)!;
      let mixed = 0;
      for (const type of ['query', 'mutation']) {
        for (const paths of batchesOf(type)) {
          const inputs = JSON.stringify(Object.fromEntries(paths.map((_, index) => [String(index), {}])));
          const url = `/trpc/${paths.join(',')}?batch=1`;
          const response =
            type === 'query' ? await client.get<unknown[]>(`${url}&input=${encodeURIComponent(inputs)}`) : await client.post<unknown[]>(url, inputs);
          expect(Array.isArray(response.body), `${principal} → ${paths.join(',')} answered ${response.status}`).toBe(true);
          const wants = paths.map((path) => expected(PROCEDURE_ACCESS[path]!, principal));
          if (wants.includes('allowed') && wants.some((want) => want !== 'allowed')) mixed += 1;
          paths.forEach((path, index) => {
            const call = response.body[index] as { error?: { data?: { httpStatus?: number } } };
            check(call.error?.data?.httpStatus ?? 200, wants[index]!, `${principal} → ${path} in a batch`);
          });
        }
      }
      // Every caller but the admin has batches where some calls are allowed and others refused.
      if (principal !== 'admin') expect(mixed).toBeGreaterThan(0);
    });
  }
});

describe('tRPC takes no multipart form', () => {
  for (const principal of PRINCIPALS) {
    it(`answers ${principal} 415 for every procedure sent as multipart/form-data`, async () => {
      const client = clients.get(principal)!;
      for (const { path } of procedures) {
        const form = new FormData();
        form.set('0', JSON.stringify({}));
        const response = await fetch(`${client.baseUrl}/trpc/${path}`, { method: 'POST', body: form, headers: client.cookie ? { cookie: client.cookie } : {} });
        expect(response.status, `${principal} → ${path}`).toBe(415);
        expect(await response.json(), `${principal} → ${path}`).toEqual({ message: SERVER_MESSAGES.jsonOnly, code: 'server.jsonOnly' });
        expect(response.headers.get('set-cookie'), `${principal} → ${path} changed the session`).toBeNull();
      }
    });
  }
});
