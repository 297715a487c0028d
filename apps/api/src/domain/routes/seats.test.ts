import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SERVER_MESSAGES,
  STUDENT_MESSAGES,
  addDays,
  bahrainToday,
  isSchoolDay,
  schoolDaySettings,
  type AdminDriver,
  type AdminRun,
  type AdminStudent,
  type ServiceType,
  type UnassignedStudents,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { formOf } from '../../test/student-form.js';
import { createAdmin, createArea, createParent, createSchool, createStaff, createStudent } from '../../test/factories.js';
import { runSeats } from './seats.js';

let t: TestServer;
let admin: HttpClient;
let staff: HttpClient;
let adminUserId: string;
let schoolId: string;
let areaId: string;
let parentId: string;
let parentEmail: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer();
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db)).id;
  const adminAccount = await createAdmin(t.db);
  adminUserId = adminAccount.id;
  admin = await t.signIn(adminAccount);
  staff = await t.signIn(await createStaff(t.db));
  const parent = await createParent(t.db);
  parentId = parent.parentId;
  parentEmail = parent.email;
});
afterAll(() => t.close());

/** A driver whose vehicle has this many seats (null: no seat count). */
async function bus(seats: number | null): Promise<string> {
  counter += 1;
  const response = await admin.post<{ driver: AdminDriver }>('/api/admin/drivers', {
    name: `Bus ${counter}`,
    phone: String(37100000 + counter),
    licenseNo: `SE-${counter}`,
    password: 'driver-pass-1',
    vehicle: { plate: `P-${counter}`, seats },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.driver.id;
}

/** Students written straight into the database (not through the rule), on this bus or none. */
async function students(n: number, driverId: string | null, serviceType: ServiceType = 'BOTH'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push((await createStudent(t.db, { schoolId, areaId, parentId, driverId, serviceType })).id);
  return ids;
}

async function studentView(id: string): Promise<AdminStudent> {
  return (await admin.get<{ student: AdminStudent }>(`/api/admin/students/${id}`)).body.student;
}

/** The Edit Student form as it opens, with some values changed. */
async function editForm(id: string, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
  return { ...formOf(await studentView(id)), ...changes };
}

const driverOf = async (id: string) => (await t.db.selectFrom('students').select('driverId').where('id', '=', id).executeTakeFirstOrThrow()).driverId;
const overrideRows = (driverId: string) =>
  t.db.selectFrom('auditLogs').selectAll().where('entityType', '=', 'driver').where('entityId', '=', driverId).where('action', '=', 'over_capacity').execute();
const fullMorning = (riders: number, seats: number) => ({
  message: `This bus is full for the morning run (${riders} of ${seats} seats).`,
  code: 'students.busFullMorning',
  run: 'morning',
  runId: expect.any(String),
  runName: 'Morning',
  seats,
  riders,
});

describe('the seat rule', () => {
  it('refuses an edit that would put a run over its seats, in the exact words, and writes nothing', async () => {
    const driverId = await bus(2);
    await students(2, driverId);
    const [third] = await students(1, null);
    const refused = await admin.put(`/api/admin/students/${third}`, await editForm(third!, { driverId }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(fullMorning(2, 2));
    expect(await driverOf(third!)).toBeNull();
    expect(await overrideRows(driverId)).toEqual([]);
  });

  it('names the afternoon run when that is the full one', async () => {
    const driverId = await bus(1);
    await students(1, driverId, 'SCHOOL_TO_HOME');
    const [morningOnly] = await students(1, null, 'HOME_TO_SCHOOL');
    // Morning has its seat; the afternoon is the full run.
    expect((await admin.put(`/api/admin/students/${morningOnly}`, await editForm(morningOnly!, { driverId }))).status).toBe(200);
    const refused = await admin.put(`/api/admin/students/${morningOnly}`, await editForm(morningOnly!, { serviceType: 'BOTH' }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'This bus is full for the afternoon run (1 of 1 seats).',
      code: 'students.busFullAfternoon',
      run: 'afternoon',
      runId: expect.any(String),
      runName: 'Afternoon',
      seats: 1,
      riders: 1,
    });
    expect((await studentView(morningOnly!)).serviceType).toBe('HOME_TO_SCHOOL');
  });

  it('lets an admin allow over capacity with a reason, audited on the driver', async () => {
    const driverId = await bus(1);
    const [rider] = await students(1, driverId);
    const [extra] = await students(1, null);
    const missingReason = await admin.put(`/api/admin/students/${extra}`, await editForm(extra!, { driverId, allowOverCapacity: { reason: ' ' } }));
    expect(missingReason.status).toBe(400);
    expect(missingReason.body).toMatchObject({ message: STUDENT_MESSAGES.overCapacityReasonRequired, code: 'students.overCapacityReasonRequired' });

    const allowed = await admin.put(
      `/api/admin/students/${extra}`,
      await editForm(extra!, { driverId, allowOverCapacity: { reason: 'Sibling of a rider, sits with her' } }),
    );
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(await driverOf(extra!)).toBe(driverId);
    const rows = await overrideRows(driverId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: adminUserId,
      diff: {
        reason: 'Sibling of a rider, sits with her',
        runs: [
          { run: 'morning', seats: 1, riders: 1, ridersAfter: 2 },
          { run: 'afternoon', seats: 1, riders: 1, ridersAfter: 2 },
        ],
        studentIds: [extra],
      },
    });
    // A run already over its seats does not block a change that adds nobody to it.
    expect((await admin.put(`/api/admin/students/${rider}`, await editForm(rider!, { firstName: 'Renamed' }))).status).toBe(200);
  });

  it('keeps the override for admins: staff get the 409, and 403 when they send the override', async () => {
    const driverId = await bus(1);
    await students(1, driverId);
    const [extra] = await students(1, null);
    const refused = await staff.put(`/api/admin/students/${extra}`, await editForm(extra!, { driverId }));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(fullMorning(1, 1));
    const forbidden = await staff.put(`/api/admin/students/${extra}`, await editForm(extra!, { driverId, allowOverCapacity: { reason: 'Just this once' } }));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: SERVER_MESSAGES.forbidden, code: 'server.forbidden' });
    expect(await driverOf(extra!)).toBeNull();
    expect(await overrideRows(driverId)).toEqual([]);
  });

  it('has no limit for a driver without a seat count', async () => {
    const driverId = await bus(null);
    await students(40, driverId);
    const [another] = await students(1, null);
    expect((await staff.put(`/api/admin/students/${another}`, await editForm(another!, { driverId }))).status).toBe(200);
    expect(await runSeats(t.db, driverId, 'morning')).toEqual({ seats: null, riders: 41 });
  });

  it('refuses Add Student on a full bus and adds nobody', async () => {
    const driverId = await bus(1);
    await students(1, driverId, 'HOME_TO_SCHOOL');
    const form = {
      firstName: 'Noor',
      fathersName: 'Ali',
      lastName: 'Added',
      grade: '2',
      studentSchoolId: `SE-add-${Date.now()}`,
      schoolId,
      areaId,
      serviceType: 'BOTH',
      block: '1',
      road: '2',
      houseBuilding: '3',
      paymentStatus: 'unpaid',
      driverId,
      parent: { kind: 'existing', emailOrPhone: parentEmail },
    };
    const refused = await staff.post('/api/admin/students', form);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(fullMorning(1, 1));
    expect(await t.db.selectFrom('students').select('id').where('lastName', '=', 'Added').execute()).toEqual([]);
    // On the afternoon run alone the bus has its seat.
    expect((await staff.post('/api/admin/students', { ...form, serviceType: 'SCHOOL_TO_HOME' })).status).toBe(201);
    expect(await runSeats(t.db, driverId, 'afternoon')).toEqual({ seats: 1, riders: 1 });
  });

  it('checks a bulk assignment as a whole: all of them fit or none moves', async () => {
    const driverId = await bus(3);
    await students(1, driverId);
    const waiting = await students(3, null);
    const refused = await staff.post('/api/admin/students/bulk-update', { studentIds: waiting, driverId });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(fullMorning(1, 3));
    expect(await Promise.all(waiting.map(driverOf))).toEqual([null, null, null]);
    const two = await staff.post<{ updated: number }>('/api/admin/students/bulk-update', { studentIds: waiting.slice(0, 2), driverId });
    expect(two.status).toBe(200);
    expect(two.body.updated).toBe(2);
    // Students already on the bus take no new seat when the bulk change sets their payment status too.
    expect((await staff.post('/api/admin/students/bulk-update', { studentIds: waiting.slice(0, 2), driverId, paymentStatus: 'paid' })).status).toBe(200);
  });

  it('refuses to approve a modification request whose service type needs a seat the bus lacks', async () => {
    const driverId = await bus(1);
    await students(1, driverId, 'SCHOOL_TO_HOME');
    const [child] = await students(1, driverId, 'HOME_TO_SCHOOL');
    const student = await studentView(child!);
    const payload = {
      firstName: student.firstName,
      lastName: student.lastName,
      fathersName: student.fathersName,
      grade: student.grade,
      class: null,
      serviceType: 'HOME_TO_SCHOOL',
      address: student.address,
      block: student.block,
      road: student.road,
      houseBuilding: student.houseBuilding,
    };
    const request = await t.db
      .insertInto('modificationRequests')
      .values({ studentId: child!, parentId, payloadOld: JSON.stringify(payload), payloadNew: JSON.stringify({ ...payload, serviceType: 'BOTH' }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await staff.post(`/api/admin/modification-requests/${request.id}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'This bus is full for the afternoon run (1 of 1 seats).',
      code: 'students.busFullAfternoon',
      run: 'afternoon',
      runId: expect.any(String),
      runName: 'Afternoon',
      seats: 1,
      riders: 1,
    });
    expect((await t.db.selectFrom('modificationRequests').select('status').where('id', '=', request.id).executeTakeFirstOrThrow()).status).toBe('pending');
    expect((await staff.post(`/api/admin/modification-requests/${request.id}/approve`, { allowOverCapacity: { reason: 'Parent insists' } })).status).toBe(403);

    const approved = await admin.post(`/api/admin/modification-requests/${request.id}/approve`, {
      allowOverCapacity: { reason: 'Afternoon club ends before the run' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await studentView(child!)).serviceType).toBe('BOTH');
    expect((await overrideRows(driverId))[0]?.diff).toMatchObject({
      reason: 'Afternoon club ends before the run',
      runs: [{ run: 'afternoon', seats: 1, riders: 1, ridersAfter: 2 }],
    });
  });

  it('refuses to restore a student onto a bus that filled up meanwhile', async () => {
    const driverId = await bus(1);
    const [leaver] = await students(1, driverId);
    expect((await admin.request('DELETE', `/api/admin/students/${leaver}`)).status).toBe(200);
    await students(1, driverId);
    const refused = await admin.post(`/api/admin/students/${leaver}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(fullMorning(1, 1));
    const restored = await admin.post(`/api/admin/students/${leaver}/restore`, { allowOverCapacity: { reason: 'Back from abroad; second bus next week' } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await runSeats(t.db, driverId, 'morning')).toEqual({ seats: 1, riders: 2 });
  });

  it('gives the last seat to one of two assignments sent at once', async () => {
    const driverId = await bus(3);
    await students(2, driverId);
    const [first, second] = await students(2, null);
    const forms = await Promise.all([editForm(first!, { driverId }), editForm(second!, { driverId })]);
    const answers = await Promise.all([admin.put(`/api/admin/students/${first}`, forms[0]), staff.put(`/api/admin/students/${second}`, forms[1])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual(fullMorning(3, 3));
    expect(await runSeats(t.db, driverId, 'morning')).toEqual({ seats: 3, riders: 3 });
  });
});

describe('seats on a substitute', () => {
  /** The next school day from today (the settings are the defaults here). */
  let date = bahrainToday(new Date());
  while (!isSchoolDay(schoolDaySettings.parse({}), date)) date = addDays(date, 1);
  const substitute = (
    client: HttpClient,
    coveredId: string,
    run: 'morning' | 'afternoon',
    substituteDriverId: string | null,
    extra: Record<string, unknown> = {},
  ) => client.put<{ run: AdminRun; message?: string }>(`/api/admin/drivers/${coveredId}/runs/${run}/substitute`, { date, substituteDriverId, ...extra });
  const substituteOf = async (coveredId: string, run: 'morning' | 'afternoon') =>
    (
      await t.db
        .selectFrom('schoolRuns')
        .select('substituteDriverId')
        .where('driverId', '=', coveredId)
        .where('date', '=', date)
        .where('run', '=', run)
        .executeTakeFirst()
    )?.substituteDriverId ?? null;

  it("refuses a substitute whose bus the covered run's riders would put over its seats, with the assignment's 409, and hands over a run that fits", async () => {
    const spare = await bus(3);
    await students(2, spare);
    const ill = await bus(10);
    await students(2, ill, 'HOME_TO_SCHOOL');
    const refused = await substitute(staff, ill, 'morning', spare);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(fullMorning(2, 3));
    expect(await substituteOf(ill, 'morning')).toBeNull();
    // The afternoon run of the ill driver has no riders: it adds nobody to the spare bus.
    const afternoon = await substitute(staff, ill, 'afternoon', spare);
    expect(afternoon.status, JSON.stringify(afternoon.body)).toBe(200);
    expect(afternoon.body.run.substitute?.id).toBe(spare);
  });

  it('lets an admin hand it over anyway with a reason, audited on the substitute bus; staff sending the override get 403', async () => {
    const spare = await bus(1);
    await students(1, spare);
    const ill = await bus(null);
    await students(1, ill);
    expect((await substitute(staff, ill, 'morning', spare, { allowOverCapacity: { reason: 'No other bus free' } })).status).toBe(403);
    expect((await substitute(admin, ill, 'morning', spare, { allowOverCapacity: { reason: ' ' } })).status).toBe(400);
    expect(await substituteOf(ill, 'morning')).toBeNull();
    const allowed = await substitute(admin, ill, 'morning', spare, { allowOverCapacity: { reason: 'No other bus free; two small children share' } });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(await substituteOf(ill, 'morning')).toBe(spare);
    const rows = await overrideRows(spare);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: adminUserId,
      diff: {
        reason: 'No other bus free; two small children share',
        runs: [{ run: 'morning', seats: 1, riders: 1, ridersAfter: 2 }],
        coveringFor: { driverId: ill, date },
      },
    });
  });

  it("counts the substitute's own riders and every run it already covers, but not its own run handed to someone else", async () => {
    const spare = await bus(3);
    await students(1, spare);
    const [first, second, third] = [await bus(5), await bus(5), await bus(5)];
    for (const driverId of [first!, second!, third!]) await students(1, driverId);
    expect((await substitute(staff, first!, 'morning', spare)).status).toBe(200);
    expect((await substitute(staff, second!, 'morning', spare)).status).toBe(200);
    // Its own rider and the two runs it covers fill its three seats.
    const full = await substitute(staff, third!, 'morning', spare);
    expect(full.status).toBe(409);
    expect(full.body).toEqual(fullMorning(3, 3));
    // Its own run handed to another bus frees its own rider's seat for the third run.
    const other = await bus(null);
    expect((await substitute(staff, spare, 'morning', other)).status).toBe(200);
    expect((await substitute(staff, third!, 'morning', spare)).status, 'own run handed away').toBe(200);
  });
});

describe('riders against seats for the office', () => {
  it('lists each driver with the riders of each run, and the bell names the full runs', async () => {
    const driverId = await bus(2);
    await students(2, driverId, 'HOME_TO_SCHOOL');
    await students(1, driverId, 'SCHOOL_TO_HOME');
    await students(1, driverId, 'BOTH').then(async ([gone]) => t.db.updateTable('students').set({ deletedAt: new Date() }).where('id', '=', gone!).execute());
    const drivers = (await staff.get<{ drivers: AdminDriver[] }>('/api/admin/drivers')).body.drivers;
    expect(drivers.find((driver) => driver.id === driverId)).toMatchObject({ vehicle: { seats: 2 }, riders: { morning: 2, afternoon: 1 } });
    const bell = (await staff.get<UnassignedStudents>('/api/admin/unassigned-students')).body;
    const name = drivers.find((driver) => driver.id === driverId)!.name;
    expect(bell.fullRuns.filter((run) => run.driverId === driverId)).toEqual([
      { driverId, driverName: name, run: 'morning', runId: expect.any(String), runName: 'Morning', seats: 2, riders: 2 },
    ]);
  });
});
