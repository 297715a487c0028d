import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { unzipSync, strFromU8 } from 'fflate';
import { testEngine } from '@school-transport/db/testing';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createParent, createSchool, createStaff, createStudent } from '../../test/factories.js';
import { generateFeesForMonth } from '../fees/generate.js';
import { SetClock } from '../clock.js';
import { OutboxWorker } from '../notifications/worker.js';
import { logTransport } from '../notifications/transports.js';

/**
 * Families' data rights: 'My data' holds every kind of record of the family and nothing of
 * another; an erasure request is due 10 Bahrain working days later; the office completes it (every
 * personal value of the family gone from every table, the tax records still adding up) or refuses
 * it with a reason the family is sent.
 */
let t: TestServer;
let admin: HttpClient;
let staff: HttpClient;
let schoolId: string;
let areaId: string;
// Thursday 3 December 2026, 09:00 in Bahrain.
const clock = new SetClock(new Date('2026-12-03T06:00:00Z'));
let counter = 0;

interface TestFamily {
  client: HttpClient;
  userId: string;
  parentId: string;
  studentId: string;
  email: string;
  phone: string;
  /** Values that identify the family, which no table may hold after its erasure. */
  personal: string[];
}

async function family(label: string): Promise<TestFamily> {
  const parent = await createParent(t.db);
  const phone = `3${String(7000000 + counter++ * 7919).slice(-7)}`;
  await t.db
    .updateTable('users')
    .set({ phone, name: `Maryam ${label}` })
    .where('id', '=', parent.id)
    .execute();
  await t.db.updateTable('parents').set({ whatsappNumber: phone }).where('id', '=', parent.parentId).execute();
  const student = await createStudent(t.db, {
    schoolId,
    areaId,
    parentId: parent.parentId,
    firstName: `Zainab${label}`,
    lastName: `Alawi${label}`,
    fathersName: `Hussain${label}`,
    contactNumber1: phone,
    address: `Flat 12 Building ${label}77`,
    houseBuilding: `${label}77`,
    road: '3801',
    block: '338',
    locationLink: `https://maps.example.com/?q=${label}`,
    priceBhd: '30.00',
    createdAt: new Date('2024-01-01T00:00:00Z'),
  });
  const client = await t.signIn(parent);
  return {
    client,
    userId: parent.id,
    parentId: parent.parentId,
    studentId: student.id,
    email: parent.email,
    phone,
    personal: [parent.email, phone, `Maryam ${label}`, `Zainab${label}`, `Alawi${label}`, `Hussain${label}`, `Building ${label}77`, `?q=${label}`],
  };
}

/** The ZIP as the family downloads it: its files by name. */
async function download(client: HttpClient): Promise<{ status: number; type: string | null; files: Record<string, Uint8Array> }> {
  const response = await fetch(`${t.url}/api/parent/my-data`, { headers: { cookie: client.cookie ?? '' } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), files: response.status === 200 ? unzipSync(bytes) : {} };
}
const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

/** Every row of every table as text, to look for a family's values anywhere. */
async function everyTableAsText(): Promise<Map<string, string>> {
  const tables = await sql<{
    tableName: string;
  }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'`.execute(
    t.db,
  );
  const dump = new Map<string, string>();
  for (const { tableName } of tables.rows) {
    const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(tableName)} t`.execute(t.db);
    dump.set(tableName, rows.rows.map((row) => row.row).join('\n'));
  }
  return dump;
}

let ali: TestFamily;
let huda: TestFamily;

beforeAll(async () => {
  t = await startTestServer({ clock });
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db)).id;
  const adminAccount = await createAdmin(t.db);
  admin = await t.signIn(adminAccount);
  staff = await t.signIn(await createStaff(t.db));
  ali = await family('A');
  huda = await family('B');
  await generateFeesForMonth(t.db, '2026-11');
  // A payment with its receipt, a modification request, an absence and a message for each family.
  for (const f of [ali, huda]) {
    const fee = await t.db.selectFrom('fees').select('id').where('studentId', '=', f.studentId).executeTakeFirstOrThrow();
    expect((await admin.post('/api/admin/payments', { feeIds: [fee.id], amountBhd: '30.00', method: 'cash', paidAt: '2026-12-01' })).status).toBe(201);
    expect(
      (
        await f.client.post(`/api/parent/students/${f.studentId}/modification-requests`, {
          firstName: f.personal[3],
          lastName: f.personal[4],
          fathersName: f.personal[5],
          grade: '5',
          serviceType: 'BOTH',
          address: `New street ${f.personal[6]}`,
          block: '338',
          road: '3801',
          houseBuilding: '12',
        })
      ).status,
    ).toBe(201);
    await t.db
      .insertInto('absences')
      .values({ studentId: f.studentId, fromDate: '2026-12-06', toDate: '2026-12-06', run: 'both', reason: 'Dentist' })
      .execute();
  }
}, 180_000);
afterAll(() => t?.close());

describe(`families' data rights on ${testEngine()}`, () => {
  it("gives a family every kind of its records in a ZIP, with its receipts and a README, and nothing of another family's", async () => {
    const { status, type, files } = await download(ali.client);
    expect(status).toBe(200);
    expect(type).toBe('application/zip');
    const names = Object.keys(files).sort();
    for (const kind of [
      'account',
      'children',
      'terms-accepted',
      'modification-requests',
      'fees',
      'payments',
      'messages',
      'absences',
      'school-day-marks',
      'choices',
      'office-views',
    ]) {
      expect(names).toContain(`${kind}.json`);
    }
    expect(strFromU8(files['README.txt']!)).toContain('fees.json: The monthly fee of each child');
    const receipts = names.filter((name) => name.startsWith('receipts/'));
    expect(receipts).toHaveLength(1);
    expect(strFromU8(files[receipts[0]!]!.slice(0, 5))).toBe('%PDF-');

    const account = json(files, 'account.json') as Record<string, unknown>;
    expect(account).toMatchObject({ name: 'Maryam A', email: ali.email, phone: ali.phone });
    expect(JSON.stringify(account)).not.toContain('argon2');

    // Compared with the database: the family's own rows, all of them.
    const feeIds = (await t.db.selectFrom('fees').select('id').where('studentId', '=', ali.studentId).execute()).map((row) => row.id).sort();
    expect((json(files, 'fees.json') as { id: string }[]).map((fee) => fee.id).sort()).toEqual(feeIds);
    expect((json(files, 'children.json') as { id: string; address: string }[]).map((child) => [child.id, child.address])).toEqual([
      [ali.studentId, 'Flat 12 Building A77'],
    ]);
    expect(json(files, 'absences.json')).toEqual([expect.objectContaining({ studentId: ali.studentId, reason: 'Dentist' })]);
    expect(json(files, 'modification-requests.json')).toHaveLength(1);
    const messages = json(files, 'messages.json') as { recipient: string; templateKey: string }[];
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((message) => message.recipient === ali.phone || message.recipient === ali.email)).toBe(true);

    const everything = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n');
    for (const value of huda.personal) expect(everything).not.toContain(value);
    for (const id of [huda.studentId, huda.parentId]) expect(everything).not.toContain(id);

    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'actorUserId'])
      .where('entityId', '=', ali.parentId)
      .where('action', '=', 'download_data')
      .execute();
    expect(audit).toEqual([{ action: 'download_data', actorUserId: ali.userId }]);
  });

  it('keeps the download to families: 401 signed out, 403 for the office', async () => {
    expect((await t.client().get('/api/parent/my-data')).status).toBe(401);
    expect((await admin.get('/api/parent/my-data')).status).toBe(403);
  });

  it('makes a request due 10 working days later, over the weekends and the no-service dates, one open at a time', async () => {
    await t.db
      .insertInto('settings')
      .values({
        key: 'noServiceDates',
        value: JSON.stringify([
          { date: '2026-12-16', name: 'National Day' },
          { date: '2026-12-17', name: 'National Day' },
        ]),
      })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
      .execute();
    const made = await ali.client.post<{ erasureRequest: { id: string; status: string; dueBy: string } }>('/api/parent/erasure-requests', {
      reason: 'We moved abroad',
    });
    expect(made.status).toBe(201);
    // Thursday 3 December: Sun 6 … Tue 15 are 8 working days; 16 and 17 are National Day; Sun 20 and Mon 21 make 10.
    expect(made.body.erasureRequest).toMatchObject({ status: 'open', dueBy: '2026-12-21' });
    const again = await ali.client.post('/api/parent/erasure-requests', {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Your family already has an erasure request open. The office answers it by its due date.',
      code: expect.any(String),
    });
    expect((await ali.client.get<{ erasureRequests: unknown[] }>('/api/parent/erasure-requests')).body.erasureRequests).toHaveLength(1);
  });

  it('lists requests for admins only, with the working days left, and refuses one with the reason sent to the family', async () => {
    expect((await staff.get('/api/admin/erasure-requests')).status).toBe(403);
    const hudaRequest = await huda.client.post<{ erasureRequest: { id: string } }>('/api/parent/erasure-requests', {});
    expect(hudaRequest.status).toBe(201);
    const list = await admin.get<{ erasureRequests: { id: string; familyName: string; workingDaysLeft: number; status: string }[] }>(
      '/api/admin/erasure-requests',
    );
    expect(list.status).toBe(200);
    expect(list.body.erasureRequests.map((request) => [request.familyName, request.workingDaysLeft, request.status])).toEqual([
      ['Maryam A', 10, 'open'],
      ['Maryam B', 10, 'open'],
    ]);

    const id = hudaRequest.body.erasureRequest.id;
    const noReason = await admin.post(`/api/admin/erasure-requests/${id}/refuse`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const refused = await admin.post<{ erasureRequest: { status: string; refusalReason: string } }>(`/api/admin/erasure-requests/${id}/refuse`, {
      reason: 'Fees of November are unpaid',
    });
    expect(refused.status).toBe(200);
    expect(refused.body.erasureRequest).toMatchObject({ status: 'refused', refusalReason: 'Fees of November are unpaid' });
    const told = await t.db.selectFrom('notifications').select(['recipient', 'payload']).where('templateKey', '=', 'erasure_refused').execute();
    expect(told).toEqual([{ recipient: huda.phone, payload: { reason: 'Fees of November are unpaid' } }]);
    expect((await admin.post(`/api/admin/erasure-requests/${id}/complete`)).status).toBe(409);
    expect((await admin.post('/api/admin/erasure-requests/not-an-id/complete')).status).toBe(404);
  });

  it("completes an erasure: no table holds the family's values, the accounts are closed, the tax records still add up", async () => {
    const totalsBefore = await sql<{
      fees: string;
      payments: string;
    }>`SELECT (SELECT sum(amount) FROM fees)::text AS fees, (SELECT sum(amount) FROM payments)::text AS payments`.execute(t.db);
    const receiptBefore = await t.db.selectFrom('payments').select(['receiptNumber', 'amount']).where('parentId', '=', ali.parentId).execute();
    const before = await everyTableAsText();
    expect([...before.values()].join('\n')).toContain(ali.personal[4]);

    const { body } = await admin.get<{ erasureRequests: { id: string; familyName: string }[] }>('/api/admin/erasure-requests');
    const request = body.erasureRequests.find((entry) => entry.familyName === 'Maryam A')!;
    const completed = await admin.post<{ erasureRequest: { status: string } }>(`/api/admin/erasure-requests/${request.id}/complete`);
    expect(completed.status).toBe(200);
    expect(completed.body.erasureRequest.status).toBe('completed');

    const after = await everyTableAsText();
    const lastMessage = await t.db
      .selectFrom('notifications')
      .select(['id', 'recipient', 'status'])
      .where('templateKey', '=', 'data_erased')
      .executeTakeFirstOrThrow();
    expect(lastMessage).toMatchObject({ recipient: ali.phone, status: 'pending' });
    for (const [table, text] of after) {
      for (const value of ali.personal) {
        // The family's last message keeps its phone until it is delivered.
        const held =
          table === 'notifications'
            ? text
                .split('\n')
                .filter((row) => !row.includes(lastMessage.id))
                .join('\n')
            : text;
        expect(held.includes(value), `${table} still holds ${value}`).toBe(false);
      }
    }
    // The other family is untouched.
    expect(after.get('students')).toContain(huda.personal[3]);

    const user = await t.db.selectFrom('users').select(['name', 'email', 'phone', 'status']).where('id', '=', ali.userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ name: 'Erased family 1001', email: null, phone: null, status: 'inactive' });
    expect((await ali.client.get('/api/parent/students')).status).toBe(401);

    const totalsAfter = await sql<{
      fees: string;
      payments: string;
    }>`SELECT (SELECT sum(amount) FROM fees)::text AS fees, (SELECT sum(amount) FROM payments)::text AS payments`.execute(t.db);
    expect(totalsAfter.rows).toEqual(totalsBefore.rows);
    expect(await t.db.selectFrom('payments').select(['receiptNumber', 'amount']).where('parentId', '=', ali.parentId).execute()).toEqual(receiptBefore);

    const audit = await t.db.selectFrom('auditLogs').select('diff').where('action', '=', 'erase').executeTakeFirstOrThrow();
    expect(audit.diff).toEqual({ familyNumber: '1001', reason: 'request', students: 1 });

    // Delivered, the last message loses its recipient too.
    const worker = new OutboxWorker(
      t.db,
      logTransport({ info: () => undefined }),
      { enabled: true, intervalMs: 50, maxAttempts: 5, retryBaseMs: 10, leaseMs: 60_000, batchSize: 100 },
      { info: () => undefined, warn: () => undefined, error: () => undefined },
    );
    await worker.runOnce();
    expect(await t.db.selectFrom('notifications').select(['recipient', 'status', 'body']).where('id', '=', lastMessage.id).executeTakeFirstOrThrow()).toEqual({
      recipient: 'erased',
      status: 'sent',
      body: null,
    });
  });
});
