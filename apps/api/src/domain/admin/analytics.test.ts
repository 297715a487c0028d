import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  ANALYTICS_MESSAGES,
  type AdminOverview,
  type AdminStatistics,
  type AuditLogFilterChoices,
  type AuditLogPage,
  type UnassignedStudents,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createDriver, createParent, createStudent, type StudentColumns } from '../../test/factories.js';
import { businessDayStart, businessMonthStart, growthPercent } from './statistics.js';

let t: TestServer;
let admin: { id: string; email: string; password: string };
let api: HttpClient;

beforeAll(async () => {
  t = await startTestServer();
  admin = await createAdmin(t.db);
  api = await t.signIn(admin);
});
afterAll(() => t.close());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
const DAY = 86_400_000;

async function newSchool() {
  const response = await api.post<{ school: { id: string; name: string } }>('/api/admin/schools', { schoolCode: unique('SC'), name: unique('School') });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.school;
}

async function newArea(price: string) {
  const response = await api.post<{ area: { id: string; name: string } }>('/api/admin/areas', { name: unique('Area'), price });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.area;
}

async function newDriver(status: 'active' | 'inactive' = 'active') {
  const phone = String(35000000 + ((Date.now() + counter++ * 7919) % 999999)).slice(0, 8);
  const response = await api.post<{ driver: { id: string; name: string } }>('/api/admin/drivers', {
    name: unique('Driver'),
    phone,
    licenseNo: 'L-1',
    password: 'driver-pass',
    status,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.driver;
}

/** A student of this parent straight in the database. */
const seedStudent = (parentId: string, seed: Omit<StudentColumns, 'parentId'>) => createStudent(t.db, { ...seed, parentId });

describe('who may read statistics, the unassigned students and the audit log', () => {
  const paths = ['/api/admin/statistics', '/api/admin/unassigned-students', '/api/admin/audit-logs', '/api/admin/audit-logs/filters'];
  const procedures = ['admin.analytics.statistics', 'admin.students.unassigned', 'admin.auditLogs.list', 'admin.auditLogs.filters'];

  it('answers 401 to anonymous callers and 403 to parents and drivers, on the REST paths and the tRPC procedures', async () => {
    const parentClient = await t.signIn(await createParent(t.db));
    const driverClient = await t.signIn(await createDriver(t.db));

    const targets = [...paths, ...procedures.map((name) => `/trpc/${name}?input=${encodeURIComponent('{}')}`)];
    for (const path of targets) {
      const anonymous = await t.client().get<{ message?: string }>(path);
      expect(anonymous.status, `${path} anonymous`).toBe(401);
      expect((await parentClient.get(path)).status, `${path} parent`).toBe(403);
      expect((await driverClient.get(path)).status, `${path} driver`).toBe(403);
      expect((await api.get(path)).status, `${path} admin`).toBe(200);
    }
    expect((await t.client().get('/api/admin/statistics')).body).toEqual({ message: expect.any(String), code: 'server.notSignedIn' });
  });
});

describe('statistics', () => {
  it('counts only students not deleted, adds up, and breaks down by area, school and driver', async () => {
    const now = new Date();
    const [schoolA, schoolB] = [await newSchool(), await newSchool()];
    const [areaA, areaB] = [await newArea('30.00'), await newArea('25.50')];
    const driver = await newDriver();
    const idleDriver = await newDriver('inactive');
    const parent = await createParent(t.db);
    const lastMonth = new Date(businessMonthStart(now, 1).getTime() + 5 * DAY);
    const twoMonthsAgo = new Date(businessMonthStart(now, 2).getTime() + DAY);

    await seedStudent(parent.parentId, { schoolId: schoolA.id, areaId: areaA.id, priceBhd: '30.00', driverId: driver.id, paymentStatus: 'paid' });
    await seedStudent(parent.parentId, { schoolId: schoolB.id, areaId: areaA.id, priceBhd: '30.00' });
    await seedStudent(parent.parentId, { schoolId: schoolA.id, areaId: areaB.id, priceBhd: '25.50', driverId: driver.id, createdAt: lastMonth });
    // A discount the admin gave: the student's own fee counts, not the area's price.
    await seedStudent(parent.parentId, { schoolId: schoolB.id, areaId: areaB.id, priceBhd: '20.25', paymentStatus: 'paid', createdAt: twoMonthsAgo });
    const deleted = await seedStudent(parent.parentId, {
      schoolId: schoolA.id,
      areaId: areaA.id,
      priceBhd: '99.99',
      paymentStatus: 'paid',
      driverId: driver.id,
    });
    const deletedUnassigned = await seedStudent(parent.parentId, { schoolId: schoolA.id, areaId: areaA.id, priceBhd: '77.00' });
    await t.db.updateTable('students').set({ deletedAt: new Date() }).where('id', 'in', [deleted.id, deletedUnassigned.id]).execute();

    const response = await api.get<AdminStatistics>('/api/admin/statistics');
    expect(response.status).toBe(200);
    const stats = response.body;
    const activeDrivers = await t.db
      .selectFrom('drivers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();

    expect(stats).toMatchObject({
      totalStudents: 4,
      paidStudents: 2,
      unpaidStudents: 2,
      unassignedStudents: 2,
      schools: 2,
      drivers: Number(activeDrivers.n),
      monthlyRevenue: '105.75',
      paidRevenue: '50.25',
      pendingRevenue: '55.50',
      studentsThisMonth: 2,
      studentsLastMonth: 1,
      growthPercent: 100,
    });
    expect(stats.paidStudents + stats.unpaidStudents).toBe(stats.totalStudents);

    expect(stats.byArea).toEqual([
      { id: areaA.id, name: areaA.name, active: true, students: 2, paidStudents: 1, monthlyRevenue: '60.00' },
      { id: areaB.id, name: areaB.name, active: true, students: 2, paidStudents: 1, monthlyRevenue: '45.75' },
    ]);
    const bySchool = Object.fromEntries(stats.bySchool.map((group) => [group.id, group]));
    expect(bySchool[schoolA.id]).toMatchObject({ students: 2, paidStudents: 1, monthlyRevenue: '55.50' });
    expect(bySchool[schoolB.id]).toMatchObject({ students: 2, paidStudents: 1, monthlyRevenue: '50.25' });
    const byDriver = stats.byDriver.find((group) => group.id === driver.id);
    expect(byDriver).toMatchObject({ name: driver.name, students: 2, paidStudents: 1, monthlyRevenue: '55.50' });
    // An inactive driver without students is not a bar on the chart.
    expect(stats.byDriver.some((group) => group.id === idleDriver.id)).toBe(false);
    // Every breakdown adds up to the totals (drivers: plus the students without one).
    for (const groups of [stats.byArea, stats.bySchool]) {
      expect(groups.reduce((sum, group) => sum + group.students, 0)).toBe(stats.totalStudents);
    }
    expect(stats.byDriver.reduce((sum, group) => sum + group.students, 0) + stats.unassignedStudents).toBe(stats.totalStudents);

    // The dashboard cards say the same.
    const overview = await api.get<AdminOverview>('/api/admin/overview');
    expect(overview.body).toMatchObject({ totalStudents: 4, paidStudents: 2, unassignedStudents: 2, schools: 2, drivers: Number(activeDrivers.n) });

    // The bell lists the two students without a driver, newest first, never a deleted one.
    const unassigned = await api.get<UnassignedStudents>('/api/admin/unassigned-students');
    expect(unassigned.body.total).toBe(2);
    expect(unassigned.body.students.map((student) => student.school.id)).toEqual([schoolB.id, schoolB.id]);
    expect(unassigned.body.students[0]!.automatedId).toMatch(/^STU-\d{4}-\d{5}$/);
    expect(unassigned.body.students.some((student) => student.id === deletedUnassigned.id)).toBe(false);
    const one = await api.get<UnassignedStudents>('/api/admin/unassigned-students?limit=1');
    expect(one.body.students).toHaveLength(1);
    expect(one.body.total).toBe(2);
    const bad = await api.get('/api/admin/unassigned-students?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: ANALYTICS_MESSAGES.pageSizeInvalid });

    // Restoring the deleted student brings them back into every figure. Made straight in the
    // database (as another server process would), it counts once the figures cached for a few
    // seconds are asked afresh: at once after any write through this server.
    await t.db.updateTable('students').set({ deletedAt: null }).where('id', '=', deletedUnassigned.id).execute();
    expect((await api.get<AdminStatistics>('/api/admin/statistics')).body.totalStudents).toBe(4);
    await newSchool();
    const after = (await api.get<AdminStatistics>('/api/admin/statistics')).body;
    expect(after).toMatchObject({ totalStudents: 5, unpaidStudents: 3, unassignedStudents: 3, monthlyRevenue: '182.75', studentsThisMonth: 3 });
  });

  it('finds the months in Bahrain time and leaves growth empty when last month had nobody', () => {
    // 1 April 2026, 01:00 in Bahrain is still 31 March in UTC.
    const april = new Date('2026-03-31T22:00:00Z');
    expect(businessMonthStart(april).toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(businessMonthStart(april, 1).toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(businessMonthStart(new Date('2026-01-15T12:00:00Z'), 1).toISOString()).toBe('2025-11-30T21:00:00.000Z');
    expect(businessDayStart('2026-04-01').toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(businessDayStart('2026-04-30', 1).toISOString()).toBe('2026-04-30T21:00:00.000Z');
    expect(growthPercent(3, 0)).toBeNull();
    expect(growthPercent(0, 4)).toBe(-100);
    expect(growthPercent(4, 3)).toBe(33.3);
  });
});

describe('audit log', () => {
  it('shows an edit with its diff, the actor and the entity, newest first, and pages on the server', async () => {
    const school = await newSchool();
    const renamed = unique('Renamed School');
    const edit = await api.put(`/api/admin/schools/${school.id}`, { schoolCode: unique('SC'), name: renamed, contactPhone: '17001234' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    const page = await api.get<AuditLogPage>('/api/admin/audit-logs?entityType=school&pageSize=5');
    expect(page.status).toBe(200);
    const [latest] = page.body.auditLogs;
    expect(latest).toMatchObject({
      entityType: 'school',
      entityId: school.id,
      entityLabel: renamed,
      action: 'update',
      actor: { id: admin.id, name: 'Test Admin', email: admin.email },
    });
    expect(latest!.diff).toMatchObject({ name: { from: school.name, to: renamed }, contactPhone: { from: null, to: '17001234' } });
    expect(page.body.auditLogs.every((row) => row.entityType === 'school')).toBe(true);

    // Paging: every row once, newest first, and the total of all matching rows.
    const all = await api.get<AuditLogPage>('/api/admin/audit-logs?pageSize=200');
    const total = all.body.total;
    expect(total).toBe(
      await t.db
        .selectFrom('auditLogs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n)),
    );
    expect(total).toBeGreaterThanOrEqual(5);
    const seen: string[] = [];
    for (let pageNumber = 1; pageNumber <= Math.ceil(total / 2); pageNumber++) {
      const slice = await api.get<AuditLogPage>(`/api/admin/audit-logs?page=${pageNumber}&pageSize=2`);
      expect(slice.body).toMatchObject({ total, page: pageNumber, pageSize: 2 });
      seen.push(...slice.body.auditLogs.map((row) => row.id));
    }
    expect(seen).toEqual(all.body.auditLogs.map((row) => row.id));
    const times = all.body.auditLogs.map((row) => Date.parse(row.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await api.get<AuditLogPage>(`/api/admin/audit-logs?page=${total + 1}&pageSize=1`)).body.auditLogs).toEqual([]);
    // The tRPC procedure answers the same page.
    const viaTrpc = await api.get<{ result: { data: AuditLogPage } }>(
      `/trpc/admin.auditLogs.list?input=${encodeURIComponent(JSON.stringify({ pageSize: 2 }))}`,
    );
    expect(viaTrpc.body.result.data.auditLogs.map((row) => row.id)).toEqual(seen.slice(0, 2));
  });

  it('filters by entity type, action, actor and date range (Bahrain days, both ends included)', async () => {
    const otherAdmin = await createAdmin(t.db);
    const other = await t.signIn(otherAdmin);
    const area = await other.post<{ area: { id: string; name: string } }>('/api/admin/areas', { name: unique('Other Area'), price: '12.00' });
    expect(area.status).toBe(201);
    const edited = await other.put(`/api/admin/areas/${area.body.area.id}`, { name: area.body.area.name, price: '14.00' });
    expect(edited.status).toBe(200);

    const byActor = await api.get<AuditLogPage>(`/api/admin/audit-logs?actorUserId=${otherAdmin.id}`);
    expect(byActor.body.total).toBe(2);
    expect(byActor.body.auditLogs.map((row) => row.action)).toEqual(['update', 'create']);
    expect(byActor.body.auditLogs[0]!.diff).toMatchObject({ price: { from: '12.00', to: '14.00' } });
    expect(byActor.body.auditLogs.every((row) => row.actor?.email === otherAdmin.email)).toBe(true);

    const updates = await api.get<AuditLogPage>(`/api/admin/audit-logs?action=update&entityType=area&actorUserId=${otherAdmin.id}`);
    expect(updates.body.total).toBe(1);
    expect(updates.body.auditLogs[0]!.entityLabel).toBe(area.body.area.name);
    expect((await api.get<AuditLogPage>('/api/admin/audit-logs?action=update')).body.auditLogs.every((row) => row.action === 'update')).toBe(true);
    expect((await api.get<AuditLogPage>('/api/admin/audit-logs?actorUserId=not-a-user')).body).toMatchObject({ auditLogs: [], total: 0 });

    // One row moved back to a known day: the date range finds it by its Bahrain date.
    const moved = byActor.body.auditLogs[1]!;
    // 10 June, 01:30 in Bahrain (audit rows are never edited by the app, so the typed builder refuses this).
    await sql`UPDATE audit_logs SET created_at = ${new Date('2025-06-09T22:30:00Z')} WHERE id = ${moved.id}`.execute(t.db);
    const onTheDay = await api.get<AuditLogPage>(`/api/admin/audit-logs?from=2025-06-10&to=2025-06-10`);
    expect(onTheDay.body.auditLogs.map((row) => row.id)).toEqual([moved.id]);
    expect((await api.get<AuditLogPage>('/api/admin/audit-logs?from=2025-06-09&to=2025-06-09')).body.total).toBe(0);
    expect((await api.get<AuditLogPage>('/api/admin/audit-logs?to=2025-06-10')).body.total).toBe(1);
    const since = await api.get<AuditLogPage>('/api/admin/audit-logs?from=2025-06-11');
    expect(since.body.auditLogs.some((row) => row.id === moved.id)).toBe(false);
    expect(since.body.total).toBeGreaterThan(0);

    const choices = await api.get<AuditLogFilterChoices>('/api/admin/audit-logs/filters');
    expect(choices.body.entityTypes).toEqual(expect.arrayContaining(['area', 'school', 'driver']));
    expect(choices.body.actions).toEqual(expect.arrayContaining(['create', 'update']));
    expect(choices.body.actors.map((actor) => actor.id)).toEqual(expect.arrayContaining([admin.id, otherAdmin.id]));
  });

  it('answers 400 with the field message for a bad date, range or page size', async () => {
    const badDate = await api.get('/api/admin/audit-logs?from=2025-13-01');
    expect(badDate.status).toBe(400);
    expect(badDate.body).toMatchObject({ message: ANALYTICS_MESSAGES.dateInvalid, issues: { from: ANALYTICS_MESSAGES.dateInvalid } });
    expect((await api.get('/api/admin/audit-logs?from=2025-02-30')).status).toBe(400);
    const backwards = await api.get('/api/admin/audit-logs?from=2025-06-10&to=2025-06-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ message: ANALYTICS_MESSAGES.dateRangeInvalid, issues: { to: ANALYTICS_MESSAGES.dateRangeInvalid } });
    expect((await api.get('/api/admin/audit-logs?pageSize=201')).body).toMatchObject({ message: ANALYTICS_MESSAGES.pageSizeInvalid });
    expect((await api.get('/api/admin/audit-logs?page=0')).body).toMatchObject({ message: ANALYTICS_MESSAGES.pageInvalid });
  });
});
