import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  conflictingChangeMessage,
  MESSAGES,
  PARENT_MESSAGES,
  SERVER_MESSAGES,
  type AdminModificationRequest,
  type ModificationRequestCounts,
  type ParentModificationRequest,
  type RegistrationInput,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createDriver } from '../../test/factories.js';

let t: TestServer;
let schoolId: string;
let areaId: string;
let termsVersionId: string;
let admin: HttpClient;
let adminUserId: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer();
  const stamp = Date.now().toString(36);
  schoolId = (
    await t.db
      .insertInto('schools')
      .values({ schoolCode: `MR-${stamp}`, name: 'Change School' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  areaId = (
    await t.db
      .insertInto('areas')
      .values({ name: `Isa Town ${stamp}`, price: '25.00', roundaboutCount: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  termsVersionId = (await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
  const account = await createAdmin(t.db);
  adminUserId = account.id;
  admin = t.client();
  expect((await admin.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
});
afterAll(() => t.close());

interface ParentStudent {
  id: string;
  firstName: string;
  lastName: string;
  fathersName: string;
  grade: string;
  class: string | null;
  serviceType: string;
  address: string;
  block: string;
  road: string;
  houseBuilding: string;
}

interface Family {
  client: HttpClient;
  phone: string;
  students: ParentStudent[];
}

/** A parent with the given children, registered through the public form, signed in. */
async function family(firstNames: string[] = ['Sara']): Promise<Family> {
  counter += 1;
  const email = `family.${Date.now().toString(36)}.${counter}@example.com`;
  const phone = String(36100000 + counter);
  for (const firstName of firstNames) {
    const input: RegistrationInput = {
      firstName,
      fathersName: 'Hassan',
      lastName: 'Ali',
      grade: '3',
      class: 'A',
      schoolId,
      studentSchoolId: `MR-${counter}-${firstName}`,
      parentName: `Parent ${counter}`,
      parentEmail: email,
      parentPhone: phone,
      password: 'secret-1',
      serviceType: 'BOTH',
      areaId,
      block: '901',
      road: '12',
      houseBuilding: '34',
      termsAccepted: true,
      termsVersionId,
    };
    const response = await t.client().post('/api/registrations', input);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
  const client = t.client();
  expect((await client.post('/api/auth/login', { email, password: 'secret-1' })).status).toBe(200);
  const { body } = await client.get<{ students: ParentStudent[] }>('/api/parent/students');
  return { client, phone, students: body.students };
}

/** The Request Changes form as it opens: the student's values, here with some changed. */
function changesTo(student: ParentStudent, changes: Record<string, unknown> = { firstName: 'Sarah' }) {
  return {
    firstName: student.firstName,
    lastName: student.lastName,
    fathersName: student.fathersName,
    grade: student.grade,
    class: student.class ?? '',
    serviceType: student.serviceType,
    address: student.address,
    block: student.block,
    road: student.road,
    houseBuilding: student.houseBuilding,
    ...changes,
  };
}

async function request(parent: Family, student: ParentStudent, changes?: Record<string, unknown>) {
  const response = await parent.client.post<{ modificationRequest: ParentModificationRequest }>(
    `/api/parent/students/${student.id}/modification-requests`,
    changesTo(student, changes),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.modificationRequest;
}

const studentRow = (id: string) => t.db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const requestRow = (id: string) => t.db.selectFrom('modificationRequests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditRows = (id: string) =>
  t.db.selectFrom('auditLogs').selectAll().where('entityType', '=', 'modification_request').where('entityId', '=', id).orderBy('createdAt').execute();
const outbox = (recipient: string) => t.db.selectFrom('notifications').selectAll().where('recipient', '=', recipient).orderBy('createdAt').execute();

describe('a parent’s student in full', () => {
  it('shows every field of View Details with the terms version accepted and when', async () => {
    const parent = await family();
    const sara = parent.students[0]!;
    const response = await parent.client.get<{ student: Record<string, unknown> }>(`/api/parent/students/${sara.id}`);
    expect(response.status).toBe(200);
    const version = (await t.db.selectFrom('terms').select('version').where('id', '=', termsVersionId).executeTakeFirstOrThrow()).version;
    const accepted = (await studentRow(sara.id)).termsAcceptedAt!;
    expect(response.body.student).toEqual({ ...sara, termsVersion: version, termsAcceptedAt: accepted.toISOString() });
    expect(response.body.student).toMatchObject({
      class: 'A',
      studentSchoolId: expect.any(String) as unknown as string,
      area: { name: expect.stringMatching(/^Isa Town/) as unknown as string },
      driver: null,
    });
  });
});

describe('a parent asks for a change', () => {
  it('stores the old and new values as pending and lists it, newest first, with the student', async () => {
    const parent = await family(['Sara', 'Omar']);
    const [sara, omar] = parent.students as [ParentStudent, ParentStudent];
    const first = await request(parent, sara, { firstName: 'Sarah', block: '902', class: '' });
    expect(first).toMatchObject({
      status: 'pending',
      adminNote: null,
      decidedAt: null,
      student: { id: sara.id, firstName: 'Sara', lastName: 'Ali' },
      changedFields: ['firstName', 'class', 'block'],
    });
    expect(first.payloadOld).toEqual({
      firstName: 'Sara',
      lastName: 'Ali',
      fathersName: 'Hassan',
      grade: '3',
      class: 'A',
      serviceType: 'BOTH',
      address: 'Block 901, Road 12, House/Building 34',
      block: '901',
      road: '12',
      houseBuilding: '34',
    });
    expect(first.payloadNew).toMatchObject({ firstName: 'Sarah', class: null, block: '902' });
    // Requesting changes nothing yet.
    expect((await studentRow(sara.id)).firstName).toBe('Sara');

    const second = await request(parent, omar, { serviceType: 'HOME_TO_SCHOOL', address: '' });
    // An emptied address is made from block, road and house/building, as at registration.
    expect(second.payloadNew.address).toBe('Block 901, Road 12, House/Building 34');

    const list = await parent.client.get<{ modificationRequests: ParentModificationRequest[] }>('/api/parent/modification-requests');
    expect(list.status).toBe(200);
    expect(list.body.modificationRequests.map((row) => row.id)).toEqual([second.id, first.id]);
    expect((await parent.client.get(`/api/parent/modification-requests/${first.id}`)).body).toEqual({ modificationRequest: first });
  });

  it('refuses invalid fields with the registration messages, and a request that changes nothing', async () => {
    const parent = await family();
    const sara = parent.students[0]!;
    const path = `/api/parent/students/${sara.id}/modification-requests`;
    const empty = await parent.client.post(path, changesTo(sara, { firstName: ' ', fathersName: '', grade: '', block: '', road: '', houseBuilding: '' }));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      issues: {
        firstName: MESSAGES.firstNameRequired,
        fathersName: MESSAGES.fathersNameRequired,
        grade: MESSAGES.gradeRequired,
        block: MESSAGES.blockRequired,
        road: MESSAGES.roadRequired,
        houseBuilding: MESSAGES.houseBuildingRequired,
      },
    });
    expect((await parent.client.post(path, changesTo(sara, { lastName: '' }))).body).toMatchObject({ message: MESSAGES.lastNameRequired });
    expect((await parent.client.post(path, changesTo(sara, { class: 'Z' }))).status).toBe(400);

    const unchanged = await parent.client.post(path, changesTo(sara, { firstName: '  Sara ' }));
    expect(unchanged.status).toBe(400);
    expect(unchanged.body).toEqual({ message: PARENT_MESSAGES.noChanges, code: 'parent.noChanges' });
    expect(await t.db.selectFrom('modificationRequests').select('id').where('studentId', '=', sara.id).execute()).toHaveLength(0);
  });

  it('works through tRPC as the web form calls it', async () => {
    const parent = await family();
    const sara = parent.students[0]!;
    const response = await parent.client.post('/trpc/parent.requestModification', { ...changesTo(sara, { road: '77' }), studentId: sara.id });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ result: { data: { modificationRequest: { status: 'pending', payloadNew: { road: '77' } } } } });
  });
});

describe('one pending request per student', () => {
  it('answers a second request 409 until the first is decided; another child is not held up', async () => {
    const parent = await family(['Sara', 'Omar']);
    const [sara, omar] = parent.students as [ParentStudent, ParentStudent];
    const first = await request(parent, sara);
    const second = await parent.client.post(`/api/parent/students/${sara.id}/modification-requests`, changesTo(sara, { road: '1' }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: PARENT_MESSAGES.pendingExists, code: 'parent.pendingExists' });
    await request(parent, omar);

    expect((await admin.post(`/api/admin/modification-requests/${first.id}/reject`, {})).status).toBe(200);
    await request(parent, sara, { road: '1' });
  });

  it('lets only one of two requests sent at the same moment through', async () => {
    const parent = await family();
    const sara = parent.students[0]!;
    const path = `/api/parent/students/${sara.id}/modification-requests`;
    const answers = await Promise.all([parent.client.post(path, changesTo(sara, { road: '5' })), parent.client.post(path, changesTo(sara, { road: '6' }))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await t.db.selectFrom('modificationRequests').select('id').where('studentId', '=', sara.id).execute()).toHaveLength(1);
  });
});

describe('a parent sees only their own', () => {
  it('answers 404 for another parent’s student and request, on REST and tRPC, and lists none of them', async () => {
    const a = await family();
    const b = await family();
    const aStudent = a.students[0]!;
    const aRequest = await request(a, aStudent);

    const post = await b.client.post(`/api/parent/students/${aStudent.id}/modification-requests`, changesTo(aStudent, { firstName: 'Hijack' }));
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ message: PARENT_MESSAGES.studentNotFound, code: 'students.studentNotFound' });
    const get = await b.client.get(`/api/parent/modification-requests/${aRequest.id}`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ message: PARENT_MESSAGES.requestNotFound, code: 'parent.requestNotFound' });
    const trpcGet = await b.client.get(`/trpc/parent.modificationRequest?input=${encodeURIComponent(JSON.stringify({ id: aRequest.id }))}`);
    expect(trpcGet.status).toBe(404);
    const trpcPost = await b.client.post('/trpc/parent.requestModification', { ...changesTo(aStudent, { firstName: 'Hijack' }), studentId: aStudent.id });
    expect(trpcPost.status).toBe(404);

    const details = await b.client.get(`/api/parent/students/${aStudent.id}`);
    expect(details.status).toBe(404);
    expect(details.body).toEqual({ message: PARENT_MESSAGES.studentNotFound, code: 'students.studentNotFound' });
    expect((await b.client.get<{ modificationRequests: unknown[] }>('/api/parent/modification-requests')).body.modificationRequests).toEqual([]);
    expect((await b.client.get<{ students: { id: string }[] }>('/api/parent/students')).body.students.map((s) => s.id)).toEqual([b.students[0]!.id]);
    // An unknown id and text that is no id answer the same.
    expect((await b.client.get('/api/parent/modification-requests/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await b.client.post('/api/parent/students/not-an-id/modification-requests', changesTo(aStudent))).status).toBe(404);
    expect((await requestRow(aRequest.id)).payloadNew).toMatchObject({ firstName: 'Sarah' });
  });

  it('answers 401 anonymous and 403 to an admin or a driver on the parent paths', async () => {
    const a = await family();
    const student = a.students[0]!;
    const driver = await createDriver(t.db);
    const driverClient = t.client();
    expect((await driverClient.post('/api/driver/login', { phone: driver.phone, password: driver.password })).status).toBe(200);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/parent/students/${student.id}`],
      ['GET', '/api/parent/modification-requests'],
      ['GET', '/api/parent/modification-requests/00000000-0000-4000-8000-000000000000'],
      ['POST', `/api/parent/students/${student.id}/modification-requests`, changesTo(student)],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await t.client().request(method, path, body);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toEqual({ message: SERVER_MESSAGES.notSignedIn, code: 'server.notSignedIn' });
      expect((await admin.request(method, path, body)).status, `${method} ${path} admin`).toBe(403);
      expect((await driverClient.request(method, path, body)).status, `${method} ${path} driver`).toBe(403);
    }
    expect(await t.db.selectFrom('modificationRequests').select('id').where('studentId', '=', student.id).execute()).toHaveLength(0);
  });

  it('treats a deleted student as gone: no new request (404), and its requests leave the lists', async () => {
    const parent = await family(['Sara', 'Omar']);
    const [sara, omar] = parent.students as [ParentStudent, ParentStudent];
    const saraRequest = await request(parent, sara);
    await t.db.updateTable('students').set({ deletedAt: new Date() }).where('id', '=', sara.id).execute();

    const post = await parent.client.post(`/api/parent/students/${sara.id}/modification-requests`, changesTo(sara, { road: '3' }));
    expect(post.status).toBe(404);
    expect((await parent.client.get(`/api/parent/modification-requests/${saraRequest.id}`)).status).toBe(404);
    expect((await parent.client.get<{ modificationRequests: unknown[] }>('/api/parent/modification-requests')).body.modificationRequests).toEqual([]);
    expect((await parent.client.get<{ students: { id: string }[] }>('/api/parent/students')).body.students.map((s) => s.id)).toEqual([omar.id]);
    const queue = await admin.get<{ modificationRequests: { id: string }[] }>('/api/admin/modification-requests');
    expect(queue.body.modificationRequests.map((row) => row.id)).not.toContain(saraRequest.id);

    // Approving it from a screen opened before the deletion: 409, and nothing changes.
    const approve = await admin.post(`/api/admin/modification-requests/${saraRequest.id}/approve`, {});
    expect(approve.status).toBe(409);
    expect(approve.body).toEqual({ message: PARENT_MESSAGES.studentDeleted, code: 'parent.studentDeleted' });
    expect((await requestRow(saraRequest.id)).status).toBe('pending');
    expect((await studentRow(sara.id)).firstName).toBe('Sara');
  });
});

describe('who may use the office’s paths', () => {
  it('answers 401 to anonymous callers and 403 to parents and drivers, and writes nothing', async () => {
    const parent = await family();
    const pending = await request(parent, parent.students[0]!);
    const driver = await createDriver(t.db);
    const driverClient = t.client();
    expect((await driverClient.post('/api/driver/login', { phone: driver.phone, password: driver.password })).status).toBe(200);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/modification-requests'],
      ['GET', '/api/admin/modification-requests?status=pending'],
      ['GET', '/api/admin/modification-requests/counts'],
      ['POST', `/api/admin/modification-requests/${pending.id}/approve`, {}],
      ['POST', `/api/admin/modification-requests/${pending.id}/reject`, { adminNote: 'no' }],
    ];
    for (const [method, path, body] of calls) {
      const anonymous = await t.client().request(method, path, body);
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      expect(anonymous.body).toEqual({ message: SERVER_MESSAGES.notSignedIn, code: 'server.notSignedIn' });
      const asParent = await parent.client.request(method, path, body);
      expect(asParent.status, `${method} ${path} parent`).toBe(403);
      expect(asParent.body).toEqual({ message: SERVER_MESSAGES.forbidden, code: 'server.forbidden' });
      expect((await driverClient.request(method, path, body)).status, `${method} ${path} driver`).toBe(403);
    }
    expect((await requestRow(pending.id)).status).toBe('pending');
    expect((await studentRow(parent.students[0]!.id)).firstName).toBe('Sara');
  });
});

describe('the office’s queue', () => {
  it('puts pending requests first (oldest first), filters by status, counts, and names the parent', async () => {
    const parent = await family(['Sara', 'Omar', 'Huda']);
    const [sara, omar, huda] = parent.students as [ParentStudent, ParentStudent, ParentStudent];
    const decided = await request(parent, sara);
    expect((await admin.post(`/api/admin/modification-requests/${decided.id}/reject`, { adminNote: 'Please call us' })).status).toBe(200);
    const older = await request(parent, omar);
    const newer = await request(parent, huda);

    const all = await admin.get<{ modificationRequests: AdminModificationRequest[] }>('/api/admin/modification-requests');
    expect(all.status).toBe(200);
    const ids = all.body.modificationRequests.map((row) => row.id);
    const statuses = all.body.modificationRequests.map((row) => row.status);
    // Every pending row comes before every decided one; among ours, the older pending one first.
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.findIndex((status) => status !== 'pending'));
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(decided.id));

    const row = all.body.modificationRequests.find((entry) => entry.id === older.id)!;
    expect(row).toMatchObject({
      status: 'pending',
      parent: { name: expect.stringMatching(/^Parent /) as unknown as string, phone: parent.phone },
      student: { id: omar.id, firstName: 'Omar', lastName: 'Ali', schoolName: 'Change School' },
      changedFields: ['firstName'],
      conflictingFields: [],
      decidedBy: null,
    });
    expect(row.student.automatedId).toMatch(/^STU-/);
    const rejected = all.body.modificationRequests.find((entry) => entry.id === decided.id)!;
    expect(rejected).toMatchObject({ status: 'rejected', adminNote: 'Please call us', decidedBy: { name: 'Test Admin' } });

    const pendingOnly = await admin.get<{ modificationRequests: AdminModificationRequest[] }>('/api/admin/modification-requests?status=pending');
    expect(pendingOnly.body.modificationRequests.every((entry) => entry.status === 'pending')).toBe(true);
    expect(pendingOnly.body.modificationRequests.map((entry) => entry.id)).toEqual(expect.arrayContaining([older.id, newer.id]));
    const rejectedOnly = await admin.get<{ modificationRequests: AdminModificationRequest[] }>('/api/admin/modification-requests?status=rejected');
    expect(rejectedOnly.body.modificationRequests.map((entry) => entry.id)).toContain(decided.id);
    expect(rejectedOnly.body.modificationRequests.every((entry) => entry.status === 'rejected')).toBe(true);

    const counts = await admin.get<ModificationRequestCounts>('/api/admin/modification-requests/counts');
    expect(counts.body.pending).toBe(pendingOnly.body.modificationRequests.length);
    expect(counts.body.rejected).toBe(rejectedOnly.body.modificationRequests.length);

    const bad = await admin.get('/api/admin/modification-requests?status=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Status must be pending, approved or rejected' });
  });
});

describe('approval', () => {
  it('applies the new values to the student, records who and when, audits the diff and messages the parent', async () => {
    const parent = await family();
    const sara = parent.students[0]!;
    const pending = await request(parent, sara, { firstName: 'Sarah', grade: '4', class: '', serviceType: 'SCHOOL_TO_HOME', block: '905' });
    const before = await studentRow(sara.id);

    const response = await admin.post<{ modificationRequest: AdminModificationRequest }>(`/api/admin/modification-requests/${pending.id}/approve`, {
      adminNote: 'Updated from September',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.modificationRequest).toMatchObject({
      id: pending.id,
      status: 'approved',
      adminNote: 'Updated from September',
      decidedBy: { name: 'Test Admin' },
    });

    const after = await studentRow(sara.id);
    expect(after).toMatchObject({ firstName: 'Sarah', grade: '4', class: null, serviceType: 'SCHOOL_TO_HOME', block: '905', road: '12', lastName: 'Ali' });
    // Only the fields of the request: the fee, school and area stay.
    expect(after.priceBhd).toBe(before.priceBhd);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const row = await requestRow(pending.id);
    expect(row.decidedBy).toBe(adminUserId);
    expect(row.decidedAt).toBeInstanceOf(Date);

    const audit = await auditRows(pending.id);
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'approve']);
    expect(audit[1]!.actorUserId).toBe(adminUserId);
    expect(audit[1]!.diff).toEqual({
      studentId: sara.id,
      adminNote: 'Updated from September',
      changes: {
        firstName: { from: 'Sara', to: 'Sarah' },
        grade: { from: '3', to: '4' },
        class: { from: 'A', to: null },
        serviceType: { from: 'BOTH', to: 'SCHOOL_TO_HOME' },
        block: { from: '901', to: '905' },
      },
    });
    const messages = await outbox(parent.phone);
    expect(messages.map((message) => message.templateKey)).toEqual(['registration_received', 'modification_approved']);
    expect(messages[1]!.payload).toEqual({ studentName: 'Sarah Ali', adminNote: 'Updated from September' });

    // The parent sees the new values and the decision.
    const students = await parent.client.get<{ students: ParentStudent[] }>('/api/parent/students');
    expect(students.body.students[0]).toMatchObject({ firstName: 'Sarah', grade: '4', class: null, block: '905' });
    const mine = await parent.client.get<{ modificationRequests: ParentModificationRequest[] }>('/api/parent/modification-requests');
    expect(mine.body.modificationRequests[0]).toMatchObject({
      id: pending.id,
      status: 'approved',
      adminNote: 'Updated from September',
      student: { firstName: 'Sarah' },
    });
  });

  it('is all or nothing: a failure after the student update leaves the request pending and the student unchanged', async () => {
    const parent = await family();
    const sara = parent.students[0]!;
    const pending = await request(parent, sara, { firstName: 'Sarah', road: '99' });
    // The outbox row is the last write of an approval, after the student and the request were updated.
    await sql`CREATE FUNCTION refuse_outbox_mr() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_outbox_mr BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_outbox_mr()`.execute(t.db);
    try {
      const response = await admin.post(`/api/admin/modification-requests/${pending.id}/approve`, {});
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: SERVER_MESSAGES.internal, code: 'server.internal' });
    } finally {
      await sql`DROP TRIGGER refuse_outbox_mr ON notifications`.execute(t.db);
      await sql`DROP FUNCTION refuse_outbox_mr()`.execute(t.db);
    }
    expect(await studentRow(sara.id)).toMatchObject({ firstName: 'Sara', road: '12' });
    expect(await requestRow(pending.id)).toMatchObject({ status: 'pending', decidedBy: null, decidedAt: null });
    expect((await auditRows(pending.id)).map((entry) => entry.action)).toEqual(['create']);
    expect((await outbox(parent.phone)).map((message) => message.templateKey)).toEqual(['registration_received']);

    // With the outbox working again the same approval goes through.
    expect((await admin.post(`/api/admin/modification-requests/${pending.id}/approve`, {})).status).toBe(200);
    expect(await studentRow(sara.id)).toMatchObject({ firstName: 'Sarah', road: '99' });
  });

  it('is refused (409) when a field the request changes was changed on the student since; other changes do not matter', async () => {
    const parent = await family(['Sara', 'Omar', 'Huda']);
    const [sara, omar, huda] = parent.students as [ParentStudent, ParentStudent, ParentStudent];

    // The office changed the block and the road the parent asks to change.
    const clash = await request(parent, sara, { block: '902', road: '13', firstName: 'Sarah' });
    await t.db.updateTable('students').set({ block: '950', road: '60' }).where('id', '=', sara.id).execute();
    const queue = await admin.get<{ modificationRequests: AdminModificationRequest[] }>('/api/admin/modification-requests?status=pending');
    expect(queue.body.modificationRequests.find((row) => row.id === clash.id)?.conflictingFields).toEqual(['block', 'road']);
    const refused = await admin.post(`/api/admin/modification-requests/${clash.id}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: conflictingChangeMessage(['Block', 'Road']) });
    expect(await studentRow(sara.id)).toMatchObject({ firstName: 'Sara', block: '950', road: '60' });
    expect((await requestRow(clash.id)).status).toBe('pending');
    // It can still be rejected, and the parent told why.
    expect((await admin.post(`/api/admin/modification-requests/${clash.id}/reject`, { adminNote: 'Your address was updated by the office' })).status).toBe(200);

    // A change to a field the request does not touch is kept, and the request applies.
    const names = await request(parent, omar, { firstName: 'Omer' });
    await t.db.updateTable('students').set({ grade: '5' }).where('id', '=', omar.id).execute();
    expect((await admin.post(`/api/admin/modification-requests/${names.id}/approve`, {})).status).toBe(200);
    expect(await studentRow(omar.id)).toMatchObject({ firstName: 'Omer', grade: '5' });

    // A field already set to the requested value is no conflict.
    const same = await request(parent, huda, { road: '40', firstName: 'Hoda' });
    await t.db.updateTable('students').set({ road: '40' }).where('id', '=', huda.id).execute();
    const approved = await admin.post<{ modificationRequest: AdminModificationRequest }>(`/api/admin/modification-requests/${same.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(await studentRow(huda.id)).toMatchObject({ firstName: 'Hoda', road: '40' });
    expect((await auditRows(same.id))[1]!.diff).toMatchObject({ changes: { firstName: { from: 'Huda', to: 'Hoda' } } });
    expect(Object.keys((await auditRows(same.id))[1]!.diff.changes as object)).toEqual(['firstName']);
  });
});

describe('rejection', () => {
  it('leaves the student as it is, shows the note to the parent, audits and messages the parent', async () => {
    const parent = await family();
    const sara = parent.students[0]!;
    const pending = await request(parent, sara, { firstName: 'Zara' });
    const response = await admin.post<{ modificationRequest: AdminModificationRequest }>(`/api/admin/modification-requests/${pending.id}/reject`, {
      adminNote: '  Please send the birth certificate first  ',
    });
    expect(response.status).toBe(200);
    expect(response.body.modificationRequest).toMatchObject({ status: 'rejected', adminNote: 'Please send the birth certificate first' });
    expect((await studentRow(sara.id)).firstName).toBe('Sara');
    const mine = await parent.client.get<{ modificationRequests: ParentModificationRequest[] }>('/api/parent/modification-requests');
    expect(mine.body.modificationRequests[0]).toMatchObject({ status: 'rejected', adminNote: 'Please send the birth certificate first' });
    expect((await auditRows(pending.id)).map((entry) => [entry.action, entry.diff])).toEqual([
      ['create', { studentId: sara.id, fields: ['firstName'] }],
      ['reject', { studentId: sara.id, adminNote: 'Please send the birth certificate first' }],
    ]);
    const messages = await outbox(parent.phone);
    expect(messages.at(-1)).toMatchObject({
      templateKey: 'modification_rejected',
      payload: { studentName: 'Sara Ali', adminNote: 'Please send the birth certificate first' },
    });

    // Without a note: the note stays empty.
    const another = await request(parent, sara, { firstName: 'Zara' });
    const bare = await admin.post<{ modificationRequest: AdminModificationRequest }>(`/api/admin/modification-requests/${another.id}/reject`, {
      adminNote: '',
    });
    expect(bare.body.modificationRequest.adminNote).toBeNull();
  });

  it('refuses a note longer than 500 characters', async () => {
    const parent = await family();
    const pending = await request(parent, parent.students[0]!);
    const response = await admin.post(`/api/admin/modification-requests/${pending.id}/reject`, { adminNote: 'x'.repeat(501) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: MESSAGES.tooLong });
    expect((await requestRow(pending.id)).status).toBe('pending');
  });
});

describe('a decided request', () => {
  it('cannot be decided again (409), whichever way', async () => {
    const parent = await family(['Sara', 'Omar']);
    const [sara, omar] = parent.students as [ParentStudent, ParentStudent];
    const approved = await request(parent, sara, { firstName: 'Sarah' });
    expect((await admin.post(`/api/admin/modification-requests/${approved.id}/approve`, {})).status).toBe(200);
    for (const action of ['approve', 'reject']) {
      const again = await admin.post(`/api/admin/modification-requests/${approved.id}/${action}`, { adminNote: 'late' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: PARENT_MESSAGES.alreadyApproved, code: 'parent.alreadyApproved' });
    }
    const rejected = await request(parent, omar, { firstName: 'Omer' });
    expect((await admin.post(`/api/admin/modification-requests/${rejected.id}/reject`, {})).status).toBe(200);
    const late = await admin.post(`/api/admin/modification-requests/${rejected.id}/approve`, {});
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: PARENT_MESSAGES.alreadyRejected, code: 'parent.alreadyRejected' });
    expect((await studentRow(omar.id)).firstName).toBe('Omar');
    // One decision, one audit row and one message each.
    expect((await auditRows(approved.id)).map((entry) => entry.action)).toEqual(['create', 'approve']);
    expect((await outbox(parent.phone)).filter((message) => message.templateKey !== 'registration_received')).toHaveLength(2);
  });

  it('is decided once when two admins decide it at the same moment', async () => {
    const parent = await family();
    const pending = await request(parent, parent.students[0]!, { firstName: 'Sarah' });
    const answers = await Promise.all([
      admin.post(`/api/admin/modification-requests/${pending.id}/approve`, {}),
      admin.post(`/api/admin/modification-requests/${pending.id}/reject`, {}),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await auditRows(pending.id)).map((entry) => entry.action).filter((action) => action !== 'create')).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await admin.post(`/api/admin/modification-requests/${id}/approve`, {});
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: PARENT_MESSAGES.requestNotFound, code: 'parent.requestNotFound' });
    }
  });
});
