import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  MESSAGES,
  SCHOOL_DAY_MESSAGES,
  SERVER_MESSAGES,
  type AdminAttendant,
  type DriverToday,
  type PositionsAccepted,
  type RunMark,
  type SessionUser,
  type StudentToday,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createSchool, createStaff } from '../../test/factories.js';
import { createFamily, type Family } from '../../test/families.js';
import { SetClock } from '../clock.js';

/**
 * A bus's attendant end to end over HTTP: the office adds and changes them (admin only, audited),
 * they sign in on the driver sign-in page and work their bus's day like its driver, every mark says
 * who made it, and another bus's day stays closed to them. Tuesday 1 December 2026, Bahrain.
 */
const bh = (time: string) => new Date(`2026-12-01T${time}:00+03:00`);
const clock = new SetClock(bh('05:30'));

let t: TestServer;
let asAdmin: HttpClient;
let asStaff: HttpClient;
let busA: Awaited<ReturnType<typeof createDriver>>;
let busB: Awaited<ReturnType<typeof createDriver>>;
let asDriverA: HttpClient;
let amal: Family;
let badr: Family;
let onBusB: Family;
let clientIds = 0;

const PASSWORD = 'ride-along-7';
const addAttendant = (body: Record<string, unknown>) => asAdmin.post<{ attendant: AdminAttendant; message?: string }>('/api/admin/attendants', body);
const auditOf = (id: string) =>
  t.db
    .selectFrom('auditLogs')
    .select(['action', 'diff', 'actorUserId'])
    .where('entityType', '=', 'attendant')
    .where('entityId', '=', id)
    .orderBy('createdAt')
    .execute();
const signInAsCrew = (phone: string, password = PASSWORD) => {
  const client = t.client();
  return client.post<{ user: SessionUser; message?: string }>('/api/driver/login', { phone, password }).then((response) => ({ client, response }));
};
const mark = (client: HttpClient, run: string, studentId: string, event: string) =>
  client.post<{ mark: RunMark; message?: string }>(`/api/driver/runs/${run}/marks`, { studentId, event, clientId: `crew-${clientIds++}` });

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  asStaff = await t.signIn(await createStaff(t.db));
  busA = await createDriver(t.db, 'driver-pass', 'Hassan');
  busB = await createDriver(t.db, 'driver-pass', 'Yusuf');
  asDriverA = await t.signIn(busA);
  const school = await createSchool(t.db);
  const area = await createArea(t.db);
  amal = await createFamily(t, { schoolId: school.id, areaId: area.id, firstName: 'Amal', driverId: busA.driverId });
  badr = await createFamily(t, { schoolId: school.id, areaId: area.id, firstName: 'Badr', driverId: busA.driverId });
  onBusB = await createFamily(t, { schoolId: school.id, areaId: area.id, firstName: 'Zain', driverId: busB.driverId });
});
afterAll(() => t.close());

describe("the office's attendants", () => {
  let aisha: AdminAttendant;

  it('adds an attendant to a bus (201, audited without the password) and lists them', async () => {
    const created = await addAttendant({ name: 'Aisha', phone: '36111222', password: PASSWORD, driverId: busA.driverId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    aisha = created.body.attendant;
    expect(aisha).toEqual({ id: expect.any(String), name: 'Aisha', phone: '36111222', driverId: busA.driverId, status: 'active' });
    const listed = await asAdmin.get<{ attendants: AdminAttendant[] }>('/api/admin/attendants');
    expect(listed.body.attendants).toContainEqual(aisha);
    const [audit] = await auditOf(aisha.id);
    expect(audit?.action).toBe('create');
    expect(JSON.stringify(audit?.diff)).not.toContain(PASSWORD);
  });

  it("refuses a second attendant on the same bus, a phone another driver or attendant has, and a bus that doesn't exist; nothing is added", async () => {
    const secondOnBus = await addAttendant({ name: 'Mariam', phone: '36111333', password: PASSWORD, driverId: busA.driverId });
    expect(secondOnBus.status).toBe(409);
    expect(secondOnBus.body.message).toBe(ADMIN_MESSAGES.busHasAttendant);
    const driversPhone = await addAttendant({ name: 'Mariam', phone: busB.phone, password: PASSWORD, driverId: busB.driverId });
    expect(driversPhone.status).toBe(409);
    expect(driversPhone.body.message).toBe(ADMIN_MESSAGES.attendantPhoneTaken);
    const noBus = await addAttendant({ name: 'Mariam', phone: '36111333', password: PASSWORD, driverId: '00000000-0000-4000-8000-000000000000' });
    expect(noBus.status).toBe(400);
    expect(noBus.body.message).toBe(ADMIN_MESSAGES.driverNotFound);
    // A driver cannot take an attendant's phone either: both sign in on the same page.
    const driverTakesIt = await asAdmin.post<{ message: string }>('/api/admin/drivers', {
      name: 'New',
      phone: '36111222',
      licenseNo: 'L-9',
      password: PASSWORD,
    });
    expect(driverTakesIt.status).toBe(409);
    const { attendants } = (await asAdmin.get<{ attendants: AdminAttendant[] }>('/api/admin/attendants')).body;
    expect(attendants.map((each) => each.name)).toEqual(['Aisha']);
  });

  it('follows the drivers’ phone and password rules, with a clear message on the field', async () => {
    const badPhone = await asAdmin.post<{ message: string; issues: Record<string, string> }>('/api/admin/attendants', {
      name: 'Mariam',
      phone: '123',
      password: PASSWORD,
      driverId: busB.driverId,
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.issues.phone).toBe(MESSAGES.phoneDigits);
    const common = await asAdmin.post<{ message: string; issues: Record<string, string> }>('/api/admin/attendants', {
      name: 'Mariam',
      phone: '36111333',
      password: 'password1',
      driverId: busB.driverId,
    });
    expect(common.status).toBe(400);
    expect(common.body.issues.password).toBe(MESSAGES.passwordTooCommon);
  });

  it('is admin only: staff may read the list but get 403 on adding and changing', async () => {
    expect((await asStaff.get('/api/admin/attendants')).status).toBe(200);
    const added = await asStaff.post<{ message: string }>('/api/admin/attendants', {
      name: 'Mariam',
      phone: '36111333',
      password: PASSWORD,
      driverId: busB.driverId,
    });
    expect(added.status).toBe(403);
    expect(added.body.message).toBe(SERVER_MESSAGES.forbidden);
    expect((await asStaff.put(`/api/admin/attendants/${aisha.id}`, { name: 'Renamed' })).status).toBe(403);
    expect((await asDriverA.get('/api/admin/attendants')).status).toBe(403);
  });

  it('edits name and phone (audited), and answers 404 for an unknown attendant', async () => {
    const edited = await asAdmin.put<{ attendant: AdminAttendant }>(`/api/admin/attendants/${aisha.id}`, { name: 'Aisha Salman', phone: '36111223' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.attendant).toMatchObject({ name: 'Aisha Salman', phone: '36111223', driverId: busA.driverId });
    const audits = await auditOf(aisha.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'update',
      diff: { name: { from: 'Aisha', to: 'Aisha Salman' }, phone: { from: '36111222', to: '36111223' } },
    });
    expect((await asAdmin.put('/api/admin/attendants/00000000-0000-4000-8000-000000000000', { name: 'X' })).status).toBe(404);
    const back = await asAdmin.put(`/api/admin/attendants/${aisha.id}`, { name: 'Aisha', phone: '36111222' });
    expect(back.status).toBe(200);
  });
});

describe("an attendant's day on their bus", () => {
  let asAisha: HttpClient;

  it('signs in on the driver sign-in page as role "attendant", on their bus', async () => {
    const { client, response } = await signInAsCrew('36111222');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.user).toMatchObject({ role: 'attendant', name: 'Aisha', driverId: busA.driverId });
    asAisha = client;
    const wrong = await signInAsCrew('36111222', 'not-the-password');
    expect(wrong.response.status).toBe(401);
  });

  it("sees the bus's day; the driver's day names the attendant on board", async () => {
    const day = (await asAisha.get<DriverToday>('/api/driver/runs/today')).body;
    expect(day.runs.find((run) => run.run === 'morning')?.students.map((student) => student.firstName)).toEqual(['Amal', 'Badr']);
    const driversDay = (await asDriverA.get<DriverToday>('/api/driver/runs/today')).body;
    expect(driversDay.attendant).toEqual({ name: 'Aisha' });
  });

  it('starts the run, marks children and shares the bus position, each mark saying who made it', async () => {
    clock.set(bh('06:30'));
    expect((await asAisha.post('/api/driver/runs/morning/start', {})).status).toBe(200);
    clock.set(bh('06:32'));
    const fix = { lat: 26.2, lng: 50.55, accuracy: 8, at: bh('06:31').toISOString() };
    const positions = await asAisha.post<PositionsAccepted>('/api/driver/positions', { run: 'morning', fixes: [fix] });
    expect(positions.status, JSON.stringify(positions.body)).toBe(202);
    expect(positions.body.accepted).toBe(1);

    clock.set(bh('06:42'));
    const boarded = await mark(asAisha, 'morning', amal.studentId, 'boarded');
    expect(boarded.status, JSON.stringify(boarded.body)).toBe(201);
    expect((await mark(asDriverA, 'morning', badr.studentId, 'boarded')).status).toBe(201);

    const day = (await asDriverA.get<DriverToday>('/api/driver/runs/today')).body;
    const students = day.runs.find((run) => run.run === 'morning')!.students;
    expect(students.find((student) => student.id === amal.studentId)?.markedBy).toEqual({ role: 'attendant', name: 'Aisha' });
    expect(students.find((student) => student.id === badr.studentId)?.markedBy).toEqual({ role: 'driver', name: 'Hassan' });

    // The family reads who marked their child: 'Boarded 06:42 · marked by Aisha'.
    const family = (await amal.parent.get<StudentToday>(`/api/parent/students/${amal.studentId}/today`)).body;
    expect(family.morning?.events).toEqual([
      { event: 'boarded', at: bh('06:42').toISOString(), markedBy: { role: 'attendant', name: 'Aisha' }, receivedBy: null },
    ]);
  });

  it("shows the office's run view who marked each child, the office member by name when they act for the bus", async () => {
    const office = await asAdmin.post<{ mark: RunMark }>(`/api/admin/drivers/${busA.driverId}/runs/morning/marks`, {
      studentId: amal.studentId,
      event: 'dropped',
      clientId: 'office-1',
    });
    expect(office.status, JSON.stringify(office.body)).toBe(201);
    const { run } = (await asAdmin.get<{ run: { students: { id: string; markedBy: unknown }[] } }>(`/api/admin/drivers/${busA.driverId}/runs/morning`)).body;
    expect(run.students.find((student) => student.id === amal.studentId)?.markedBy).toEqual({ role: 'office', name: 'Test Admin' });
    expect(run.students.find((student) => student.id === badr.studentId)?.markedBy).toEqual({ role: 'driver', name: 'Hassan' });
    // A family is told the office marked, without the office member's name.
    const family = (await amal.parent.get<StudentToday>(`/api/parent/students/${amal.studentId}/today`)).body;
    expect(family.morning?.events.at(-1)?.markedBy).toEqual({ role: 'office', name: null });
  });

  it("refuses another bus's child (404) and another driver's list (403), and changes nothing", async () => {
    const other = await mark(asAisha, 'morning', onBusB.studentId, 'boarded');
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(SCHOOL_DAY_MESSAGES.studentNotOnRun);
    const marks = await t.db.selectFrom('runMarks').select('id').where('studentId', '=', onBusB.studentId).execute();
    expect(marks).toEqual([]);
    expect((await asAisha.get(`/api/driver/students/${busB.driverId}`)).status).toBe(403);
    expect((await asAisha.get('/api/admin/runs')).status).toBe(403);
  });

  it('ends the run for the bus once everyone is dropped', async () => {
    clock.set(bh('07:10'));
    expect((await mark(asAisha, 'morning', badr.studentId, 'dropped')).status).toBe(201);
    const ended = await asAisha.post<{ run: { status: string } }>('/api/driver/runs/morning/end', {});
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.run.status).toBe('done');
  });

  it('moves to another bus and then works only that one; deactivating ends their sessions and their sign-in', async () => {
    const attendantId = (await asAdmin.get<{ attendants: AdminAttendant[] }>('/api/admin/attendants')).body.attendants[0]!.id;
    const moved = await asAdmin.put<{ attendant: AdminAttendant }>(`/api/admin/attendants/${attendantId}`, { driverId: busB.driverId });
    expect(moved.status).toBe(200);
    expect(moved.body.attendant.driverId).toBe(busB.driverId);
    expect((await asDriverA.get<DriverToday>('/api/driver/runs/today')).body.attendant).toBeNull();
    // Moved to another bus, they sign in again and see that bus's children.
    expect((await asAisha.get('/api/driver/runs/today')).status).toBe(401);
    const { client } = await signInAsCrew('36111222');
    const day = (await client.get<DriverToday>('/api/driver/runs/today')).body;
    expect(day.runs.find((run) => run.run === 'morning')?.students.map((student) => student.firstName)).toEqual(['Zain']);
    expect((await mark(client, 'afternoon', amal.studentId, 'boarded')).status).toBe(404);

    const deactivated = await asAdmin.put<{ attendant: AdminAttendant }>(`/api/admin/attendants/${attendantId}`, { status: 'inactive' });
    expect(deactivated.body.attendant.status).toBe('inactive');
    expect((await client.get('/api/driver/runs/today')).status).toBe(401);
    expect((await signInAsCrew('36111222')).response.status).toBe(403);
    expect((await auditOf(attendantId)).map((row) => row.action)).toEqual(['create', 'update', 'update', 'update', 'deactivate']);
  });
});
