import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import {
  CSV_BYTE_ORDER_MARK,
  MESSAGES,
  SERVER_MESSAGES,
  STUDENT_MESSAGES,
  type AdminStudent,
  type AdminStudentPage,
  type StudentInvoice,
} from '@school-transport/contracts';
import { testEngine } from '@school-transport/db/testing';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { formOf } from '../../test/student-form.js';
import { createAdmin, createDriver, createParent } from '../../test/factories.js';
import { studentCountQuery, studentPageQuery } from './students/list.js';
import { studentListQuery } from '@school-transport/contracts';
import { seedStudents } from '../../test/seed-students.js';

let t: TestServer;
let admin: { id: string; email: string; password: string };
let api: HttpClient;
let termsVersionId: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await createAdmin(t.db);
  api = t.client();
  expect((await api.post('/api/auth/login', { email: admin.email, password: admin.password })).status).toBe(200);
  termsVersionId = (await t.client().get<{ id: string }>('/api/terms')).body.id;
});
afterAll(() => t.close());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
const uniquePhone = () => `3${String(Date.now() + counter++ * 7919).slice(-7)}`;

async function newSchool() {
  const response = await api.post<{ school: { id: string; name: string } }>('/api/admin/schools', { schoolCode: unique('SC'), name: unique('School') });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.school;
}

async function newArea(body: Record<string, unknown> = {}) {
  const response = await api.post<{ area: { id: string; name: string; price: string } }>('/api/admin/areas', { name: unique('Area'), price: '30.00', ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.area;
}

async function newDriver(name = unique('Driver')) {
  const phone = uniquePhone();
  const response = await api.post<{ driver: { id: string; name: string; phone: string } }>('/api/admin/drivers', {
    name,
    phone,
    licenseNo: unique('L'),
    password: 'driver-pass',
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.driver;
}

interface Family {
  school: { id: string; name: string };
  area: { id: string; name: string; price: string };
}

let shared: Family;
async function family(): Promise<Family> {
  shared ??= { school: await newSchool(), area: await newArea({ price: '30.00', roundaboutCount: 5 }) };
  return shared;
}

/** A student registered the way a parent does, through the public form; answers the admin's view of it. */
async function registered(
  overrides: Record<string, unknown> = {},
): Promise<{ student: AdminStudent; parentEmail: string; parentPhone: string; password: string }> {
  const { school, area } = await family();
  const parentEmail = `${unique('parent')}@example.com`;
  const parentPhone = uniquePhone();
  const response = await t.client().post('/api/registrations', {
    schoolId: school.id,
    firstName: 'Sara',
    fathersName: 'Ahmed',
    lastName: unique('Khalifa'),
    grade: '4',
    studentSchoolId: unique('S'),
    parentName: 'Ahmed Khalifa',
    parentEmail,
    parentPhone,
    password: 'parent-pass',
    serviceType: 'BOTH',
    areaId: area.id,
    block: '338',
    road: '3803',
    houseBuilding: '12',
    termsAccepted: true,
    termsVersionId,
    ...overrides,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const row = await t.db.selectFrom('students').select('id').where('contactNumber1', '=', parentPhone).executeTakeFirstOrThrow();
  const student = (await api.get<{ student: AdminStudent }>(`/api/admin/students/${row.id}`)).body.student;
  return { student, parentEmail, parentPhone, password: 'parent-pass' };
}

async function auditRows(entityId: string) {
  return t.db.selectFrom('auditLogs').selectAll().where('entityType', '=', 'student').where('entityId', '=', entityId).orderBy('createdAt').execute();
}

async function messagesTo(recipient: string) {
  return t.db.selectFrom('notifications').selectAll().where('recipient', '=', recipient).orderBy('createdAt').execute();
}

async function list(query = '') {
  const response = await api.get<AdminStudentPage>(`/api/admin/students${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe(`who may use the students paths (${testEngine()})`, () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/students'],
    ['GET', '/api/admin/students.csv'],
    ['GET', `/api/admin/students/${someId}`],
    ['GET', '/api/admin/parents/lookup?emailOrPhone=36000000'],
    ['POST', '/api/admin/students', {}],
    ['PUT', `/api/admin/students/${someId}`, {}],
    ['DELETE', `/api/admin/students/${someId}`],
    ['POST', `/api/admin/students/${someId}/restore`, {}],
    ['POST', '/api/admin/students/bulk-update', { studentIds: [someId], paymentStatus: 'paid' }],
    ['POST', `/api/admin/students/${someId}/invoice`, {}],
  ];

  it('answers 401 to anonymous callers and 403 to parents and drivers, on every path and procedure', async () => {
    const parent = await createParent(t.db);
    const parentClient = t.client();
    expect((await parentClient.post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(200);
    const driver = await createDriver(t.db);
    const driverClient = t.client();
    expect((await driverClient.post('/api/driver/login', { phone: driver.phone, password: driver.password })).status).toBe(200);

    for (const [method, path, body] of calls) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await parentClient.request(method, path, body)).status, `${method} ${path} parent`).toBe(403);
      expect((await driverClient.request(method, path, body)).status, `${method} ${path} driver`).toBe(403);
    }
    // The same procedures over tRPC, as the web app calls them.
    // The CSV file is a REST path only (above); the list, one student and the parent lookup are procedures too.
    const procedures = ['list', 'get', 'findParent'];
    for (const procedure of procedures) {
      const path = `/trpc/admin.students.${procedure}?input=${encodeURIComponent(JSON.stringify({ id: someId, emailOrPhone: 'x' }))}`;
      expect((await t.client().get(path)).status, `${procedure} anonymous`).toBe(401);
      expect((await parentClient.get(path)).status, `${procedure} parent`).toBe(403);
      expect((await driverClient.get(path)).status, `${procedure} driver`).toBe(403);
    }
    for (const procedure of ['create', 'update', 'remove', 'restore', 'bulkUpdate', 'issueInvoice']) {
      const path = `/trpc/admin.students.${procedure}`;
      expect((await t.client().post(path, { id: someId })).status, `${procedure} anonymous`).toBe(401);
      expect((await parentClient.post(path, { id: someId })).status, `${procedure} parent`).toBe(403);
      expect((await driverClient.post(path, { id: someId })).status, `${procedure} driver`).toBe(403);
    }
  });

  it('answers 404 for ids that name no student', async () => {
    for (const id of [someId, 'not-a-uuid']) {
      expect((await api.get(`/api/admin/students/${id}`)).body).toEqual({ message: STUDENT_MESSAGES.studentNotFound, code: 'students.studentNotFound' });
      expect((await api.request('DELETE', `/api/admin/students/${id}`)).status).toBe(404);
      expect((await api.post(`/api/admin/students/${id}/restore`)).status).toBe(404);
      expect((await api.post(`/api/admin/students/${id}/invoice`)).status).toBe(404);
    }
    const { student } = await registered();
    expect((await api.put(`/api/admin/students/${someId}`, formOf(student))).status).toBe(404);
    expect((await api.post('/api/admin/students/bulk-update', { studentIds: [student.id, someId], paymentStatus: 'paid' })).status).toBe(404);
    // Nothing of the refused bulk change happened.
    expect((await api.get<{ student: AdminStudent }>(`/api/admin/students/${student.id}`)).body.student.paymentStatus).toBe('unpaid');
  });
});

describe('the list', () => {
  it('answers a page with the fields the office needs, 50 by default and at most 200', async () => {
    const { student, parentEmail, parentPhone } = await registered();
    const page = await list();
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(1);
    const row = page.students.find((s) => s.id === student.id);
    expect(row).toMatchObject({
      automatedId: expect.stringMatching(/^STU-\d{4}-\d{5}$/),
      school: { id: shared.school.id, name: shared.school.name },
      area: { id: shared.area.id, name: shared.area.name },
      driverId: null,
      driver: null,
      parent: { name: 'Ahmed Khalifa', email: parentEmail, phone: parentPhone },
      priceBhd: '30.00',
      paymentStatus: 'unpaid',
      grade: '4',
      deletedAt: null,
    });
    expect(row).not.toHaveProperty('termsIp');

    const tooBig = await api.get('/api/admin/students?pageSize=201');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toEqual({
      message: STUDENT_MESSAGES.pageSizeInvalid,
      issues: { pageSize: STUDENT_MESSAGES.pageSizeInvalid },
      code: 'students.pageSizeInvalid',
      issueCodes: { pageSize: 'students.pageSizeInvalid' },
    });
    expect((await api.get('/api/admin/students?page=0')).body).toMatchObject({ message: STUDENT_MESSAGES.pageInvalid });
    expect((await api.get('/api/admin/students?sort=password')).body).toMatchObject({ message: STUDENT_MESSAGES.sortInvalid });
    expect((await api.get('/api/admin/students?paymentStatus=maybe')).status).toBe(400);
  });

  it('pages without overlap and sorts by name', async () => {
    const lastName = unique('Pager');
    for (const firstName of ['Cyrus', 'Alia', 'Badr']) await registered({ firstName, lastName });
    const first = await list(`?search=${lastName}&pageSize=2&sort=name&order=asc`);
    const second = await list(`?search=${lastName}&pageSize=2&page=2&sort=name&order=asc`);
    expect(first.total).toBe(3);
    expect(first.students.map((s) => s.firstName)).toEqual(['Alia', 'Badr']);
    expect(second.students.map((s) => s.firstName)).toEqual(['Cyrus']);
    const descending = await list(`?search=${lastName}&sort=name&order=desc`);
    expect(descending.students.map((s) => s.firstName)).toEqual(['Cyrus', 'Badr', 'Alia']);
  });

  it('searches by name, automated ID, parent email and parent phone', async () => {
    const lastName = unique('Searchable');
    const { student, parentEmail, parentPhone } = await registered({ firstName: 'Noor', lastName });
    const ids = async (search: string) => (await list(`?search=${encodeURIComponent(search)}`)).students.map((s) => s.id);
    expect(await ids(`noor ${lastName.toUpperCase()}`)).toEqual([student.id]);
    expect(await ids(student.automatedId.toLowerCase())).toEqual([student.id]);
    expect(await ids(parentEmail)).toEqual([student.id]);
    expect(await ids(parentPhone)).toContain(student.id);
    expect(await ids('%')).toEqual([]);
    expect(await ids(`${lastName} nobody`)).toEqual([]);
  });

  it('filters by school, area, driver, payment status, without a driver', async () => {
    const school = await newSchool();
    const area = await newArea({ price: '22.00' });
    const driver = await newDriver();
    const a = (await registered({ schoolId: school.id, areaId: area.id })).student;
    const b = (await registered({ schoolId: school.id })).student;
    expect((await api.put(`/api/admin/students/${a.id}`, { ...formOf(a), driverId: driver.id, paymentStatus: 'paid' })).status).toBe(200);

    const ids = async (query: string) => (await list(query)).students.map((s) => s.id).sort();
    expect(await ids(`?schoolId=${school.id}`)).toEqual([a.id, b.id].sort());
    expect(await ids(`?areaId=${area.id}`)).toEqual([a.id]);
    expect(await ids(`?driverId=${driver.id}`)).toEqual([a.id]);
    expect(await ids(`?schoolId=${school.id}&paymentStatus=paid`)).toEqual([a.id]);
    expect(await ids(`?schoolId=${school.id}&paymentStatus=unpaid`)).toEqual([b.id]);
    expect(await ids(`?schoolId=${school.id}&unassigned=1`)).toEqual([b.id]);
    expect((await list(`?schoolId=${school.id}&unassigned=true`)).total).toBe(1);
    expect(await ids('?schoolId=not-a-uuid')).toEqual([]);
  });

  it('shows the new total at once after every change, although totals are cached a few seconds', async () => {
    const school = await newSchool();
    const total = async (query = '') => (await list(`?schoolId=${school.id}${query}`)).total;
    expect(await total()).toBe(0);
    // A parent registers (a public form), then the office adds, marks paid, deletes and restores.
    const { student, parentEmail } = await registered({ schoolId: school.id });
    expect(await total()).toBe(1);
    expect(await total('&paymentStatus=paid')).toBe(0);
    const added = await api.post<{ student: AdminStudent }>('/api/admin/students', {
      ...formOf(student),
      studentSchoolId: unique('S'),
      parent: { kind: 'existing', emailOrPhone: parentEmail },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await total()).toBe(2);
    expect((await api.post('/api/admin/students/bulk-update', { studentIds: [student.id], paymentStatus: 'paid' })).status).toBe(200);
    expect(await total('&paymentStatus=paid')).toBe(1);
    expect((await api.request('DELETE', `/api/admin/students/${student.id}`)).status).toBe(200);
    expect(await total()).toBe(1);
    expect(await total('&deleted=1')).toBe(1);
    expect((await api.post(`/api/admin/students/${student.id}/restore`)).status).toBe(200);
    expect(await total()).toBe(2);
  });

  it('search reads the trigram indexes the migration made, on this engine too', async () => {
    const { student } = await registered();
    const rollback = new Error('rollback');
    // 5,000 more students, inside a transaction that is rolled back: enough rows for the planner to prefer the indexes.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await seedStudents(trx, { count: 5000, schoolIds: [student.schoolId], areaIds: [student.areaId], driverIds: [] });
        await sql`ANALYZE students`.execute(trx);
        await sql`ANALYZE users`.execute(trx);
        const explain = async (compiled: CompiledQuery) =>
          (await trx.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]))).rows
            .map((row) => Object.values(row)[0])
            .join('\n');
        const query = studentListQuery.parse({ search: 'family4321' });
        const countPlan = await explain(studentCountQuery(trx, query).compile());
        expect(countPlan).toContain('Bitmap Index Scan on students_search_idx');
        expect(countPlan).not.toContain('Seq Scan on students');
        expect(await explain(studentPageQuery(trx, query).compile())).not.toContain('Seq Scan on students');
        // With 5,000 accounts a plain scan of users is cheap; forbid it to see that the parent side's expression matches its index.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        await sql`SET LOCAL enable_indexscan = off`.execute(trx);
        expect(await explain(studentCountQuery(trx, query).compile())).toContain('Bitmap Index Scan on users_contact_search_idx');
        expect(Number((await studentCountQuery(trx, query).executeTakeFirstOrThrow()).n)).toBe(1);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
  });
});

describe('adding a student', () => {
  it('attaches the student to an existing parent found by email, at the area price, with the active terms', async () => {
    const { student: sibling, parentEmail, parentPhone } = await registered();
    const { school, area } = await family();
    const response = await api.post<{ student: AdminStudent; generatedPassword?: string }>('/api/admin/students', {
      ...formOf(sibling),
      firstName: 'Younger',
      studentSchoolId: unique('S'),
      contactNumber1: '',
      address: '',
      priceBhd: '',
      paymentStatus: undefined,
      driverId: 'none',
      parent: { kind: 'existing', emailOrPhone: parentEmail.toUpperCase() },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { student } = response.body;
    expect(response.body.generatedPassword).toBeUndefined();
    expect(student).toMatchObject({
      firstName: 'Younger',
      parentId: sibling.parentId,
      school: { id: school.id },
      area: { id: area.id },
      priceBhd: '30.00',
      paymentStatus: 'unpaid',
      contactNumber1: parentPhone,
      address: 'Block 338, Road 3803, House/Building 12',
      termsVersionId,
    });
    expect(student.termsAcceptedAt).not.toBeNull();
    const [created] = await auditRows(student.id);
    expect(created).toMatchObject({
      actorUserId: admin.id,
      action: 'create',
      diff: expect.objectContaining({ termsAcceptedBy: 'office', priceOverridden: false, parentAccount: 'existing', firstName: 'Younger' }),
    });
    // The parent sees both children.
    const parent = t.client();
    await parent.post('/api/auth/login', { email: parentEmail, password: 'parent-pass' });
    expect((await parent.get<{ students: { id: string }[] }>('/api/parent/students')).body.students.map((s) => s.id)).toContain(student.id);
    expect((await messagesTo(parentPhone)).map((m) => m.templateKey)).toContain('registration_received');
  });

  it('finds the parent by phone, and creates a new parent with a generated password shown once', async () => {
    const { parentPhone } = await registered();
    const lookup = await api.get<{ parents: { id: string; phone: string }[] }>(`/api/admin/parents/lookup?emailOrPhone=${parentPhone}`);
    expect(lookup.body.parents).toHaveLength(1);

    const { school } = await family();
    const area = await newArea({ price: '40.00', roundaboutCount: 3 });
    const email = `${unique('new-parent')}@example.com`;
    const base = {
      firstName: 'Layla',
      fathersName: 'Hassan',
      lastName: 'Ali',
      grade: 'KG2',
      studentSchoolId: unique('S'),
      schoolId: school.id,
      areaId: area.id,
      serviceType: 'HOME_TO_SCHOOL',
      block: '1',
      road: '2',
      houseBuilding: '3',
      priceBhd: '35',
      paymentStatus: 'paid',
      parent: { kind: 'new', name: 'Hassan Ali', email, phone: '39998877', password: '' },
    };
    const refused = await api.post('/api/admin/students', { ...base, roundabout: 4 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: SERVER_MESSAGES.roundaboutOutOfRange,
      issues: { roundabout: SERVER_MESSAGES.roundaboutOutOfRange },
      code: 'server.roundaboutOutOfRange',
      issueCodes: { roundabout: 'server.roundaboutOutOfRange' },
    });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    const response = await api.post<{ student: AdminStudent; generatedPassword: string }>('/api/admin/students', { ...base, roundabout: 3 });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.student).toMatchObject({
      priceBhd: '35.00',
      roundabout: 3,
      paymentStatus: 'paid',
      contactNumber1: '39998877',
      parent: { email, phone: '39998877' },
    });
    expect(response.body.generatedPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const [created] = await auditRows(response.body.student.id);
    expect(created!.diff).toMatchObject({ priceOverridden: true, parentAccount: 'created', passwordGenerated: true });
    expect(JSON.stringify(created!.diff)).not.toContain(response.body.generatedPassword);
    const parent = t.client();
    expect((await parent.post('/api/auth/login', { email, password: response.body.generatedPassword })).status).toBe(200);
    expect((await messagesTo('39998877')).map((m) => m.templateKey)).toEqual(['registration_received', 'payment_recorded']);

    const again = await api.post('/api/admin/students', { ...base, studentSchoolId: unique('S'), parent: { ...base.parent, email: email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: STUDENT_MESSAGES.parentEmailTaken, code: 'students.parentEmailTaken' });
  });

  it('refuses an invalid form with the field messages and writes nothing', async () => {
    const before = await t.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await api.post<{ message: string; issues: Record<string, string> }>('/api/admin/students', {
      parent: { kind: 'existing', emailOrPhone: '' },
      priceBhd: 'abc',
    });
    expect(response.status).toBe(400);
    expect(response.body.issues).toMatchObject({
      firstName: MESSAGES.firstNameRequired,
      schoolId: MESSAGES.schoolRequired,
      areaId: MESSAGES.areaRequired,
      block: MESSAGES.blockRequired,
      priceBhd: MESSAGES.priceFormat,
      'parent.emailOrPhone': STUDENT_MESSAGES.parentLookupRequired,
    });
    const notFound = await api.post('/api/admin/students', {
      ...formOf((await registered()).student),
      parent: { kind: 'existing', emailOrPhone: 'nobody@example.com' },
    });
    expect(notFound.body).toEqual({
      message: STUDENT_MESSAGES.parentNotFound,
      issues: { 'parent.emailOrPhone': STUDENT_MESSAGES.parentNotFound },
      code: 'students.parentNotFound',
      issueCodes: { 'parent.emailOrPhone': 'students.parentNotFound' },
    });
    const after = await t.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });
});

describe('editing a student', () => {
  it("refuses the spec's validation messages and changes nothing", async () => {
    const { student } = await registered();
    const response = await api.put<{ issues: Record<string, string> }>(`/api/admin/students/${student.id}`, {
      ...formOf(student),
      contactNumber1: '',
      address: ' ',
      priceBhd: '',
      paymentStatus: 'later',
      firstName: '',
    });
    expect(response.status).toBe(400);
    expect(response.body.issues).toMatchObject({
      contactNumber1: MESSAGES.primaryContactRequired,
      address: MESSAGES.addressRequired,
      priceBhd: MESSAGES.priceRequired,
      paymentStatus: STUDENT_MESSAGES.paymentStatusInvalid,
      firstName: MESSAGES.firstNameRequired,
    });
    expect(await auditRows(student.id)).toHaveLength(0);
  });

  it('assigns, changes and removes the driver, marks paid and discounts, with audit rows and messages in the same change', async () => {
    const { student, parentPhone } = await registered();
    const first = await newDriver();
    const second = await newDriver();

    const assigned = await api.put<{ student: AdminStudent }>(`/api/admin/students/${student.id}`, { ...formOf(student), driverId: first.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.student.driver).toEqual({ id: first.id, name: first.name });
    expect((await messagesTo(first.phone)).map((m) => [m.templateKey, m.payload])).toEqual([
      ['student_assigned', expect.objectContaining({ automatedId: student.automatedId, schoolName: shared.school.name, areaName: shared.area.name })],
    ]);
    const toParent = await messagesTo(parentPhone);
    expect(toParent.at(-1)).toMatchObject({
      templateKey: 'driver_assigned',
      payload: { automatedId: student.automatedId, driverName: first.name, driverPhone: first.phone },
    });

    const changed = await api.put<{ student: AdminStudent }>(`/api/admin/students/${student.id}`, {
      ...formOf(assigned.body.student),
      driverId: second.id,
      paymentStatus: 'paid',
      priceBhd: '27.5',
    });
    expect(changed.body.student).toMatchObject({ driverId: second.id, paymentStatus: 'paid', priceBhd: '27.50' });
    expect((await messagesTo(second.phone)).map((m) => m.templateKey)).toEqual(['student_assigned']);
    expect((await messagesTo(parentPhone)).slice(-2).map((m) => [m.templateKey, m.payload.amountBhd ?? m.payload.driverName])).toEqual([
      ['driver_assigned', second.name],
      ['payment_recorded', '27.50'],
    ]);

    const removed = await api.put<{ student: AdminStudent }>(`/api/admin/students/${student.id}`, { ...formOf(changed.body.student), driverId: 'none' });
    expect(removed.body.student.driver).toBeNull();
    expect((await messagesTo(parentPhone)).at(-1)!.templateKey).toBe('driver_removed');

    // Saving the same form again changes nothing: no audit row, no message.
    const count = (await messagesTo(parentPhone)).length;
    await api.put(`/api/admin/students/${student.id}`, formOf(removed.body.student));

    const rows = await auditRows(student.id);
    expect(rows.map((r) => r.action)).toEqual(['update', 'update', 'update']);
    expect(rows[1]!.diff).toEqual({
      driverId: { from: first.id, to: second.id },
      paymentStatus: { from: 'unpaid', to: 'paid' },
      priceBhd: { from: '30.00', to: '27.50' },
    });
    expect(rows[2]!.diff).toEqual({ driverId: { from: second.id, to: null } });
    expect(await messagesTo(parentPhone)).toHaveLength(count);
  });

  it('refuses an unknown or inactive driver and a roundabout the area does not offer, writing no message', async () => {
    const { student, parentPhone } = await registered();
    const before = (await messagesTo(parentPhone)).length;
    const unknown = await api.put(`/api/admin/students/${student.id}`, { ...formOf(student), driverId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.body).toEqual({
      message: STUDENT_MESSAGES.unknownDriver,
      issues: { driverId: STUDENT_MESSAGES.unknownDriver },
      code: 'students.unknownDriver',
      issueCodes: { driverId: 'students.unknownDriver' },
    });
    const driver = await newDriver();
    await api.put(`/api/admin/drivers/${driver.id}`, { name: driver.name, phone: driver.phone, licenseNo: 'L', status: 'inactive' });
    const inactive = await api.put(`/api/admin/students/${student.id}`, { ...formOf(student), driverId: driver.id });
    expect(inactive.body).toMatchObject({ message: STUDENT_MESSAGES.inactiveDriver });
    const plainArea = await newArea({ roundaboutCount: 0 });
    const roundabout = await api.put(`/api/admin/students/${student.id}`, { ...formOf(student), areaId: plainArea.id, roundabout: 2 });
    expect(roundabout.body).toMatchObject({ message: SERVER_MESSAGES.roundaboutNotOffered });
    expect(await messagesTo(parentPhone)).toHaveLength(before);
    expect(await messagesTo(driver.phone)).toHaveLength(0);
    expect(await auditRows(student.id)).toHaveLength(0);
  });
});

describe('bulk changes', () => {
  it('assigns a driver and sets the payment status of several students in one step, one audit row each', async () => {
    const a = await registered();
    const b = await registered();
    const driver = await newDriver();
    const response = await api.post<{ updated: number }>('/api/admin/students/bulk-update', {
      studentIds: [a.student.id, b.student.id],
      driverId: driver.id,
      paymentStatus: 'paid',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ updated: 2 });
    for (const { student, parentPhone } of [a, b]) {
      const rows = await auditRows(student.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'bulk_update',
        actorUserId: admin.id,
        diff: { driverId: { from: null, to: driver.id }, paymentStatus: { from: 'unpaid', to: 'paid' } },
      });
      expect((await messagesTo(parentPhone)).slice(-2).map((m) => m.templateKey)).toEqual(['driver_assigned', 'payment_recorded']);
    }
    expect((await messagesTo(driver.phone)).map((m) => m.payload.automatedId).sort()).toEqual([a.student.automatedId, b.student.automatedId].sort());

    const none = await api.post<{ updated: number }>('/api/admin/students/bulk-update', { studentIds: [a.student.id], driverId: 'none' });
    expect(none.body).toEqual({ updated: 1 });
    expect((await messagesTo(a.parentPhone)).at(-1)!.templateKey).toBe('driver_removed');

    const empty = await api.post('/api/admin/students/bulk-update', { studentIds: [], paymentStatus: 'paid' });
    expect(empty.body).toMatchObject({ message: STUDENT_MESSAGES.selectStudents });
    const nothing = await api.post('/api/admin/students/bulk-update', { studentIds: [a.student.id] });
    expect(nothing.body).toMatchObject({ message: STUDENT_MESSAGES.nothingToApply });
  });
});

describe('soft delete and restore', () => {
  it('hides a deleted student from every list and count, keeps the row, and restores it', async () => {
    const driver = await newDriver();
    const { student, parentEmail } = await registered();
    await api.put(`/api/admin/students/${student.id}`, { ...formOf(student), driverId: driver.id });
    const parent = t.client();
    await parent.post('/api/auth/login', { email: parentEmail, password: 'parent-pass' });
    const overview = async () => (await api.get<{ totalStudents: number }>('/api/admin/overview')).body.totalStudents;
    const driverCount = async () =>
      (await api.get<{ drivers: { id: string; studentCount: number }[] }>('/api/admin/drivers')).body.drivers.find((d) => d.id === driver.id)!.studentCount;
    const schoolCount = async () =>
      (await api.get<{ schools: { id: string; studentCount: number }[] }>('/api/admin/schools')).body.schools.find((s) => s.id === shared.school.id)!
        .studentCount;
    const totalBefore = await overview();
    const schoolBefore = await schoolCount();
    expect(await driverCount()).toBe(1);

    const deleted = await api.request<{ student: AdminStudent }>('DELETE', `/api/admin/students/${student.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.student.deletedAt).not.toBeNull();
    expect((await list(`?search=${student.automatedId}`)).students).toEqual([]);
    expect((await parent.get<{ students: unknown[] }>('/api/parent/students')).body.students).toEqual([]);
    expect(await overview()).toBe(totalBefore - 1);
    expect(await schoolCount()).toBe(schoolBefore - 1);
    expect(await driverCount()).toBe(0);
    expect((await list(`?deleted=1&search=${student.automatedId}`)).students.map((s) => s.id)).toEqual([student.id]);
    expect(await t.db.selectFrom('students').select('id').where('id', '=', student.id).executeTakeFirst()).toBeDefined();
    // A deleted student cannot be edited, invoiced or deleted again.
    expect((await api.put(`/api/admin/students/${student.id}`, formOf(student))).status).toBe(404);
    expect((await api.post(`/api/admin/students/${student.id}/invoice`)).status).toBe(404);
    expect((await api.request('DELETE', `/api/admin/students/${student.id}`)).status).toBe(404);

    const restored = await api.post<{ student: AdminStudent }>(`/api/admin/students/${student.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.student).toMatchObject({ deletedAt: null, driverId: driver.id });
    expect((await parent.get<{ students: { id: string }[] }>('/api/parent/students')).body.students.map((s) => s.id)).toEqual([student.id]);
    expect(await overview()).toBe(totalBefore);
    expect((await api.post(`/api/admin/students/${student.id}/restore`)).status).toBe(404);
    expect((await auditRows(student.id)).map((r) => r.action)).toEqual(['update', 'delete', 'restore']);
  });
});

describe('CSV export', () => {
  it('answers the filtered list as UTF-8 CSV with a byte-order mark and formula-safe cells', async () => {
    const lastName = unique('Exported');
    await registered({ firstName: '=HYPERLINK("x")', lastName });
    await registered({ firstName: 'مريم', lastName });
    const response = await fetch(`${t.url}/api/admin/students.csv?search=${lastName}&sort=name`, { headers: { cookie: api.cookie! } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BYTE_ORDER_MARK)).toBe(true);
    const lines = text.slice(1).trim().split('\n');
    expect(lines[0]).toMatch(/^Student ID,First Name,Father's Name,Last Name,Grade/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain('مريم');
    expect(lines[2]).toContain('Unassigned,Pending,30.00');
  });

  it("writes the headers and the server's words in the language of the admin who downloads it", async () => {
    const lastName = unique('Bilingual');
    await registered({ firstName: 'مريم', lastName, serviceType: 'HOME_TO_SCHOOL' });
    const arabicAdmin = await createAdmin(t.db);
    const office = t.client();
    expect((await office.post('/api/auth/login', { email: arabicAdmin.email, password: arabicAdmin.password })).status).toBe(200);
    const download = async () => {
      const response = await fetch(`${t.url}/api/admin/students.csv?search=${lastName}`, { headers: { cookie: office.cookie! } });
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).trim().split('\n');
    };

    // A new account reads English.
    const english = await download();
    expect(english[0]).toMatch(
      /^Student ID,First Name,Father's Name,Last Name,Grade,Class,Student School ID,School,Area,Roundabout,Service Type,Driver,Payment,Price \(BHD\),/,
    );
    expect(english[1]).toContain('Home → School,Unassigned,Pending,30.00');

    // The account's language is read at each download: switching to Arabic changes the next file.
    await t.db.updateTable('users').set({ language: 'ar' }).where('id', '=', arabicAdmin.id).execute();
    const arabic = await download();
    expect(arabic[0]).toMatch(
      /^رقم الطالب,الاسم الأول,اسم الأب,اسم العائلة,الصف,الشعبة,الرقم المدرسي للطالب,المدرسة,المنطقة,الدوّار,نوع الخدمة,السائق,الدفع,الرسوم \(د\.ب\.\),/,
    );
    expect(arabic[0]?.split(',')).toHaveLength(english[0]?.split(',').length ?? 0);
    expect(arabic[1]).toContain('مريم');
    expect(arabic[1]).toContain('من المنزل إلى المدرسة,غير معيّن,بانتظار الدفع,30.00');
    expect(arabic.join('\n')).not.toMatch(/Unassigned|Pending|Home → School/);

    // Another admin's language is theirs: the English admin still gets English.
    const [header] = (await fetch(`${t.url}/api/admin/students.csv?search=${lastName}`, { headers: { cookie: api.cookie! } }).then((r) => r.text())).split(
      '\n',
    );
    expect(header).toMatch(/^Student ID,/);
  });
});

describe('invoices', () => {
  it('numbers invoices in sequence, reprints the same one, and shows the payment status as it is', async () => {
    const { student } = await registered();
    const first = await api.post<{ invoice: StudentInvoice }>(`/api/admin/students/${student.id}/invoice`);
    expect(first.status).toBe(201);
    expect(first.body.invoice).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      monthlyFeeBhd: '30.00',
      totalDueBhd: '30.00',
      paymentStatus: 'unpaid',
      student: { automatedId: student.automatedId, serviceType: 'BOTH' },
      school: { name: shared.school.name },
      area: { name: shared.area.name },
      driver: null,
      parent: { name: 'Ahmed Khalifa' },
    });
    const reprint = await api.post<{ invoice: StudentInvoice }>(`/api/admin/students/${student.id}/invoice`);
    expect(reprint.body.invoice.invoiceNumber).toBe(first.body.invoice.invoiceNumber);

    const other = (await registered()).student;
    const next = await api.post<{ invoice: StudentInvoice }>(`/api/admin/students/${other.id}/invoice`);
    const number = (invoice: StudentInvoice) => Number(invoice.invoiceNumber.slice(4));
    expect(number(next.body.invoice)).toBe(number(first.body.invoice) + 1);

    await api.put(`/api/admin/students/${student.id}`, { ...formOf(student), paymentStatus: 'paid', priceBhd: '25.00' });
    const corrected = await api.post<{ invoice: StudentInvoice }>(`/api/admin/students/${student.id}/invoice`);
    expect(number(corrected.body.invoice)).toBe(number(next.body.invoice) + 1);
    expect(corrected.body.invoice).toMatchObject({ monthlyFeeBhd: '25.00', paymentStatus: 'paid', totalDueBhd: '0.00' });
    const audit = await t.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('entityType', '=', 'invoice')
      .where('entityId', '=', corrected.body.invoice.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'issue',
      diff: { studentId: student.id, invoiceNumber: corrected.body.invoice.invoiceNumber, amountBhd: '25.00' },
    });
  });
});
