import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEE_MESSAGES,
  PROOF_MAX_BYTES,
  SET_UNPAID_VOID_REASON,
  type AdminFee,
  type ParentFee,
  type Payment,
  type PaymentProof,
} from '@school-transport/contracts';
import { HttpClient, startTestServer, type TestServer } from '../../test/harness.js';
import { formOf } from '../../test/student-form.js';
import { createAdmin, createArea, createParent, createSchool, createStudent } from '../../test/factories.js';
import { setCurrentMonthPaid } from './current-month-flag.js';
import { sendDueReminders } from './reminders.js';
import { runDailyFeeJob } from './daily-job.js';
import { CARRIED_OVER_NOTE, generateFeesForMonth } from './generate.js';
import { bahrainDate, currentServiceMonth, type AdminStatistics, type AdminStudent } from '@school-transport/contracts';

/**
 * The fee ledger end to end over HTTP (and the domain functions the Students edit dialog and the
 * daily job call), on PGlite or PostgreSQL. The server's "today" is the real date, so the months
 * used are chosen relative to it: a month long past is overdue when unpaid, a month ahead is due.
 */
let t: TestServer;
let admin: { id: string; email: string; password: string };
let api: HttpClient;
let schoolId: string;
let areaId: string;

// The real date decides 'overdue': 2025-10 is long past; the school year after next is ahead.
const PAST = '2025-10';
const LATER = '2027-10';
const NEXT_YEAR_JUNE = '2028-06';
const LONG_AGO = new Date('2024-01-01T00:00:00Z');

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await startTestServer();
  admin = await createAdmin(t.db);
  api = await t.signIn(admin);
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db, '30.00')).id;
});
afterAll(() => t.close());

let phoneCounter = 0;
/** A family with its own WhatsApp number, so its messages can be told apart. */
async function family() {
  const parent = await createParent(t.db);
  const phone = `3${String(Date.now() % 10000).padStart(4, '0')}${String(phoneCounter++).padStart(3, '0')}`;
  await t.db.updateTable('parents').set({ whatsappNumber: phone }).where('id', '=', parent.parentId).execute();
  return { ...parent, phone, client: await t.signIn(parent) };
}

async function student(
  parentId: string,
  options: { price?: string; createdAt?: Date; deleted?: boolean; firstName?: string; paymentStatus?: 'paid' | 'unpaid' } = {},
) {
  return createStudent(t.db, {
    schoolId,
    areaId,
    parentId,
    firstName: options.firstName ?? 'Fee',
    priceBhd: options.price ?? '30.00',
    createdAt: options.createdAt ?? LONG_AGO,
    deletedAt: options.deleted ? new Date() : null,
    paymentStatus: options.paymentStatus ?? 'unpaid',
  });
}

async function feeOf(studentId: string, month: string) {
  return t.db.selectFrom('fees').selectAll().where('studentId', '=', studentId).where('month', '=', month).executeTakeFirst();
}

async function adminRow(month: string, studentId: string): Promise<AdminFee> {
  const list = await api.get<{ fees: AdminFee[] }>(`/api/admin/fees?month=${month}&pageSize=200`);
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const row = list.body.fees.find((fee) => fee.studentId === studentId);
  expect(row, `row of ${studentId} in ${month}`).toBeDefined();
  return row!;
}

async function pay(feeIds: string[], amountBhd: string, extra: Record<string, unknown> = {}) {
  return api.post<{ payment: Payment; message?: string }>('/api/admin/payments', {
    feeIds,
    amountBhd,
    method: 'bank_transfer',
    reference: 'TRX-1',
    paidAt: '2026-11-20',
    ...extra,
  });
}

async function upload(
  client: HttpClient,
  feeId: string,
  file: { bytes: Uint8Array; name: string; type: string } | null,
  fields: Record<string, string> = { amountBhd: '30', reference: 'BENEFIT-123' },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(`${client.baseUrl}/api/parent/fees/${feeId}/proofs`, {
    method: 'POST',
    body: form,
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  return { status: response.status, body: (await response.json()) as { proof?: { id: string; status: string; fileUrl: string }; message?: string } };
}

async function rawGet(client: HttpClient | null, path: string) {
  const response = await fetch(`${t.url}${path}`, { headers: client?.cookie ? { cookie: client.cookie } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function messagesTo(phone: string, templateKey: string) {
  return t.db.selectFrom('notifications').selectAll().where('recipient', '=', phone).where('templateKey', '=', templateKey).execute();
}

/** Every message to a number, oldest first: to count what one change wrote. */
async function allMessagesTo(phone: string) {
  return (
    await t.db.selectFrom('notifications').select(['templateKey', 'payload']).where('recipient', '=', phone).orderBy('createdAt').orderBy('id').execute()
  ).map((m) => m.templateKey);
}

/** The whole Students edit form of a student, as the dialog sends it, with some fields changed. */
async function saveEditForm(studentId: string, changes: Record<string, unknown>) {
  const { student: s } = (await api.get<{ student: AdminStudent }>(`/api/admin/students/${studentId}`)).body;
  const form = formOf(s);
  return api.put<{ student: AdminStudent; message?: string }>(`/api/admin/students/${studentId}`, { ...form, ...changes });
}

/** The payments (voided or not) that touched a fee row. */
async function paymentsOf(feeId: string) {
  return t.db
    .selectFrom('payments')
    .innerJoin('paymentAllocations', 'paymentAllocations.paymentId', 'payments.id')
    .select([
      'payments.id',
      'payments.method',
      'payments.amount',
      'payments.note',
      'payments.recordedBy',
      'payments.voidedAt',
      'payments.voidReason',
      'payments.voidedBy',
      'paymentAllocations.amount as allocated',
    ])
    .where('paymentAllocations.feeId', '=', feeId)
    .orderBy('payments.createdAt')
    .execute();
}

async function statistics() {
  const response = await api.get<AdminStatistics>('/api/admin/statistics');
  expect(response.status).toBe(200);
  return response.body;
}

const cents = (bhd: string) => Math.round(Number(bhd) * 100);

describe('who may use the fee paths', () => {
  it('keeps the office paths to admins and the Fees section to parents', async () => {
    const parent = await family();
    const someId = '00000000-0000-4000-8000-000000000000';
    const adminCalls: [string, string, unknown?][] = [
      ['GET', `/api/admin/fees?month=${PAST}`],
      ['POST', '/api/admin/fees/generate', { month: PAST }],
      ['POST', '/api/admin/payments', { feeIds: [someId], amountBhd: '1', method: 'cash', paidAt: '2026-11-01' }],
      ['POST', `/api/admin/payments/${someId}/void`, { reason: 'x' }],
      ['GET', '/api/admin/payment-proofs?status=pending'],
      ['POST', `/api/admin/payment-proofs/${someId}/accept`, { amountBhd: '1' }],
      ['POST', `/api/admin/payment-proofs/${someId}/reject`, { reason: 'x' }],
    ];
    for (const [method, path, body] of adminCalls) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await parent.client.request(method, path, body)).status, `${method} ${path} parent`).toBe(403);
    }
    expect((await t.client().get('/api/parent/fees')).status).toBe(401);
    expect((await api.get('/api/parent/fees')).status).toBe(403);
    expect(await t.db.selectFrom('fees').select('id').where('month', '=', PAST).executeTakeFirst()).toBeUndefined();
  });
});

describe('the fee ledger REST paths exactly as documented', () => {
  const MONEY = /^\d+\.\d{2}$/;

  it('answers each path with its status, its fields, and money as strings with two decimals', async () => {
    const parent = await family();
    const kid = await student(parent.parentId, { price: '27.5', firstName: 'Contract' });

    // POST /api/admin/fees/generate { month } → { created }
    const generated = await api.post<{ created: number }>('/api/admin/fees/generate', { month: '2026-09' });
    expect(generated.status).toBe(200);
    expect(Object.keys(generated.body)).toEqual(['created']);
    expect(generated.body.created).toBeGreaterThanOrEqual(1);

    // GET /api/admin/fees?month=2026-09&status= → { fees, total, totals }
    const list = await api.get<{ fees: AdminFee[]; total: number; totals: Record<string, string> }>('/api/admin/fees?month=2026-09&status=');
    expect(list.status).toBe(200);
    expect(Object.keys(list.body).sort()).toEqual(['fees', 'total', 'totals']);
    expect(list.body.total).toBeGreaterThanOrEqual(list.body.fees.length);
    for (const value of Object.values(list.body.totals)) expect(value).toMatch(MONEY);
    for (const fee of list.body.fees) for (const value of [fee.amountBhd, fee.paidBhd, fee.outstandingBhd]) expect(value).toMatch(MONEY);
    const row = list.body.fees.find((fee) => fee.studentId === kid.id)!;
    expect(row).toMatchObject({ month: '2026-09', amountBhd: '27.50', paidBhd: '0.00', dueDate: '2026-08-30', status: 'overdue' });

    // GET /api/parent/fees → { fees: [{ id, studentId, month: "2026-09", amountBhd, paidBhd, dueDate, status }] }
    const mine = await parent.client.get<{ fees: ParentFee[] }>('/api/parent/fees');
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.body)).toEqual(['fees']);
    expect(mine.body.fees).toEqual([
      expect.objectContaining({
        id: row.id,
        studentId: kid.id,
        month: '2026-09',
        amountBhd: '27.50',
        paidBhd: '0.00',
        dueDate: '2026-08-30',
        status: 'overdue',
      }),
    ]);

    // POST /api/parent/fees/{id}/proofs (multipart: file, amountBhd, reference) → 201 { proof }; 413 and 415 with clear messages.
    const big = await upload(parent.client, row.id, { bytes: Buffer.concat([PNG, Buffer.alloc(PROOF_MAX_BYTES)]), name: 'big.png', type: 'image/png' });
    expect(big).toEqual({
      status: 413,
      body: { message: 'The file is larger than 5 MB. Please upload a smaller screenshot or PDF.', code: 'fees.fileTooLarge' },
    });
    const wrong = await upload(parent.client, row.id, { bytes: Buffer.from('GIF89a not accepted'), name: 'x.png', type: 'image/png' });
    expect(wrong).toEqual({ status: 415, body: { message: 'Upload a JPEG, PNG, WebP or HEIC image, or a PDF.', code: 'fees.fileTypeRefused' } });
    const first = await upload(parent.client, row.id, { bytes: PNG, name: 'transfer.png', type: 'image/png' }, { amountBhd: '27.5', reference: 'BP-REST-1' });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body)).toEqual(['proof']);
    expect(first.body.proof).toMatchObject({ status: 'pending', amountBhd: '27.50', reference: 'BP-REST-1' });

    // GET /api/admin/payment-proofs?status= → every proof; POST .../reject and .../accept.
    const proofs = await api.get<{ proofs: PaymentProof[] }>('/api/admin/payment-proofs?status=');
    expect(proofs.status).toBe(200);
    expect(Object.keys(proofs.body)).toEqual(['proofs']);
    expect(proofs.body.proofs.find((p) => p.id === first.body.proof!.id)).toMatchObject({ amountBhd: '27.50', feeId: row.id });
    const rejected = await api.post(`/api/admin/payment-proofs/${first.body.proof!.id}/reject`, { reason: 'Amount not received' });
    expect(rejected.status).toBe(200);
    const second = await upload(parent.client, row.id, { bytes: PNG, name: 'transfer.png', type: 'image/png' }, { amountBhd: '10', reference: 'BP-REST-2' });
    const accepted = await api.post<{ payment: Payment }>(`/api/admin/payment-proofs/${second.body.proof!.id}/accept`, {
      amountBhd: '10',
      reference: 'BP-REST-2',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.payment).toMatchObject({ amountBhd: '10.00', allocations: [{ feeId: row.id, amountBhd: '10.00' }] });

    // POST /api/admin/payments { feeIds, amountBhd, method, reference, paidAt } → 201 { payment }
    const paid = await api.post<{ payment: Payment }>('/api/admin/payments', {
      feeIds: [row.id],
      amountBhd: '17.5',
      method: 'benefit_pay',
      reference: 'BP-REST-3',
      paidAt: '2026-09-02',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(Object.keys(paid.body)).toEqual(['payment']);
    expect(paid.body.payment).toMatchObject({ amountBhd: '17.50', method: 'benefit_pay', reference: 'BP-REST-3', paidAt: '2026-09-02', voidedAt: null });
    expect((await parent.client.get<{ fees: ParentFee[] }>('/api/parent/fees')).body.fees[0]).toMatchObject({ paidBhd: '27.50', status: 'paid' });

    // GET /api/receipts/{id}.pdf for the parent who owns it and admins.
    for (const client of [parent.client, api]) {
      const pdf = await rawGet(client, `/api/receipts/${paid.body.payment.id}.pdf`);
      expect([pdf.status, pdf.headers.get('content-type'), pdf.bytes.subarray(0, 5).toString('latin1')]).toEqual([200, 'application/pdf', '%PDF-']);
    }

    // POST /api/admin/payments/{id}/void { reason } → the payment, voided.
    const voided = await api.post<{ payment: Payment }>(`/api/admin/payments/${paid.body.payment.id}/void`, { reason: 'Entered twice' });
    expect(voided.status).toBe(200);
    expect(voided.body.payment).toMatchObject({ id: paid.body.payment.id, voidReason: 'Entered twice' });
    expect((await parent.client.get<{ fees: ParentFee[] }>('/api/parent/fees')).body.fees[0]).toMatchObject({ paidBhd: '10.00', status: 'overdue' });
  });
});

describe('generating a month', () => {
  it('makes one row per active student from their first month on, even when two processes generate at once', async () => {
    const parent = await family();
    const early = await student(parent.parentId, { price: '30.00' });
    const midYear = await student(parent.parentId, { price: '25.00', createdAt: new Date('2025-11-10T09:00:00Z') });
    const deleted = await student(parent.parentId, { deleted: true });

    const other = await t.startAnother();
    const otherApi = new HttpClient(other.url);
    await otherApi.post('/api/auth/login', { email: admin.email, password: admin.password });
    const [first, second] = await Promise.all([
      api.post<{ created: number }>('/api/admin/fees/generate', { month: PAST }),
      otherApi.post<{ created: number }>('/api/admin/fees/generate', { month: PAST }),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const rows = await t.db.selectFrom('fees').select(['studentId']).where('month', '=', PAST).execute();
    expect(first.body.created + second.body.created).toBe(rows.length);
    expect(rows.filter((row) => row.studentId === early.id)).toHaveLength(1);
    expect(await feeOf(midYear.id, PAST)).toBeUndefined();
    expect(await feeOf(deleted.id, PAST)).toBeUndefined();

    // Running it again makes nothing; the next month includes the student who joined in November.
    expect((await api.post<{ created: number }>('/api/admin/fees/generate', { month: PAST })).body.created).toBe(0);
    expect((await api.post('/api/admin/fees/generate', { month: '2025-11' })).status).toBe(200);
    const joined = await adminRow('2025-11', midYear.id);
    expect(joined).toMatchObject({ amountBhd: '25.00', paidBhd: '0.00', dueFrom: '2025-10-26', dueDate: '2025-10-30', status: 'overdue' });
    const row = await adminRow(PAST, early.id);
    expect(row).toMatchObject({ month: PAST, amountBhd: '30.00', dueDate: '2025-09-30', status: 'overdue', parentPhone: parent.phone });

    const audits = await t.db.selectFrom('auditLogs').select(['action', 'diff']).where('entityType', '=', 'fees').where('entityId', '=', PAST).execute();
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a month outside the school year or not a month at all, making nothing', async () => {
    const summer = await api.post('/api/admin/fees/generate', { month: '2026-07' });
    expect(summer.status).toBe(400);
    expect(summer.body).toMatchObject({ message: FEE_MESSAGES.notServiceMonth });
    const nonsense = await api.post('/api/admin/fees/generate', { month: '2026-13' });
    expect(nonsense.status).toBe(400);
    expect(nonsense.body).toMatchObject({ message: FEE_MESSAGES.monthInvalid });
    expect(await t.db.selectFrom('fees').select('id').where('month', 'in', ['2026-07', '2026-13']).executeTakeFirst()).toBeUndefined();
  });
});

describe('payments', () => {
  it('adds partial payments up, voids them with a reason, and keeps statuses, receipts and totals right', async () => {
    const parent = await family();
    const kid = await student(parent.parentId, { price: '30.00', firstName: 'Partial' });
    await generateFeesForMonth(t.db, PAST);
    await generateFeesForMonth(t.db, LATER);
    const past = (await feeOf(kid.id, PAST))!;
    const later = (await feeOf(kid.id, LATER))!;
    expect((await adminRow(LATER, kid.id)).status).toBe('due');

    const first = await pay([later.id], '10');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.payment).toMatchObject({ amountBhd: '10.00', method: 'bank_transfer', allocations: [{ feeId: later.id, amountBhd: '10.00' }] });
    expect(first.body.payment.receiptNumber).toMatch(/^RCT-\d{6}$/);
    expect(await adminRow(LATER, kid.id)).toMatchObject({ status: 'partly_paid', paidBhd: '10.00', outstandingBhd: '20.00' });

    // Past the due date, a partly paid month is overdue.
    await pay([past.id], '5');
    expect((await adminRow(PAST, kid.id)).status).toBe('overdue');

    // One payment over two months fills the older first; the rest stays on the later one.
    const second = await pay([later.id, past.id], '35', { method: 'cash' });
    expect(second.status).toBe(201);
    expect(second.body.payment.allocations).toEqual(
      expect.arrayContaining([
        { feeId: past.id, amountBhd: '25.00' },
        { feeId: later.id, amountBhd: '10.00' },
      ]),
    );
    expect(Number(second.body.payment.receiptNumber.slice(4))).toBeGreaterThan(Number(first.body.payment.receiptNumber.slice(4)));
    expect((await adminRow(PAST, kid.id)).status).toBe('paid');
    expect(await adminRow(LATER, kid.id)).toMatchObject({ status: 'partly_paid', paidBhd: '20.00' });

    // More than is owed, or a month already paid, is refused and nothing is written.
    const countBefore = (await t.db.selectFrom('payments').select('id').where('parentId', '=', parent.parentId).execute()).length;
    const tooMuch = await pay([later.id], '10.01');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ message: FEE_MESSAGES.amountTooHigh, issues: { amountBhd: FEE_MESSAGES.amountTooHigh } });
    expect((await pay([past.id], '1')).status).toBe(409);
    expect((await pay([later.id], '0')).body).toMatchObject({ message: FEE_MESSAGES.amountPositive });
    expect((await pay([later.id], '5', { method: 'cheque' })).status).toBe(400);
    expect((await t.db.selectFrom('payments').select('id').where('parentId', '=', parent.parentId).execute()).length).toBe(countBefore);

    // Another family's month cannot share a payment.
    const neighbour = await family();
    const theirs = await student(neighbour.parentId);
    await generateFeesForMonth(t.db, LATER);
    const mixed = await pay([later.id, (await feeOf(theirs.id, LATER))!.id], '10');
    expect(mixed.body).toMatchObject({ message: FEE_MESSAGES.feesOfOneFamily });

    // Voiding: never deleted, the months are owed again, twice is refused.
    const voided = await api.post<{ payment: Payment }>(`/api/admin/payments/${second.body.payment.id}/void`, { reason: 'Recorded twice' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.payment).toMatchObject({ voidReason: 'Recorded twice' });
    expect(voided.body.payment.voidedAt).not.toBeNull();
    expect(await adminRow(PAST, kid.id)).toMatchObject({ status: 'overdue', paidBhd: '5.00' });
    expect(await adminRow(LATER, kid.id)).toMatchObject({ status: 'partly_paid', paidBhd: '10.00' });
    expect((await api.post(`/api/admin/payments/${second.body.payment.id}/void`, { reason: 'again' })).status).toBe(409);
    expect((await api.post(`/api/admin/payments/${first.body.payment.id}/void`, { reason: '' })).body).toMatchObject({ message: FEE_MESSAGES.reasonRequired });

    // Audit rows and the parent's messages, written with the change.
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action'])
      .where('entityType', '=', 'payment')
      .where('entityId', '=', second.body.payment.id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'void']);
    expect(await messagesTo(parent.phone, 'payment_recorded')).toHaveLength(3);
    const voidMessage = await messagesTo(parent.phone, 'payment_voided');
    expect(voidMessage[0]?.payload).toMatchObject({ receiptNumber: second.body.payment.receiptNumber, reason: 'Recorded twice' });

    // The month's totals agree with its rows.
    const month = await api.get<{ totals: Record<string, string>; total: number; fees: AdminFee[] }>(`/api/admin/fees?month=${LATER}&status=partly_paid`);
    expect(month.body.fees.every((fee) => fee.status === 'partly_paid')).toBe(true);
    expect(month.body.total).toBeGreaterThanOrEqual(1);
    const { expectedBhd, collectedBhd, outstandingBhd } = month.body.totals;
    expect(Number(expectedBhd)).toBeCloseTo(Number(collectedBhd) + Number(outstandingBhd), 2);
    const page = await api.get<{ fees: AdminFee[]; total: number }>(`/api/admin/fees?month=${LATER}&page=1&pageSize=1`);
    expect(page.body.fees).toHaveLength(1);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    // A school or driver id that is not an id filters everything out, never a 500 (found by the sqlmap scan).
    for (const filter of ['schoolId=1128', "schoolId=x'%20OR%20'1'='1", 'driverId=not-a-uuid', 'areaId=%27']) {
      const odd = await api.get<{ fees: AdminFee[]; total: number }>(`/api/admin/fees?month=${LATER}&${filter}`);
      expect([odd.status, odd.body.total, odd.body.fees], filter).toEqual([200, 0, []]);
    }

    const summary = await api.get<{ months: { month: string; expectedBhd: string; collectedBhd: string }[] }>(`/api/admin/fees/year-summary?month=${LATER}`);
    expect(summary.body.months).toHaveLength(10);
    expect(summary.body.months[1]).toMatchObject({ month: LATER });
    expect(Number(summary.body.months[1]!.collectedBhd)).toBeGreaterThanOrEqual(10);
  });

  it('lists families with overdue months, with their phone', async () => {
    const parent = await family();
    const kid = await student(parent.parentId, { price: '30.00' });
    await generateFeesForMonth(t.db, PAST);
    await pay([(await feeOf(kid.id, PAST))!.id], '12.50');
    const overdue = await api.get<{ families: { parentId: string; whatsappNumber: string; outstandingBhd: string; months: string[] }[] }>(
      '/api/admin/fees/overdue',
    );
    expect(overdue.body.families.find((f) => f.parentId === parent.parentId)).toMatchObject({
      whatsappNumber: parent.phone,
      outstandingBhd: '17.50',
      months: [PAST],
    });
  });
});

describe("the student's paid flag follows the current month's row", () => {
  const october = new Date('2026-10-10T08:00:00Z');
  const flag = async (id: string) => (await t.db.selectFrom('students').select('paymentStatus').where('id', '=', id).executeTakeFirstOrThrow()).paymentStatus;

  it('setting paid records a full payment by the office; setting unpaid voids the month', async () => {
    const parent = await family();
    const kid = await student(parent.parentId, { price: '28.50' });
    const actor = { userId: admin.id, ip: null };
    await t.db.transaction().execute((trx) => setCurrentMonthPaid(trx, actor, kid.id, true, october));
    expect(await flag(kid.id)).toBe('paid');
    const fee = (await feeOf(kid.id, '2026-10'))!;
    const payments = await t.db
      .selectFrom('payments')
      .innerJoin('paymentAllocations', 'paymentAllocations.paymentId', 'payments.id')
      .selectAll('payments')
      .where('paymentAllocations.feeId', '=', fee.id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'other', amount: '28.50', recordedBy: admin.id, voidedAt: null });

    // Twice paid records nothing more.
    await t.db.transaction().execute((trx) => setCurrentMonthPaid(trx, actor, kid.id, true, october));
    expect(await t.db.selectFrom('paymentAllocations').select('paymentId').where('feeId', '=', fee.id).execute()).toHaveLength(1);

    await t.db.transaction().execute((trx) => setCurrentMonthPaid(trx, actor, kid.id, false, october));
    expect(await flag(kid.id)).toBe('unpaid');
    const after = await t.db.selectFrom('payments').select(['voidedAt', 'voidReason']).where('id', '=', payments[0]!.id).executeTakeFirstOrThrow();
    expect(after.voidedAt).not.toBeNull();
    expect(after.voidReason).toBe(SET_UNPAID_VOID_REASON);
    const audits = await t.db.selectFrom('auditLogs').select('action').where('entityId', '=', payments[0]!.id).orderBy('createdAt').execute();
    expect(audits.map((a) => a.action)).toEqual(['create', 'void']);
  });

  it('a payment of the current month through the API turns the flag and the dashboard count to paid, a void back', async () => {
    const parent = await family();
    const kid = await student(parent.parentId, { price: '20.00' });
    // The server's current service month (the real date).
    const { currentServiceMonth, bahrainDate } = await import('@school-transport/contracts');
    const month = currentServiceMonth(bahrainDate(new Date()));
    await generateFeesForMonth(t.db, month);
    const fee = (await feeOf(kid.id, month))!;
    const before = (await api.get<{ paidStudents: number }>('/api/admin/overview')).body.paidStudents;
    const partial = await pay([fee.id], '5');
    expect(await flag(kid.id)).toBe('unpaid');
    const rest = await pay([fee.id], '15');
    expect(await flag(kid.id)).toBe('paid');
    expect((await api.get<{ paidStudents: number }>('/api/admin/overview')).body.paidStudents).toBe(before + 1);
    await api.post(`/api/admin/payments/${rest.body.payment.id}/void`, { reason: 'Bounced' });
    expect(await flag(kid.id)).toBe('unpaid');
    expect((await api.get<{ paidStudents: number }>('/api/admin/overview')).body.paidStudents).toBe(before);
    expect(partial.status).toBe(201);
  });
});

describe('the Students edit dialog and the bulk mark paid / unpaid go through the ledger', () => {
  const flag = async (id: string) => (await t.db.selectFrom('students').select('paymentStatus').where('id', '=', id).executeTakeFirstOrThrow()).paymentStatus;
  const thisMonth = () => currentServiceMonth(bahrainDate(new Date()));

  it('paid records a full payment of the current month by the office (making the row), unpaid voids it; one message each; statistics follow', async () => {
    const parent = await family();
    const kid = await student(parent.parentId, { price: '26.00', firstName: 'Dialog' });
    const month = thisMonth();
    expect(await feeOf(kid.id, month)).toBeUndefined();
    const before = await statistics();
    const messagesBefore = await allMessagesTo(parent.phone);

    const paid = await saveEditForm(kid.id, { paymentStatus: 'paid' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.student.paymentStatus).toBe('paid');
    const fee = (await feeOf(kid.id, month))!;
    expect(fee).toBeDefined();
    const [payment, ...more] = await paymentsOf(fee.id);
    expect(more).toHaveLength(0);
    expect(payment).toMatchObject({ method: 'other', amount: '26.00', allocated: '26.00', recordedBy: admin.id, voidedAt: null });
    expect(await adminRow(month, kid.id)).toMatchObject({ status: 'paid', paidBhd: '26.00', outstandingBhd: '0.00' });
    // Audited twice over: the student's edit and the payment it recorded.
    const studentAudit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'diff', 'actorUserId'])
      .where('entityType', '=', 'student')
      .where('entityId', '=', kid.id)
      .execute();
    expect(studentAudit).toEqual([
      expect.objectContaining({ action: 'update', actorUserId: admin.id, diff: { paymentStatus: { from: 'unpaid', to: 'paid' } } }),
    ]);
    const paymentAudit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'actorUserId'])
      .where('entityType', '=', 'payment')
      .where('entityId', '=', payment!.id)
      .execute();
    expect(paymentAudit).toEqual([{ action: 'create', actorUserId: admin.id }]);
    // One message for the change, with the receipt, not two.
    expect((await allMessagesTo(parent.phone)).slice(messagesBefore.length)).toEqual(['payment_recorded']);
    const during = await statistics();
    expect(during.paidStudents).toBe(before.paidStudents + 1);
    expect(cents(during.paidRevenue)).toBe(cents(before.paidRevenue) + 2600);
    expect(cents(during.pendingRevenue)).toBe(cents(before.pendingRevenue) - 2600);

    // Saving the form again unchanged records nothing more.
    await saveEditForm(kid.id, {});
    expect(await paymentsOf(fee.id)).toHaveLength(1);

    const unpaid = await saveEditForm(kid.id, { paymentStatus: 'unpaid' });
    expect(unpaid.body.student.paymentStatus).toBe('unpaid');
    expect(await paymentsOf(fee.id)).toEqual([expect.objectContaining({ id: payment!.id, voidReason: SET_UNPAID_VOID_REASON, voidedBy: admin.id })]);
    expect((await paymentsOf(fee.id))[0]!.voidedAt).not.toBeNull();
    expect(await adminRow(month, kid.id)).toMatchObject({ paidBhd: '0.00' });
    expect((await allMessagesTo(parent.phone)).slice(messagesBefore.length)).toEqual(['payment_recorded', 'payment_voided']);
    const after = await statistics();
    expect(after.paidStudents).toBe(before.paidStudents);
    expect(after.paidRevenue).toBe(before.paidRevenue);
  });

  it('paid on a partly paid month pays the rest; unpaid voids every payment of the month; a price saved with it prices the new row', async () => {
    const parent = await family();
    const month = thisMonth();
    const partly = await student(parent.parentId, { price: '30.00', firstName: 'Partly' });
    await generateFeesForMonth(t.db, month);
    const fee = (await feeOf(partly.id, month))!;
    expect((await pay([fee.id], '12')).status).toBe(201);

    const paid = await saveEditForm(partly.id, { paymentStatus: 'paid' });
    expect(paid.body.student.paymentStatus).toBe('paid');
    expect((await paymentsOf(fee.id)).map((p) => [p.method, p.allocated])).toEqual([
      ['bank_transfer', '12.00'],
      ['other', '18.00'],
    ]);
    await saveEditForm(partly.id, { paymentStatus: 'unpaid' });
    expect((await paymentsOf(fee.id)).map((p) => p.voidReason)).toEqual([SET_UNPAID_VOID_REASON, SET_UNPAID_VOID_REASON]);
    expect(await flag(partly.id)).toBe('unpaid');

    // No row yet: the row is made at the price saved in the same form.
    const repriced = await student(parent.parentId, { price: '30.00', firstName: 'Repriced' });
    await t.db.deleteFrom('fees').where('studentId', '=', repriced.id).execute();
    await saveEditForm(repriced.id, { paymentStatus: 'paid', priceBhd: '22.5' });
    expect(await adminRow(month, repriced.id)).toMatchObject({ amountBhd: '22.50', paidBhd: '22.50', status: 'paid' });
  });

  it('bulk mark paid records one payment per student and mark unpaid voids them, in one step', async () => {
    const parent = await family();
    const month = thisMonth();
    const a = await student(parent.parentId, { price: '20.00', firstName: 'BulkA' });
    const b = await student(parent.parentId, { price: '25.00', firstName: 'BulkB' });
    const before = await statistics();
    const messagesBefore = await allMessagesTo(parent.phone);

    const marked = await api.post<{ updated: number }>('/api/admin/students/bulk-update', { studentIds: [a.id, b.id], paymentStatus: 'paid' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toEqual({ updated: 2 });
    for (const [kid, amount] of [
      [a, '20.00'],
      [b, '25.00'],
    ] as const) {
      expect(await flag(kid.id)).toBe('paid');
      expect((await paymentsOf((await feeOf(kid.id, month))!.id)).map((p) => [p.method, p.allocated, p.recordedBy])).toEqual([['other', amount, admin.id]]);
    }
    expect((await allMessagesTo(parent.phone)).slice(messagesBefore.length)).toEqual(['payment_recorded', 'payment_recorded']);
    expect((await statistics()).paidStudents).toBe(before.paidStudents + 2);

    const unmarked = await api.post<{ updated: number }>('/api/admin/students/bulk-update', { studentIds: [a.id, b.id], paymentStatus: 'unpaid' });
    expect(unmarked.body).toEqual({ updated: 2 });
    for (const kid of [a, b]) {
      expect(await flag(kid.id)).toBe('unpaid');
      expect((await paymentsOf((await feeOf(kid.id, month))!.id)).map((p) => p.voidReason)).toEqual([SET_UNPAID_VOID_REASON]);
    }
    expect((await statistics()).paidStudents).toBe(before.paidStudents);

    // Add Student as paid is the same switch: the month's payment is recorded with the new student.
    const added = await api.post<{ student: AdminStudent }>('/api/admin/students', {
      firstName: 'Added',
      fathersName: 'Father',
      lastName: 'Paid',
      grade: '2',
      studentSchoolId: `ADD-${Date.now()}`,
      schoolId,
      areaId,
      serviceType: 'BOTH',
      block: '1',
      road: '2',
      houseBuilding: '3',
      paymentStatus: 'paid',
      parent: { kind: 'existing', emailOrPhone: parent.email },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.student.paymentStatus).toBe('paid');
    expect(await adminRow(month, added.body.student.id)).toMatchObject({ amountBhd: '30.00', status: 'paid' });
  });
});

describe('proofs of payment', () => {
  it('stores a real image for the own row, serves it only to its parent and admins, and refuses the rest storing nothing', async () => {
    const parent = await family();
    const kid = await student(parent.parentId);
    await generateFeesForMonth(t.db, LATER);
    const fee = (await feeOf(kid.id, LATER))!;
    const proofCount = async () => (await t.db.selectFrom('paymentProofs').select('id').execute()).length;
    const before = await proofCount();

    const tooBig = await upload(parent.client, fee.id, { bytes: Buffer.concat([PNG, Buffer.alloc(PROOF_MAX_BYTES)]), name: 'big.png', type: 'image/png' });
    expect(tooBig).toEqual({ status: 413, body: { message: FEE_MESSAGES.fileTooLarge, code: 'fees.fileTooLarge' } });
    const disguised = await upload(parent.client, fee.id, { bytes: Buffer.from('MZ this is not a picture at all'), name: 'receipt.png', type: 'image/png' });
    expect(disguised).toEqual({ status: 415, body: { message: FEE_MESSAGES.fileTypeRefused, code: 'fees.fileTypeRefused' } });
    const noFile = await upload(parent.client, fee.id, null);
    expect(noFile.status).toBe(400);
    const noAmount = await upload(parent.client, fee.id, { bytes: PNG, name: 'ok.png', type: 'image/png' }, { reference: 'x' });
    expect(noAmount).toEqual({ status: 400, body: expect.objectContaining({ message: FEE_MESSAGES.amountRequired }) });
    const stranger = await family();
    const notTheirs = await upload(stranger.client, fee.id, { bytes: PNG, name: 'ok.png', type: 'image/png' });
    expect(notTheirs).toEqual({ status: 404, body: { message: FEE_MESSAGES.feeNotFound, code: 'fees.feeNotFound' } });
    expect(await proofCount()).toBe(before);

    // The name says .jpg; the bytes say PNG, and PNG is what is stored and served.
    const sent = await upload(parent.client, fee.id, { bytes: PNG, name: 'screenshot.jpg', type: 'image/jpeg' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.proof).toMatchObject({ status: 'pending', amountBhd: '30.00', reference: 'BENEFIT-123' });
    const path = sent.body.proof!.fileUrl;

    const own = await rawGet(parent.client, path);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-disposition')).toMatch(/^inline; filename="payment-proof-[0-9a-f]{8}\.png"$/);
    expect(own.bytes.equals(PNG)).toBe(true);
    expect((await rawGet(api, path)).status).toBe(200);
    expect((await rawGet(stranger.client, path)).status).toBe(404);
    expect((await rawGet(null, path)).status).toBe(401);

    const mine = await parent.client.get<{ fees: ParentFee[] }>('/api/parent/fees');
    expect(mine.body.fees.find((f) => f.id === fee.id)?.proofs[0]).toMatchObject({ status: 'pending' });
    expect((await stranger.client.get<{ fees: ParentFee[] }>('/api/parent/fees')).body.fees.find((f) => f.id === fee.id)).toBeUndefined();
  });

  it('accepting records the payment and the parent gets a receipt PDF; rejecting tells the parent why', async () => {
    const parent = await family();
    const kid = await student(parent.parentId, { price: '30.00', firstName: 'Receipt' });
    await generateFeesForMonth(t.db, LATER);
    await generateFeesForMonth(t.db, NEXT_YEAR_JUNE);
    const fee = (await feeOf(kid.id, LATER))!;
    const sent = await upload(parent.client, fee.id, { bytes: PNG, name: 'pay.png', type: 'image/png' }, { amountBhd: '30', reference: 'BP-778' });
    expect(sent.status).toBe(201);

    const queue = await api.get<{ proofs: PaymentProof[] }>('/api/admin/payment-proofs?status=pending');
    const queued = queue.body.proofs.find((p) => p.id === sent.body.proof!.id)!;
    expect(queued).toMatchObject({ amountBhd: '30.00', reference: 'BP-778', month: LATER, parentPhone: parent.phone, mime: 'image/png' });
    expect(queued.familyDueFees.map((f) => f.month)).toEqual(expect.arrayContaining([LATER, NEXT_YEAR_JUNE]));

    const accepted = await api.post<{ payment: Payment }>(`/api/admin/payment-proofs/${queued.id}/accept`, {
      amountBhd: queued.amountBhd,
      reference: queued.reference,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await api.post(`/api/admin/payment-proofs/${queued.id}/accept`, { amountBhd: '30' })).status).toBe(409);
    const receiptNumber = accepted.body.payment.receiptNumber;
    expect(await messagesTo(parent.phone, 'proof_accepted')).toHaveLength(1);
    // One message for the decision: the acceptance names the receipt, no separate 'payment recorded'.
    expect(await messagesTo(parent.phone, 'payment_recorded')).toHaveLength(0);

    const mine = (await parent.client.get<{ fees: ParentFee[] }>('/api/parent/fees')).body.fees.find((f) => f.id === fee.id)!;
    expect(mine).toMatchObject({ status: 'paid', paidBhd: '30.00', amountBhd: '30.00', month: LATER });
    expect(mine.receipts).toEqual([expect.objectContaining({ receiptNumber, amountBhd: '30.00' })]);
    expect(mine.proofs[0]).toMatchObject({ status: 'accepted' });

    const pdf = await rawGet(parent.client, `/api/receipts/${accepted.body.payment.id}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${receiptNumber}.pdf"`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.toString('latin1')).toContain(receiptNumber);
    expect((await rawGet(api, `/api/receipts/${accepted.body.payment.id}.pdf`)).status).toBe(200);
    const stranger = await family();
    expect((await rawGet(stranger.client, `/api/receipts/${accepted.body.payment.id}.pdf`)).status).toBe(404);
    expect((await rawGet(parent.client, '/api/receipts/not-a-receipt.pdf')).status).toBe(404);

    // A second proof for a later month is rejected with a reason the parent sees.
    const june = (await feeOf(kid.id, NEXT_YEAR_JUNE))!;
    const second = await upload(parent.client, june.id, { bytes: PNG, name: 'pay.png', type: 'image/png' });
    expect((await api.post(`/api/admin/payment-proofs/${second.body.proof!.id}/reject`, { reason: '' })).status).toBe(400);
    expect((await api.post(`/api/admin/payment-proofs/${second.body.proof!.id}/reject`, { reason: 'The transfer is not in our account' })).status).toBe(200);
    const rejected = (await parent.client.get<{ fees: ParentFee[] }>('/api/parent/fees')).body.fees.find((f) => f.id === june.id)!;
    expect(rejected.status).toBe('due');
    expect(rejected.proofs[0]).toMatchObject({ status: 'rejected', reason: 'The transfer is not in our account' });
    expect((await messagesTo(parent.phone, 'proof_rejected'))[0]?.payload).toMatchObject({ reason: 'The transfer is not in our account' });
    const audits = await t.db
      .selectFrom('auditLogs')
      .select('action')
      .where('entityType', '=', 'payment_proof')
      .where('entityId', 'in', [queued.id, second.body.proof!.id])
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['accept', 'reject', 'upload', 'upload']);
  });

  it('shows VAT lines on the receipt and the invoice when a rate is set', async () => {
    const { readReceipt } = await import('./receipts.js');
    const parent = await family();
    const kid = await student(parent.parentId, { price: '25.00' });
    await generateFeesForMonth(t.db, LATER);
    const paid = await pay([(await feeOf(kid.id, LATER))!.id], '25');
    const settings = (await api.get<{ settings: Record<string, unknown> }>('/api/admin/settings')).body.settings;
    expect((await api.put('/api/admin/settings', { ...settings, vatRatePercent: '10', vatNumber: '200012345600002' })).status).toBe(200);
    try {
      const receipt = await readReceipt(t.db, paid.body.payment.id);
      expect(receipt.vat).toEqual({ ratePercent: '10', netBhd: '22.73', vatBhd: '2.27', totalBhd: '25.00', registrationNumber: '200012345600002' });
      const pdf = await rawGet(api, `/api/receipts/${paid.body.payment.id}.pdf`);
      expect(pdf.status).toBe(200);
      // The invoice shows the same split of its monthly fee.
      const invoice = await api.post<{ invoice: { vat: unknown; monthlyFeeBhd: string } }>(`/api/admin/students/${kid.id}/invoice`);
      expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
      expect(invoice.body.invoice).toMatchObject({
        monthlyFeeBhd: '25.00',
        vat: { ratePercent: '10', netBhd: '22.73', vatBhd: '2.27', totalBhd: '25.00', registrationNumber: '200012345600002' },
      });
    } finally {
      await api.put('/api/admin/settings', { ...settings, vatRatePercent: '0', vatNumber: '' });
    }
    expect((await readReceipt(t.db, paid.body.payment.id)).vat).toBeNull();
    expect((await api.post<{ invoice: { vat: unknown } }>(`/api/admin/students/${kid.id}/invoice`)).body.invoice.vat).toBeNull();
  });
});

describe("receipts in the reader's language", () => {
  /** A PDF text string as pdfkit writes a non-Latin one: UTF-16BE after a byte-order mark. */
  const pdfText = (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le').swap16();

  it('writes the PDF in Arabic for a reader whose account is in Arabic, in English otherwise', async () => {
    const parent = await family();
    await t.db.updateTable('users').set({ language: 'ar' }).where('id', '=', parent.id).execute();
    const kid = await student(parent.parentId, { firstName: 'مريم' });
    await generateFeesForMonth(t.db, LATER);
    const paid = await pay([(await feeOf(kid.id, LATER))!.id], '30');
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const { id, receiptNumber } = paid.body.payment;

    // The Arabic parent: an Arabic document (its title, language and Arabic font), same file name.
    const arabic = await rawGet(parent.client, `/api/receipts/${id}.pdf`);
    expect(arabic.status).toBe(200);
    expect(arabic.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${receiptNumber}.pdf"`);
    expect(arabic.bytes.includes(pdfText(`إيصال ${receiptNumber}`))).toBe(true);
    expect(arabic.bytes.toString('latin1')).toContain('/Lang (ar)');
    expect(arabic.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic-Bold/);

    // The English admin downloads the same receipt in English; the Arabic name still gets the Arabic font.
    const english = await rawGet(api, `/api/receipts/${id}.pdf`);
    expect(english.status).toBe(200);
    expect(english.bytes.toString('latin1')).toContain(`Receipt ${receiptNumber}`);
    expect(english.bytes.toString('latin1')).toContain('/Lang (en)');
    expect(english.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic-Regular/);

    // An admin who reads Arabic gets the Arabic receipt: the language is the reader's, not the payer's.
    const arabicAdmin = await createAdmin(t.db);
    await t.db.updateTable('users').set({ language: 'ar' }).where('id', '=', arabicAdmin.id).execute();
    const office = await t.signIn(arabicAdmin);
    expect((await rawGet(office, `/api/receipts/${id}.pdf`)).bytes.toString('latin1')).toContain('/Lang (ar)');
    await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', parent.id).execute();
    expect((await rawGet(parent.client, `/api/receipts/${id}.pdf`)).bytes.toString('latin1')).toContain('/Lang (en)');
  });
});

describe('the daily job', () => {
  const flag = async (id: string) => (await t.db.selectFrom('students').select('paymentStatus').where('id', '=', id).executeTakeFirstOrThrow()).paymentStatus;

  it('never turns a paid flag set by the office back to unpaid', async () => {
    const parent = await family();
    const kid = await student(parent.parentId, { price: '30.00' });
    expect((await saveEditForm(kid.id, { paymentStatus: 'paid' })).status).toBe(200);
    await runDailyFeeJob(t.db);
    await runDailyFeeJob(t.db);
    expect(await flag(kid.id)).toBe('paid');
  });

  it('carries a paid flag from before the ledger into the month running, once, even from two processes; not ahead, not in the summer break', async () => {
    const parent = await family();
    const legacy = await student(parent.parentId, { price: '30.00', paymentStatus: 'paid', firstName: 'Legacy' });
    const unpaidLegacy = await student(parent.parentId, { price: '30.00', paymentStatus: 'unpaid', firstName: 'Owing' });

    // The ledger's first run, on 5 October: October's row is made and the hand-set paid flag is taken at its word.
    const october5 = new Date('2028-10-05T06:00:00Z');
    await runDailyFeeJob(t.db, october5);
    const october = (await feeOf(legacy.id, '2028-10'))!;
    const carried = await paymentsOf(october.id);
    expect(carried).toEqual([expect.objectContaining({ method: 'other', amount: '30.00', note: CARRIED_OVER_NOTE, recordedBy: null, voidedAt: null })]);
    expect(await flag(legacy.id)).toBe('paid');
    expect(await flag(unpaidLegacy.id)).toBe('unpaid');
    expect(await paymentsOf((await feeOf(unpaidLegacy.id, '2028-10'))!.id)).toHaveLength(0);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'actorUserId'])
      .where('entityType', '=', 'payment')
      .where('entityId', '=', carried[0]!.id)
      .execute();
    expect(audit).toEqual([{ action: 'create', actorUserId: null }]);
    await runDailyFeeJob(t.db, october5);
    expect(await paymentsOf(october.id)).toHaveLength(1);

    // A student flagged paid by hand before the ledger reached them, with two processes running the job at once.
    const late = await student(parent.parentId, { price: '24.00', paymentStatus: 'paid', firstName: 'Late' });
    const other = await t.database.openAnother();
    const november3 = new Date('2028-11-03T06:00:00Z');
    await Promise.all([runDailyFeeJob(t.db, november3), runDailyFeeJob(other.db, november3)]);
    expect((await paymentsOf((await feeOf(late.id, '2028-11'))!.id)).map((p) => p.note)).toEqual([CARRIED_OVER_NOTE]);
    expect(await flag(late.id)).toBe('paid');
    // November is a new month: the October payment does not pay it, the ledger already knew this student.
    expect(await paymentsOf((await feeOf(legacy.id, '2028-11'))!.id)).toHaveLength(0);
    expect(await flag(legacy.id)).toBe('unpaid');

    // In the summer break the flag speaks of June: September's row, made on 26 August, starts unpaid.
    const summer = await student(parent.parentId, { price: '30.00', paymentStatus: 'paid', firstName: 'Summer' });
    await runDailyFeeJob(t.db, new Date('2029-08-27T06:00:00Z'));
    expect(await paymentsOf((await feeOf(summer.id, '2029-09'))!.id)).toHaveLength(0);
    expect(await flag(summer.id)).toBe('unpaid');
  });

  it('makes May and June on 26 April and reminds each family once per row, even from two processes', async () => {
    const parent = await family();
    const kid = await student(parent.parentId, { price: '30.00' });
    const april26 = new Date('2027-04-26T05:00:00Z');
    const run = await runDailyFeeJob(t.db, april26);
    expect(Object.keys(run.generated)).toEqual(['2027-04', '2027-05', '2027-06']);
    expect((await feeOf(kid.id, '2027-05'))?.dueDate).toBeDefined();
    expect(await adminRow('2027-06', kid.id)).toMatchObject({ dueFrom: '2027-04-26', dueDate: '2027-04-30' });

    const reminders = await messagesTo(parent.phone, 'fee_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.payload).toMatchObject({ totalBhd: '60.00', dueDate: '2027-04-30', items: [{ month: '2027-05' }, { month: '2027-06' }] });

    // Again, and twice at once: no row is reminded a second time.
    const other = await t.database.openAnother();
    await Promise.all([sendDueReminders(t.db, april26), sendDueReminders(other.db, april26)]);
    await runDailyFeeJob(t.db, new Date('2027-04-27T05:00:00Z'));
    expect(await messagesTo(parent.phone, 'fee_reminder')).toHaveLength(1);

    // A family that paid before the 26th is not reminded.
    const payer = await family();
    const paidKid = await student(payer.parentId, { price: '30.00' });
    await generateFeesForMonth(t.db, '2027-11');
    await pay([(await feeOf(paidKid.id, '2027-11'))!.id], '30');
    await runDailyFeeJob(t.db, new Date('2027-10-26T05:00:00Z'));
    expect(await messagesTo(payer.phone, 'fee_reminder')).toHaveLength(0);
  });
});
