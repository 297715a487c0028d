import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { FEE_MESSAGES } from '@school-transport/contracts';
import { PROCEDURES } from '../trpc/procedures.js';
import type { HttpClient, TestServer } from '../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent } from '../test/factories.js';
import { SetClock } from '../domain/clock.js';
import { PROCEDURE_ACCESS } from '../trpc/procedure-access.js';
import type { TapStandIn } from '../development/tap-stand-in.js';
import { startServerWithTap } from '../test/online-payments.js';
import { accessOfPath, REST_PATHS } from '../rest/paths.js';

/**
 * No cross-parent and no cross-driver read or write, ever. Parent A and driver A own real rows
 * (students, a modification request, a fee, a proof of payment, a receipt); parent B and driver B ask
 * for them by their real ids through every REST path and procedure a parent or driver may call
 * that names an id. A parent gets 404 (so ids cannot be probed), a driver naming another driver
 * 403 (as its path says), nothing is written, and the owner's own call with the same id works
 * (so the 404 is about ownership, not a wrong id). A new parent or driver path or procedure that
 * takes an id and has no row below fails the first test. The office, which may read every family,
 * still cannot book one family's proof of payment onto another family's months.
 */
type Owned =
  | 'student'
  | 'otherStudent'
  | 'request'
  | 'fee'
  | 'proof'
  | 'receiptFile'
  | 'payment'
  | 'driver'
  | 'absence'
  | 'rider'
  | 'onlinePayment'
  | 'creditNoteFile'
  | 'adult'
  | 'handoverCode';

interface Case {
  /** Which of the owner's ids goes in. */
  owned: Owned;
  /** The request, given the id; `who` is the caller. */
  call: (client: HttpClient, id: string) => Promise<{ status: number }>;
  /** What the stranger gets. */
  stranger: 404 | 403;
  /** Whose call it is: a driver's (another driver is the stranger) or, by default, a parent's (another family). */
  by?: 'driver';
  /** A success status of the owner's own call. */
  owner: number;
}

/** The school day is read on a clock set to a school morning (Tuesday), whatever day the tests run. */
const SCHOOL_DAY_MORNING = new Date('2026-12-01T06:30:00+03:00');
const SCHOOL_DAY_TOMORROW = '2026-12-02';

let t: TestServer;
let tap: TapStandIn;
let admin: HttpClient;
const parentA = {} as { client: HttpClient };
const parentB = {} as { client: HttpClient };
const driverA = {} as { client: HttpClient; driverId: string };
const driverB = {} as { client: HttpClient; driverId: string };
const ids = {} as Record<Owned, string>;

const PAST_MONTH = '2025-10';
/** A month the owner pays online (a checkout through the local stand-in of Tap). */
const ONLINE_MONTH = '2025-11';
const TAP_SECRET = 'sk_test_other_peoples_rows';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ADULT = { name: 'Maryam', relation: 'aunt', phone: '36222333' };
let parentAId: string;
const CHANGE = {
  firstName: 'Changed',
  lastName: 'Name',
  fathersName: 'Father',
  grade: '4',
  class: 'A',
  serviceType: 'BOTH',
  address: '',
  block: '1',
  road: '2',
  houseBuilding: '3',
};

async function upload(client: HttpClient, feeId: string) {
  const form = new FormData();
  form.append('amountBhd', '30');
  form.append('reference', 'BENEFIT-1');
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  const response = await fetch(`${client.baseUrl}/api/parent/fees/${encodeURIComponent(feeId)}/proofs`, {
    method: 'POST',
    body: form,
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  return { status: response.status, body: (await response.json()) as { proof?: { id: string } } };
}

const trpcQuery = (client: HttpClient, path: string, input: unknown) => client.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);

/** A subscription's status: its first event's (a refusal comes as an error event on an open stream). */
async function subscriptionStatus(client: HttpClient, path: string, input: unknown): Promise<{ status: number }> {
  const abort = new AbortController();
  const response = await fetch(`${client.baseUrl}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { accept: 'text/event-stream', cookie: client.cookie ?? '' },
    signal: abort.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      // The first block with data that is not the stream's opening 'connected' event.
      const block = text
        .split('\n\n')
        .slice(0, -1)
        .find((each) => each.includes('data:') && !each.includes('event: connected'));
      if (block) {
        const error = /event: serialized-error\ndata: (.*)/.exec(block);
        return { status: error ? ((JSON.parse(error[1]!) as { data?: { httpStatus?: number } }).data?.httpStatus ?? 500) : 200 };
      }
      const { value, done } = await reader.read();
      if (done) return { status: response.status };
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    abort.abort();
  }
}

/** Every id-taking path and procedure open to parents or drivers, with the row it is tried on. */
const REST_CASES: Record<string, Case> = {
  'GET /api/parent/students/:id': { owned: 'student', call: (c, id) => c.get(`/api/parent/students/${id}`), stranger: 404, owner: 200 },
  'GET /api/parent/modification-requests/:id': {
    owned: 'request',
    call: (c, id) => c.get(`/api/parent/modification-requests/${id}`),
    stranger: 404,
    owner: 200,
  },
  'POST /api/parent/students/:id/modification-requests': {
    owned: 'otherStudent',
    call: (c, id) => c.post(`/api/parent/students/${id}/modification-requests`, CHANGE),
    stranger: 404,
    owner: 201,
  },
  'POST /api/parent/fees/:id/proofs': { owned: 'fee', call: (c, id) => upload(c, id), stranger: 404, owner: 201 },
  'GET /api/payment-proofs/:id/file': { owned: 'proof', call: (c, id) => c.get(`/api/payment-proofs/${id}/file`), stranger: 404, owner: 200 },
  'GET /api/receipts/:file': { owned: 'receiptFile', call: (c, id) => c.get(`/api/receipts/${id}`), stranger: 404, owner: 200 },
  'GET /api/credit-notes/:file': { owned: 'creditNoteFile', call: (c, id) => c.get(`/api/credit-notes/${id}`), stranger: 404, owner: 200 },
  'GET /api/driver/students/:driverId': { owned: 'driver', call: (c, id) => c.get(`/api/driver/students/${id}`), stranger: 403, owner: 200 },
  'GET /api/parent/payments/:id': { owned: 'onlinePayment', call: (c, id) => c.get(`/api/parent/payments/${id}`), stranger: 404, owner: 200 },
  'DELETE /api/parent/absences/:id': { owned: 'absence', call: (c, id) => c.request('DELETE', `/api/parent/absences/${id}`), stranger: 404, owner: 200 },
  'GET /api/parent/students/:id/today': { owned: 'student', call: (c, id) => c.get(`/api/parent/students/${id}/today`), stranger: 404, owner: 200 },
  'GET /api/parent/students/:id/bus': { owned: 'student', call: (c, id) => c.get(`/api/parent/students/${id}/bus`), stranger: 404, owner: 200 },
  'GET /api/parent/students/:id/bus-near': { owned: 'student', call: (c, id) => c.get(`/api/parent/students/${id}/bus-near`), stranger: 404, owner: 200 },
  'PUT /api/parent/students/:id/bus-near': {
    owned: 'student',
    call: (c, id) => c.put(`/api/parent/students/${id}/bus-near`, { minutes: 5 }),
    stranger: 404,
    owner: 200,
  },
  'PUT /api/parent/authorised-adults/:id': { owned: 'adult', call: (c, id) => c.put(`/api/parent/authorised-adults/${id}`, ADULT), stranger: 404, owner: 200 },
  'DELETE /api/parent/authorised-adults/:id': {
    owned: 'adult',
    call: (c, id) => c.request('DELETE', `/api/parent/authorised-adults/${id}`),
    stranger: 404,
    owner: 200,
  },
  'GET /api/parent/students/:id/handover': { owned: 'student', call: (c, id) => c.get(`/api/parent/students/${id}/handover`), stranger: 404, owner: 200 },
  'PUT /api/parent/students/:id/handover': {
    owned: 'student',
    call: (c, id) => c.put(`/api/parent/students/${id}/handover`, { required: true }),
    stranger: 404,
    owner: 200,
  },
  'DELETE /api/parent/handover-codes/:id': {
    owned: 'handoverCode',
    call: (c, id) => c.request('DELETE', `/api/parent/handover-codes/${id}`),
    stranger: 404,
    owner: 200,
  },
  'POST /api/driver/runs/:run/marks': {
    owned: 'rider',
    by: 'driver',
    call: (c, id) => c.post('/api/driver/runs/morning/marks', { studentId: id, event: 'boarded', clientId: `rest-${id}` }),
    stranger: 404,
    owner: 201,
  },
};

/**
 * Paths whose parameter names no row: the run ('morning' or 'afternoon'). Each driver's Start and
 * End reach only the runs that driver drives that day (their own, or one they cover); a driver's
 * order of stops is of their own run only, and another driver's stop ids in it are refused as not
 * the run's stops (409, routes.test.ts).
 */
const REST_WITHOUT_ROWS = ['POST /api/driver/runs/:run/start', 'POST /api/driver/runs/:run/end', 'PUT /api/driver/runs/:run/stops/order'];

const PROCEDURE_CASES: Record<string, Case | 'no id reaches the owner check'> = {
  'parent.student': { owned: 'student', call: (c, id) => trpcQuery(c, 'parent.student', { id }), stranger: 404, owner: 200 },
  'parent.modificationRequest': { owned: 'request', call: (c, id) => trpcQuery(c, 'parent.modificationRequest', { id }), stranger: 404, owner: 200 },
  'parent.requestModification': {
    owned: 'otherStudent',
    call: (c, id) => c.post('/trpc/parent.requestModification', { ...CHANGE, studentId: id }),
    stranger: 404,
    owner: 200,
  },
  'parent.payments.get': { owned: 'onlinePayment', call: (c, id) => trpcQuery(c, 'parent.payments.get', { id }), stranger: 404, owner: 200 },
  'parent.fees.receipt': { owned: 'payment', call: (c, id) => trpcQuery(c, 'parent.fees.receipt', { id }), stranger: 404, owner: 200 },
  'driver.students': { owned: 'driver', call: (c, id) => trpcQuery(c, 'driver.students', { driverId: id }), stranger: 403, owner: 200 },
  // tRPC carries JSON, not files: every JSON call is refused as having no file, whoever's fee it names
  // (the multipart REST path above is the one that reaches the owner check).
  'parent.fees.uploadProof': 'no id reaches the owner check',
  'parent.absences.report': {
    owned: 'student',
    call: (c, id) => c.post('/trpc/parent.absences.report', { studentId: id, from: SCHOOL_DAY_TOMORROW, to: SCHOOL_DAY_TOMORROW, run: 'afternoon' }),
    stranger: 404,
    owner: 200,
  },
  'parent.absences.cancel': { owned: 'absence', call: (c, id) => c.post('/trpc/parent.absences.cancel', { id }), stranger: 404, owner: 200 },
  'parent.studentToday': { owned: 'student', call: (c, id) => trpcQuery(c, 'parent.studentToday', { id }), stranger: 404, owner: 200 },
  'parent.studentBus': { owned: 'student', call: (c, id) => trpcQuery(c, 'parent.studentBus', { id }), stranger: 404, owner: 200 },
  'parent.busUpdates': { owned: 'student', call: (c, id) => subscriptionStatus(c, 'parent.busUpdates', { id }), stranger: 404, owner: 200 },
  'parent.busNear': { owned: 'student', call: (c, id) => trpcQuery(c, 'parent.busNear', { id }), stranger: 404, owner: 200 },
  'parent.setBusNear': { owned: 'student', call: (c, id) => c.post('/trpc/parent.setBusNear', { id, minutes: 10 }), stranger: 404, owner: 200 },
  'parent.authorisedAdults.update': {
    owned: 'adult',
    call: (c, id) => c.post('/trpc/parent.authorisedAdults.update', { ...ADULT, id }),
    stranger: 404,
    owner: 200,
  },
  'parent.authorisedAdults.remove': { owned: 'adult', call: (c, id) => c.post('/trpc/parent.authorisedAdults.remove', { id }), stranger: 404, owner: 200 },
  'parent.studentHandover': { owned: 'student', call: (c, id) => trpcQuery(c, 'parent.studentHandover', { id }), stranger: 404, owner: 200 },
  'parent.setStudentHandover': {
    owned: 'student',
    call: (c, id) => c.post('/trpc/parent.setStudentHandover', { id, required: true }),
    stranger: 404,
    owner: 200,
  },
  'parent.handoverCodes.issue': {
    owned: 'student',
    call: (c, id) => c.post('/trpc/parent.handoverCodes.issue', { studentId: id, date: SCHOOL_DAY_TOMORROW, name: 'Khalid', phone: '36555111' }),
    stranger: 404,
    owner: 200,
  },
  'parent.handoverCodes.cancel': { owned: 'handoverCode', call: (c, id) => c.post('/trpc/parent.handoverCodes.cancel', { id }), stranger: 404, owner: 200 },
  'driver.runs.mark': {
    owned: 'rider',
    by: 'driver',
    call: (c, id) => c.post('/trpc/driver.runs.mark', { run: 'morning', studentId: id, event: 'boarded', clientId: `trpc-${id}` }),
    stranger: 404,
    owner: 200,
  },
};

/** Procedures (and REST paths) open to parents or drivers whose input names a row. */
function idTakingProcedures(): string[] {
  return PROCEDURES.filter(
    ({ name }) => ['parent', 'crew', 'signed-in'].includes(PROCEDURE_ACCESS[name] ?? '') || PROCEDURE_ACCESS[name]?.startsWith('parent-or-office:'),
  )
    .filter(({ meta }) => {
      if (!meta.input) return false;
      const json = z.toJSONSchema(meta.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
      return Object.keys(json.properties ?? {}).some((field) => /id$/i.test(field));
    })
    .map(({ name }) => name);
}

/** Row counts of every table (sessions aside): a refused request leaves them as they were. */
async function tableCounts(): Promise<string> {
  const tables = await sql<{
    tablename: string;
  }>`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('sessions', 'kysely_migration', 'kysely_migration_lock') ORDER BY tablename`.execute(
    t.db,
  );
  const counts = await sql<
    Record<string, string>
  >`SELECT ${sql.join(tables.rows.map(({ tablename }) => sql`(SELECT count(*) FROM ${sql.table(tablename)}) AS ${sql.ref(tablename)}`))}`.execute(t.db);
  return JSON.stringify(counts.rows[0]);
}

beforeAll(async () => {
  ({ t, tap } = await startServerWithTap(TAP_SECRET, { clock: new SetClock(SCHOOL_DAY_MORNING) }));
  admin = await t.signIn(await createAdmin(t.db));
  const school = await createSchool(t.db);
  const area = await createArea(t.db, '30.00');
  const accounts = { A: await createParent(t.db), B: await createParent(t.db) };
  const drivers = { A: await createDriver(t.db), B: await createDriver(t.db) };
  const student = (parentId: string, driverId: string, firstName: string) =>
    createStudent(t.db, {
      schoolId: school.id,
      areaId: area.id,
      parentId,
      driverId,
      firstName,
      priceBhd: '30.00',
      createdAt: new Date('2024-01-01T00:00:00Z'),
    });
  ids.student = (await student(accounts.A.parentId, drivers.A.driverId, 'Amal')).id;
  ids.otherStudent = (await student(accounts.A.parentId, drivers.A.driverId, 'Adel')).id;
  await student(accounts.B.parentId, drivers.B.driverId, 'Badr');

  parentA.client = await t.signIn(accounts.A);
  parentB.client = await t.signIn(accounts.B);
  Object.assign(driverA, { driverId: drivers.A.driverId, client: await t.signIn(drivers.A) });
  Object.assign(driverB, { driverId: drivers.B.driverId, client: await t.signIn(drivers.B) });
  ids.driver = drivers.A.driverId;
  ids.rider = ids.student;

  const request = await parentA.client.post<{ modificationRequest: { id: string } }>(`/api/parent/students/${ids.student}/modification-requests`, CHANGE);
  expect(request.status, JSON.stringify(request.body)).toBe(201);
  ids.request = request.body.modificationRequest.id;
  expect((await admin.post('/api/admin/fees/generate', { month: PAST_MONTH })).status).toBe(200);
  const fees = await t.db
    .selectFrom('fees')
    .select(['id', 'studentId'])
    .where('month', '=', PAST_MONTH)
    .where('studentId', 'in', [ids.student, ids.otherStudent])
    .execute();
  ids.fee = fees.find((fee) => fee.studentId === ids.otherStudent)!.id;
  const proof = await upload(parentA.client, fees.find((fee) => fee.studentId === ids.student)!.id);
  expect(proof.status, JSON.stringify(proof.body)).toBe(201);
  ids.proof = proof.body.proof!.id;
  const payment = await admin.post<{ payment: { id: string } }>('/api/admin/payments', {
    feeIds: [fees.find((fee) => fee.studentId === ids.student)!.id],
    amountBhd: '30',
    method: 'bank_transfer',
    reference: 'TRX-OWN',
    paidAt: '2025-10-01',
  });
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  ids.payment = payment.body.payment.id;
  ids.receiptFile = `${payment.body.payment.id}.pdf`;
  const absence = await parentA.client.post<{ absence: { id: string } }>('/api/parent/absences', {
    studentId: ids.student,
    from: SCHOOL_DAY_TOMORROW,
    to: SCHOOL_DAY_TOMORROW,
    run: 'morning',
  });
  expect(absence.status, JSON.stringify(absence.body)).toBe(201);
  ids.absence = absence.body.absence.id;
  expect((await admin.post('/api/admin/fees/generate', { month: ONLINE_MONTH })).status).toBe(200);
  const onlineFee = await t.db.selectFrom('fees').select('id').where('month', '=', ONLINE_MONTH).where('studentId', '=', ids.student).executeTakeFirstOrThrow();
  const checkout = await parentA.client.post<{ payment: { id: string } }>('/api/parent/payments/checkout', { feeIds: [onlineFee.id] });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
  ids.onlinePayment = checkout.body.payment.id;
  // That online payment captured and booked, then partly refunded by the office: the owner's credit note.
  const { chargeId } = await t.db.selectFrom('onlinePayments').select('chargeId').where('id', '=', ids.onlinePayment).executeTakeFirstOrThrow();
  tap.settle(chargeId!, { pay: 'BENEFIT' });
  expect((await parentA.client.get(`/api/parent/payments/${ids.onlinePayment}`)).status).toBe(200);
  const { paymentId } = await t.db.selectFrom('onlinePayments').select('paymentId').where('id', '=', ids.onlinePayment).executeTakeFirstOrThrow();
  const refund = await admin.post<{ refund: { id: string } }>(`/api/admin/payments/${paymentId}/refund`, {
    amountBhd: '5',
    reason: 'The bus did not run for a week',
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
  ids.creditNoteFile = `${refund.body.refund.id}.pdf`;
  parentAId = accounts.A.parentId;
  const adult = await parentA.client.post<{ adult: { id: string } }>('/api/parent/authorised-adults', ADULT);
  expect(adult.status, JSON.stringify(adult.body)).toBe(201);
  ids.adult = adult.body.adult.id;
  const code = await parentA.client.post<{ handoverCode: { id: string } }>('/api/parent/handover-codes', {
    studentId: ids.student,
    date: SCHOOL_DAY_TOMORROW,
    name: 'Khalid',
    phone: '36555111',
  });
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  ids.handoverCode = code.body.handoverCode.id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await tap.close();
});

describe("other people's rows", () => {
  it('has a row for every parent or driver path and procedure that names an id', () => {
    const paths = Object.keys(REST_PATHS).filter(
      (route) => /:\w+/.test(route) && (['parent', 'crew', 'signed-in'].includes(accessOfPath(route)) || accessOfPath(route).startsWith('parent-or-office:')),
    );
    expect(paths.filter((route) => !(route in REST_CASES) && !REST_WITHOUT_ROWS.includes(route))).toEqual([]);
    expect(Object.keys(REST_CASES).filter((route) => !paths.includes(route))).toEqual([]);
    expect(idTakingProcedures().filter((path) => !(path in PROCEDURE_CASES))).toEqual([]);
  });

  const cases = [
    ...Object.entries(REST_CASES).map(([name, c]) => [`REST ${name}`, c] as const),
    ...Object.entries(PROCEDURE_CASES)
      .filter((entry): entry is [string, Case] => typeof entry[1] !== 'string')
      .map(([name, c]) => [`tRPC ${name}`, c] as const),
  ];
  for (const [name, c] of cases) {
    it(`${name}: the stranger gets ${c.stranger} and changes nothing; the owner gets ${c.owner}`, async () => {
      const byDriver = c.owned === 'driver' || c.by === 'driver';
      const [stranger, owner] = byDriver ? [driverB.client, driverA.client] : [parentB.client, parentA.client];
      const before = await tableCounts();
      const refused = await c.call(stranger, ids[c.owned]);
      expect(refused.status, `${name} as the other ${byDriver ? 'driver' : 'parent'}`).toBe(c.stranger);
      expect(await tableCounts()).toBe(before);
      const allowed = await c.call(owner, ids[c.owned]);
      expect(allowed.status, `${name} as the owner`).toBe(c.owner);
      // The owner's write was a real one: withdraw it so the REST and tRPC rows can each try it.
      if (name.includes('requestModification') || name.includes('modification-requests')) {
        await t.db.deleteFrom('modificationRequests').where('studentId', '=', ids.otherStudent).execute();
      }
      // So too the school day's: the mark, the new absence, the cancelled one.
      await t.db.deleteFrom('runMarks').execute();
      await t.db.deleteFrom('absences').where('id', '!=', ids.absence).execute();
      await t.db.updateTable('absences').set({ cancelledAt: null, cancelledBy: null }).execute();
      // And safe handover's: the adult removed, the code cancelled.
      await t.db
        .insertInto('authorisedAdults')
        .values({ id: ids.adult, parentId: parentAId, ...ADULT, relation: 'aunt' })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await t.db.updateTable('handoverCodes').set({ cancelledAt: null }).execute();
    });
  }

  it("lists show only the caller's own rows", async () => {
    const names = async (client: HttpClient) =>
      (await client.get<{ students: { firstName: string }[] }>('/api/parent/students')).body.students.map((s) => s.firstName).sort();
    expect(await names(parentA.client)).toEqual(['Adel', 'Amal']);
    expect(await names(parentB.client)).toEqual(['Badr']);
    const requests = await parentB.client.get<{ modificationRequests: unknown[] }>('/api/parent/modification-requests');
    expect(requests.body.modificationRequests).toEqual([]);
    const fees = await parentB.client.get<{ fees: { studentId: string; proofs: unknown[]; receipts: unknown[] }[] }>('/api/parent/fees');
    expect(fees.body.fees.map((fee) => fee.studentId)).not.toContain(ids.student);
    expect(fees.body.fees.flatMap((fee) => [...fee.proofs, ...fee.receipts])).toEqual([]);
    const driverNames = async (client: HttpClient) =>
      (await client.get<{ students: { firstName: string }[] }>('/api/driver/students')).body.students.map((s) => s.firstName).sort();
    expect(await driverNames(driverA.client)).toEqual(['Adel', 'Amal']);
    expect(await driverNames(driverB.client)).toEqual(['Badr']);
  });
});

describe("one family's proof, another family's months", () => {
  it("accepting a proof against another family's month is 404 and books nothing; the proof's own family's month is booked", async () => {
    const otherFamilysFee = await t.db
      .selectFrom('fees')
      .innerJoin('students', 'students.id', 'fees.studentId')
      .select('fees.id')
      .where('students.firstName', '=', 'Badr')
      .where('fees.month', '=', PAST_MONTH)
      .executeTakeFirstOrThrow();
    const ledger = async () =>
      JSON.stringify([
        await t.db.selectFrom('payments').selectAll().orderBy('id').execute(),
        await t.db.selectFrom('paymentAllocations').selectAll().orderBy('paymentId').orderBy('feeId').execute(),
        await t.db.selectFrom('fees').selectAll().orderBy('id').execute(),
        await t.db.selectFrom('paymentProofs').select(['id', 'status', 'paymentId']).orderBy('id').execute(),
      ]);
    const before = { ledger: await ledger(), counts: await tableCounts() };
    for (const feeIds of [[otherFamilysFee.id], [ids.fee, otherFamilysFee.id]]) {
      const refused = await admin.post(`/api/admin/payment-proofs/${ids.proof}/accept`, { amountBhd: '30', reference: 'TRX-OTHER', feeIds });
      expect(refused, JSON.stringify(feeIds)).toMatchObject({ status: 404, body: { message: FEE_MESSAGES.feeNotFound } });
    }
    expect({ ledger: await ledger(), counts: await tableCounts() }).toEqual(before);

    const accepted = await admin.post<{ payment: { allocations: { feeId: string; amountBhd: string }[] } }>(`/api/admin/payment-proofs/${ids.proof}/accept`, {
      amountBhd: '30',
      reference: 'TRX-OWN-2',
      feeIds: [ids.fee],
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.payment.allocations).toEqual([{ feeId: ids.fee, amountBhd: '30.00' }]);
  });
});
