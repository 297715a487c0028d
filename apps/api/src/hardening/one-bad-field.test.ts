import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin, createParent } from '../test/factories.js';
import { REST_PATHS } from '../rest/paths.js';
import { isMoneyWithThreeDecimals, MONEY_WITH_THREE_DECIMALS, nasty } from './bad-values.js';
import { changedRows, rowCounts, tableRows } from './table-rows.js';

/**
 * The other half of the bad-input suite (bad-input.test.ts throws wholly generated payloads, which
 * validation mostly stops at the first field): here every write the product has starts from a
 * payload that succeeds, and fast-check changes one or two of its fields (a bad value of any kind,
 * a field left out, an unknown field added), through tRPC and through its REST path. So bad values
 * also reach the domain and the database. Whatever the answer: never a 5xx; a refusal changes no
 * column of any row (table-rows.ts); a success is written whole (the student with its outbox message, the office's change
 * with its audit row); money with three decimals is never taken.
 */
let t: TestServer;
let admin: HttpClient;
let parent: HttpClient;
let parentAccount: { email: string; parentId: string };
const fixed = {} as { schoolId: string; areaId: string; termsVersionId: string; studentId: string; driverId: string; feeIds: string[] };
let serial = 0;
const next = () => `${Date.now().toString(36)}${(serial += 1)}`;
const phone = () => String(31_000_000 + ((Date.now() + (serial += 1)) % 8_000_000));

interface Write {
  /** Who calls it. */
  caller: () => HttpClient;
  /** A payload that succeeds (fresh unique values on each call). */
  valid: () => Record<string, unknown>;
  /** The field that REST takes from the path, if any. */
  pathField?: string;
  /** What a success must have written besides the row itself, by table (as PostgreSQL names it): at least this many rows more. */
  whole: Record<string, number>;
  /** Run before each try, so that a success stays possible (one pending modification request per student). */
  reset?: () => Promise<void>;
}

const WRITES: Record<string, Write> = {
  'registration.create': {
    caller: () => t.client(),
    valid: () => {
      const tag = next();
      return {
        firstName: 'Sara',
        fathersName: 'Ali',
        lastName: 'Hassan',
        grade: '3',
        class: 'A',
        schoolId: fixed.schoolId,
        studentSchoolId: `ONE-${tag}`,
        parentName: 'Fatima',
        parentEmail: `one-${tag}@example.com`,
        parentPhone: phone(),
        parentPhone2: '',
        password: 'secret-1',
        serviceType: 'BOTH',
        areaId: fixed.areaId,
        block: '901',
        road: '12',
        houseBuilding: '34',
        flatHome: '',
        address: '',
        address2: '',
        termsAccepted: true,
        termsVersionId: fixed.termsVersionId,
      };
    },
    whole: { students: 1, notifications: 1 },
  },
  'parent.requestModification': {
    caller: () => parent,
    valid: () => ({
      studentId: fixed.studentId,
      firstName: `Amal ${next()}`,
      lastName: 'Owned',
      fathersName: 'Father',
      grade: '4',
      class: 'A',
      serviceType: 'BOTH',
      address: '',
      block: '1',
      road: '2',
      houseBuilding: '3',
    }),
    pathField: 'studentId',
    whole: { modification_requests: 1, audit_logs: 1 },
    reset: async () => {
      await t.db.deleteFrom('modificationRequests').where('studentId', '=', fixed.studentId).execute();
    },
  },
  'admin.schools.create': {
    caller: () => admin,
    valid: () => ({ schoolCode: `S-${next()}`, name: `School ${next()}`, address: 'Manama', contactName: 'Office', contactPhone: '17001122' }),
    whole: { schools: 1, audit_logs: 1 },
  },
  'admin.schools.update': {
    caller: () => admin,
    valid: () => ({ id: fixed.schoolId, schoolCode: `S-${next()}`, name: `School ${next()}`, address: 'Riffa', contactName: '', contactPhone: '' }),
    pathField: 'id',
    whole: { audit_logs: 1 },
  },
  'admin.areas.create': {
    caller: () => admin,
    valid: () => ({ name: `Area ${next()}`, price: '27.50', roundaboutCount: 0 }),
    whole: { areas: 1, audit_logs: 1 },
  },
  'admin.areas.update': {
    caller: () => admin,
    valid: () => ({ id: fixed.areaId, name: `Area ${next()}`, price: `2${serial % 10}.50`, roundaboutCount: serial % 5 }),
    pathField: 'id',
    whole: { audit_logs: 1 },
  },
  'admin.drivers.create': {
    caller: () => admin,
    valid: () => ({
      name: `Driver ${next()}`,
      phone: phone(),
      licenseNo: `L-${next()}`,
      password: 'driver-pass',
      areaIds: [fixed.areaId],
      vehicle: { plate: '12345', seats: 14 },
    }),
    whole: { drivers: 1, users: 1, audit_logs: 1 },
  },
  'admin.drivers.update': {
    caller: () => admin,
    valid: () => ({ id: fixed.driverId, name: `Driver ${next()}`, phone: phone(), licenseNo: `L-${next()}`, areaIds: [fixed.areaId] }),
    pathField: 'id',
    whole: { audit_logs: 1 },
  },
  'admin.students.create': {
    caller: () => admin,
    valid: () => ({
      parent: { kind: 'existing', emailOrPhone: parentAccount.email },
      firstName: `Kid ${next()}`,
      fathersName: 'Father',
      lastName: 'Office',
      grade: '5',
      class: 'B',
      studentSchoolId: `OFF-${next()}`,
      schoolId: fixed.schoolId,
      areaId: fixed.areaId,
      serviceType: 'HOME_TO_SCHOOL',
      contactNumber1: '36001122',
      block: '1',
      road: '2',
      houseBuilding: '3',
      priceBhd: '22.50',
      paymentStatus: 'unpaid',
      driverId: null,
    }),
    whole: { students: 1, audit_logs: 1 },
  },
  'admin.students.update': {
    caller: () => admin,
    valid: () => ({
      id: fixed.studentId,
      firstName: 'Amal',
      fathersName: 'Father',
      lastName: `Owned ${next()}`,
      grade: '3',
      class: 'A',
      studentSchoolId: `OWN-${next()}`,
      schoolId: fixed.schoolId,
      areaId: fixed.areaId,
      serviceType: 'BOTH',
      contactNumber1: '36000000',
      contactNumber2: '',
      address: `Block 1, Road ${next()}`,
      block: '1',
      road: '2',
      houseBuilding: '3',
      locationLink: '',
      priceBhd: '30.00',
      paymentStatus: 'unpaid',
      driverId: null,
    }),
    pathField: 'id',
    whole: { audit_logs: 1 },
  },
  'admin.settings.update': {
    caller: () => admin,
    valid: () => ({
      companyName: `Gulf Bus ${next()}`,
      contactText: `Call us ${next()}`,
      supportPhone1: '17001122',
      supportPhone2: '',
      instagramUrl: 'https://instagram.com/gulfbus',
      facebookUrl: '',
      xUrl: '',
      paymentBankAccount: 'BH67BMAG00001299123456',
      paymentMobileNumber: '39998888',
      whatsappNumber: '33334444',
      firstServiceMonth: 9,
      vatRatePercent: '0',
      vatNumber: '',
    }),
    whole: { audit_logs: 1 },
  },
  'admin.terms.create': {
    caller: () => admin,
    valid: () => ({ content: `Terms ${next()}: fees are due by the 30th.`, contentAr: `الشروط ${next()}: تُستحق الرسوم قبل يوم 30.`, activate: false }),
    whole: { terms: 1, audit_logs: 1 },
  },
  'admin.fees.recordPayment': {
    caller: () => admin,
    valid: () => ({
      feeIds: [fixed.feeIds[serial % fixed.feeIds.length]],
      amountBhd: '1.50',
      method: 'bank_transfer',
      reference: `TRX-${next()}`,
      paidAt: '2025-10-20',
      note: 'Paid at the office',
    }),
    whole: { payments: 1, audit_logs: 1 },
  },
};

// A future range (the cut-off never closes it), removed before each try so that no overlap refuses it.
/** A school week (Sunday to Thursday) about two months ahead: within the year an absence may reach. */
const ABSENCE_WEEK = (() => {
  const sunday = new Date(Date.now() + 60 * 86_400_000);
  sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
  const day = (offset: number) => new Date(sunday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(0), to: day(4) };
})();
const ABSENCE = () => ({ studentId: fixed.studentId, ...ABSENCE_WEEK, run: 'both', reason: `Ill ${next()}` });
const noAbsences = async () => {
  await t.db.deleteFrom('absences').where('studentId', '=', fixed.studentId).execute();
};
Object.assign(WRITES, {
  'parent.absences.report': { caller: () => parent, valid: ABSENCE, whole: { absences: 1 }, reset: noAbsences },
  'admin.schoolDay.reportAbsence': { caller: () => admin, valid: ABSENCE, whole: { absences: 1, audit_logs: 1 }, reset: noAbsences },
  'admin.schoolDay.updateSettings': {
    caller: () => admin,
    valid: () => ({
      schoolDays: ['sun', 'mon', 'tue', 'wed', 'thu'],
      noServiceDates: [{ date: '2030-12-16', name: 'National Day' }],
      morningStart: '06:00',
      morningEnd: '08:00',
      afternoonStart: '13:00',
      afternoonEnd: '15:00',
      officeAlertPhone: phone(),
      overdueAfterHours: 1,
    }),
    whole: { audit_logs: 1 },
    // Settings saved as they already are write nothing and are not audited: the stored alert phone
    // is one no payload sends (phone() stays below 39000000), so every success is a change.
    reset: async () => {
      const value = JSON.stringify('39000001');
      await t.db
        .insertInto('settings')
        .values({ key: 'officeAlertPhone', value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },
  },
  'admin.familyMessages.send': {
    caller: () => admin,
    valid: () => ({
      audience: 'school',
      schoolId: fixed.schoolId,
      driverId: null,
      run: null,
      textEn: `Bus 12 is running 15 minutes late ${next()}`,
      textAr: `الحافلة 12 متأخرة ${next()}`,
    }),
    whole: { notifications: 1, audit_logs: 1 },
  },
} satisfies Record<string, Write>);

const MONEY_FIELD = /price|amount/i;

/**
 * The valid payload with one or two fields changed: a bad value, the field left out, an unknown
 * field added, or (where the payload holds money) an amount with three decimals.
 */
function mutantOf(write: Write) {
  const change = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constant('replace' as const), fc.nat(), nasty) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('money' as const), fc.nat(), fc.constantFrom(...MONEY_WITH_THREE_DECIMALS)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('remove' as const), fc.nat(), fc.constant(undefined)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('add' as const), fc.string({ minLength: 1, maxLength: 12 }), nasty) },
  );
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => {
    const payload: Record<string, unknown> = write.valid();
    const keys = Object.keys(payload);
    const touched: { key: string; value: unknown }[] = [];
    for (const [kind, which, value] of changes) {
      const moneyKeys = keys.filter((key) => MONEY_FIELD.test(key));
      const pool = kind === 'money' && moneyKeys.length > 0 ? moneyKeys : keys;
      const key = kind === 'add' ? `x-${String(which)}` : pool[Number(which) % pool.length]!;
      if (kind === 'remove') delete payload[key];
      else payload[key] = value;
      touched.push({ key, value });
    }
    return { payload, touched };
  });
}

function restRouteOf(procedure: string): string {
  const route = Object.entries(REST_PATHS).find(([, row]) => row.procedure === procedure)?.[0];
  if (!route) throw new Error(`No REST path calls ${procedure}`);
  return route;
}

/**
 * A value as one path segment; half a surrogate pair cannot be percent-encoded, so it goes as U+FFFD
 * (what a browser sends). An object goes as its JSON: String() throws on one without a prototype.
 */
function pathSegment(value: unknown): string {
  const text =
    typeof value === 'string' && value !== '' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? 'missing');
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

async function send(via: 'tRPC' | 'REST', procedure: string, write: Write, payload: Record<string, unknown>) {
  const client = write.caller();
  if (via === 'tRPC') return client.post(`/trpc/${procedure}`, JSON.stringify(payload));
  const [method, pattern] = restRouteOf(procedure).split(' ') as [string, string];
  const { [write.pathField ?? '']: pathValue, ...body } = payload;
  const path = pattern.replace(/:\w+/, () => pathSegment(pathValue));
  return client.request(method, path, JSON.stringify(write.pathField ? body : payload));
}

beforeAll(async () => {
  t = await startTestServer();
  const sign = async (email: string, password: string) => {
    const client = t.client();
    expect((await client.post('/api/auth/login', { email, password })).status).toBe(200);
    return client;
  };
  const adminAccount = await createAdmin(t.db);
  admin = await sign(adminAccount.email, adminAccount.password);
  const account = await createParent(t.db);
  parentAccount = account;
  parent = await sign(account.email, account.password);
  fixed.schoolId = (
    await t.db
      .insertInto('schools')
      .values({ schoolCode: `ONE-${next()}`, name: 'One School' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  fixed.areaId = (
    await t.db
      .insertInto('areas')
      .values({ name: `One Area ${next()}`, price: '30.00' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  fixed.termsVersionId = (await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
  const driver = await admin.post<{ driver: { id: string } }>('/api/admin/drivers', {
    name: 'One Driver',
    phone: phone(),
    licenseNo: `L-${next()}`,
    password: 'driver-pass',
    areaIds: [],
  });
  expect(driver.status, JSON.stringify(driver.body)).toBe(201);
  fixed.driverId = driver.body.driver.id;
  fixed.studentId = (
    await t.db
      .insertInto('students')
      .values({
        schoolId: fixed.schoolId,
        firstName: 'Amal',
        fathersName: 'Father',
        lastName: 'Owned',
        grade: '3',
        studentSchoolId: `OWN-${next()}`,
        contactNumber1: '36000000',
        serviceType: 'BOTH',
        priceBhd: '30.00',
        areaId: fixed.areaId,
        address: 'Block 1, Road 2, House 3',
        houseBuilding: '3',
        road: '2',
        block: '1',
        parentId: account.parentId,
        createdAt: new Date('2024-01-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  expect((await admin.post('/api/admin/fees/generate', { month: '2025-10' })).status).toBe(200);
  expect((await admin.post('/api/admin/fees/generate', { month: '2025-11' })).status).toBe(200);
  fixed.feeIds = (await t.db.selectFrom('fees').select('id').where('studentId', '=', fixed.studentId).execute()).map((fee) => fee.id);
}, 60_000);
afterAll(() => t.close());

// Fewer runs than bad-input.test.ts: each one here goes deeper (most reach the database).
const RUNS = Math.round(Number(process.env.BAD_INPUT_RUNS ?? 20) * 0.7);

describe('one bad field in a payload that would succeed', () => {
  it('starts from payloads that do succeed, through tRPC and REST', async () => {
    for (const [procedure, write] of Object.entries(WRITES)) {
      for (const via of ['tRPC', 'REST'] as const) {
        await write.reset?.();
        const response = await send(via, procedure, write, write.valid());
        expect(response.status, `${via} ${procedure}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
      }
    }
  });

  for (const [procedure, write] of Object.entries(WRITES)) {
    for (const via of ['tRPC', 'REST'] as const) {
      it(`${via} ${procedure}`, async () => {
        await fc.assert(
          fc.asyncProperty(mutantOf(write), async ({ payload, touched }) => {
            await write.reset?.();
            const before = await tableRows(t.db);
            const response = await send(via, procedure, write, payload);
            const what = `${JSON.stringify(touched).slice(0, 300)} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`;
            expect(response.status, what).toBeLessThan(500);
            const after = await tableRows(t.db);
            if (response.status >= 400) {
              expect(changedRows(before, after), `a refusal changed these rows: ${what}`).toEqual({});
              return;
            }
            const [countsBefore, countsAfter] = [rowCounts(before), rowCounts(after)];
            for (const [table, rows] of Object.entries(write.whole))
              expect(countsAfter[table]! - countsBefore[table]!, `${table} after ${what}`).toBeGreaterThanOrEqual(rows);
            // What was sent is each field's last change: an amount a second change left out was not sent.
            const sent = new Map(touched.map(({ key, value }) => [key, value]));
            for (const [key, value] of sent)
              if (MONEY_FIELD.test(key)) expect(isMoneyWithThreeDecimals(value), `money with three decimals taken: ${what}`).toBe(false);
          }),
          // A failure is reported as found: shrinking a 20,000-character payload over HTTP would outlast the test's time.
          { numRuns: RUNS, endOnFailure: true },
        );
      });
    }
  }
});

describe('the proof upload (multipart, REST only)', () => {
  it('takes bad fields and bad files without a 5xx, and a refusal writes nothing', async () => {
    const files = fc.oneof(
      fc.constant({
        bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
        name: 'proof.png',
        type: 'image/png',
      }),
      fc.record({
        bytes: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
        name: fc.oneof(fc.constant('x.png'), fc.string({ maxLength: 300 })),
        type: fc.constantFrom('image/png', 'application/pdf', 'text/html', ''),
      }),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(nasty, fc.constant('30')),
        fc.oneof(nasty, fc.constant('BENEFIT-1')),
        files,
        fc.oneof(fc.constantFrom(...fixed.feeIds), fc.string({ maxLength: 40 })),
        async (amount, reference, file, feeId) => {
          await t.db.deleteFrom('paymentProofs').execute();
          const before = await tableRows(t.db);
          const form = new FormData();
          form.append('amountBhd', typeof amount === 'string' ? amount : (JSON.stringify(amount) ?? ''));
          form.append('reference', typeof reference === 'string' ? reference : (JSON.stringify(reference) ?? ''));
          if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
          const response = await fetch(`${t.url}/api/parent/fees/${pathSegment(feeId)}/proofs`, {
            method: 'POST',
            body: form,
            headers: { cookie: parent.cookie! },
          });
          const body = await response.text();
          expect(response.status, body).toBeLessThan(500);
          if (response.status >= 400) expect(changedRows(before, await tableRows(t.db)), `a refused upload changed these rows: ${body}`).toEqual({});
          else expect(isMoneyWithThreeDecimals(amount), body).toBe(false);
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
