import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLANNED_RUN_MESSAGES,
  type AdminRun,
  type AdminStudent,
  type DriverRunsList,
  type ServiceType,
  type UnassignedStudents,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { formOf } from '../../test/student-form.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStaff, createStudent, firstPlannedRunId } from '../../test/factories.js';
import { SetClock } from '../clock.js';

/**
 * Seats count per run: a bus of 24 seats doing an 11:30 kindergarten run of 20 and a 13:30 run of
 * 20 carries 20 and 20, not 40; a 25th child on one run is refused in the assignment's words,
 * naming the run, on the edit, a run's edit or a new run, and a substitute; the office's list of
 * the bus's runs and the bell count the same riders.
 */
const date = '2026-12-01';
const clock = new SetClock(new Date(`${date}T05:00:00+03:00`));

let t: TestServer;
let asAdmin: HttpClient;
let asStaff: HttpClient;
let main: { id: string };
let kindergarten: { id: string };
let other: { id: string };
let area: { id: string };
let parentId: string;
/** The 24-seat bus with 'Afternoon – KG' (11:30) and 'Afternoon – Main' (13:30). */
let busId: string;
let kgRunId: string;
let mainRunId: string;

async function newBus(seats: number): Promise<string> {
  const { driverId } = await createDriver(t.db);
  await t.db.updateTable('drivers').set({ vehicleSeats: seats }).where('id', '=', driverId).execute();
  return driverId;
}

/** Children written straight into the database (past the seat rule). */
async function children(n: number, schoolId: string, driverId: string | null, serviceType: ServiceType = 'SCHOOL_TO_HOME'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push((await createStudent(t.db, { schoolId, areaId: area.id, parentId, driverId, serviceType })).id);
  return ids;
}

async function editRun(runId: string, fields: Record<string, unknown>, client = asAdmin) {
  return client.put<{ run: unknown; message?: string }>(`/api/admin/runs/${runId}`, fields);
}

async function assign(studentId: string, driverId: string) {
  const student = (await asAdmin.get<{ student: AdminStudent }>(`/api/admin/students/${studentId}`)).body.student;
  return asAdmin.put<{ student: AdminStudent }>(`/api/admin/students/${studentId}`, { ...formOf(student), driverId });
}

const ridersOf = async (driverId: string) =>
  Object.fromEntries((await asAdmin.get<DriverRunsList>(`/api/admin/drivers/${driverId}/runs`)).body.runs.map((run) => [run.name, [run.riders, run.seats]]));
const fullAfternoon = (runId: string, runName: string, riders: number, seats: number) => ({
  message: `This bus is full for the afternoon run (${riders} of ${seats} seats).`,
  code: 'students.busFullAfternoon',
  run: 'afternoon',
  runId,
  runName,
  seats,
  riders,
});

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  asStaff = await t.signIn(await createStaff(t.db));
  parentId = (await createParent(t.db)).parentId;
  area = await createArea(t.db);
  main = await createSchool(t.db, 'Al Noor School');
  kindergarten = await createSchool(t.db, 'Little Stars Kindergarten');
  other = await createSchool(t.db, 'Ibn Khuldoon School');
  busId = await newBus(24);
  mainRunId = await firstPlannedRunId(t.db, busId, 'afternoon');
  expect(
    (await editRun(mainRunId, { direction: 'afternoon', name: 'Afternoon – Main', schoolIds: [main.id], plannedStart: '13:30', plannedEnd: '14:30' })).status,
  ).toBe(200);
  const created = await asAdmin.post<{ run: { id: string } }>(`/api/admin/drivers/${busId}/runs`, {
    direction: 'afternoon',
    name: 'Afternoon – KG',
    schoolIds: [kindergarten.id],
    plannedStart: '11:30',
    plannedEnd: '12:30',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  kgRunId = created.body.run.id;
  await children(20, kindergarten.id, busId);
  await children(20, main.id, busId);
});
afterAll(() => t.close());

describe('seats per run', () => {
  it('carries two afternoon runs of 20 on a 24-seat bus, and takes children up to 24 on each', async () => {
    expect(await ridersOf(busId)).toEqual({ Morning: [0, 24], 'Afternoon – KG': [20, 24], 'Afternoon – Main': [20, 24] });
    for (const id of await children(4, main.id, null)) expect((await assign(id, busId)).status).toBe(200);
    expect(await ridersOf(busId)).toEqual({ Morning: [0, 24], 'Afternoon – KG': [20, 24], 'Afternoon – Main': [24, 24] });
  });

  it('refuses a 25th child on the full run, naming it, while the other run of the same bus still takes one', async () => {
    const [extra] = await children(1, main.id, null);
    const refused = await assign(extra!, busId);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(fullAfternoon(mainRunId, 'Afternoon – Main', 24, 24));
    const [kg] = await children(1, kindergarten.id, null);
    expect((await assign(kg!, busId)).status).toBe(200);
    expect(await ridersOf(busId)).toEqual({ Morning: [0, 24], 'Afternoon – KG': [21, 24], 'Afternoon – Main': [24, 24] });
    const bell = (await asStaff.get<UnassignedStudents>('/api/admin/unassigned-students')).body;
    expect(bell.fullRuns.filter((run) => run.driverId === busId)).toEqual([
      expect.objectContaining({ run: 'afternoon', runId: mainRunId, runName: 'Afternoon – Main', seats: 24, riders: 24 }),
    ]);
  });

  it('refuses a run edit that brings a full run another school, unless an admin allows it with a reason, audited', async () => {
    // A child of a school no run of the bus serves rides none of its runs until one does.
    const [stranded] = await children(1, other.id, busId);
    const bell = (await asStaff.get<UnassignedStudents>('/api/admin/unassigned-students')).body;
    expect(bell.toPlace.find((child) => child.id === stranded)?.ways).toEqual([
      { direction: 'afternoon', driver: { id: busId, name: 'Test Driver' }, runs: [] },
    ]);
    const fields = { direction: 'afternoon', name: 'Afternoon – Main', schoolIds: [main.id, other.id] };
    const refused = await editRun(mainRunId, fields);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(fullAfternoon(mainRunId, 'Afternoon – Main', 24, 24));
    expect((await ridersOf(busId))['Afternoon – Main']).toEqual([24, 24]);
    expect((await editRun(mainRunId, { ...fields, allowOverCapacity: { reason: 'One more on the bench seat' } }, asStaff)).status).toBe(403);
    const allowed = await editRun(mainRunId, { ...fields, allowOverCapacity: { reason: 'One more on the bench seat' } });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect((await ridersOf(busId))['Afternoon – Main']).toEqual([25, 24]);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select('diff')
      .where('entityType', '=', 'driver')
      .where('entityId', '=', busId)
      .where('action', '=', 'over_capacity')
      .execute();
    expect(audit.map((row) => row.diff)).toEqual([
      expect.objectContaining({
        reason: 'One more on the bench seat',
        runs: [{ run: 'afternoon', runId: mainRunId, runName: 'Afternoon – Main', seats: 24, riders: 24, ridersAfter: 25 }],
      }),
    ]);
    // Back as it was: the child of the other school rides no run again.
    expect((await editRun(mainRunId, { direction: 'afternoon', name: 'Afternoon – Main', schoolIds: [main.id] })).status).toBe(200);
    await t.db.updateTable('students').set({ deletedAt: new Date() }).where('id', '=', stranded!).execute();
  });

  it('refuses a new run whose children would not fit', async () => {
    const small = await newBus(1);
    const afternoon = await firstPlannedRunId(t.db, small, 'afternoon');
    expect((await editRun(afternoon, { direction: 'afternoon', name: 'Afternoon', schoolIds: [main.id] })).status).toBe(200);
    await children(2, other.id, small);
    const refused = await asAdmin.post(`/api/admin/drivers/${small}/runs`, {
      direction: 'afternoon',
      name: 'Afternoon – Ibn Khuldoon',
      schoolIds: [other.id],
      plannedStart: '15:00',
      plannedEnd: '16:00',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'students.busFullAfternoon', runName: 'Afternoon – Ibn Khuldoon', seats: 1, riders: 0 });
    expect((await ridersOf(small))['Afternoon – Ibn Khuldoon']).toBeUndefined();
  });
});

describe('seats on a substitute, per run', () => {
  const substitute = (coveredId: string, run: string, substituteDriverId: string | null) =>
    asStaff.put<AdminRun & { message?: string; runs?: unknown }>(`/api/admin/drivers/${coveredId}/runs/${run}/substitute`, { date, substituteDriverId });

  it("names the run by its id ('afternoon' is 409 with the runs), and counts only the runs on board at the same time", async () => {
    const spare = await newBus(24);
    const spareAfternoon = await firstPlannedRunId(t.db, spare, 'afternoon');
    expect(
      (await editRun(spareAfternoon, { direction: 'afternoon', name: 'Afternoon', schoolIds: [], plannedStart: '13:30', plannedEnd: '14:30' })).status,
    ).toBe(200);
    await children(20, main.id, spare);

    const ambiguous = await substitute(busId, 'afternoon', spare);
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body).toEqual({
      message: PLANNED_RUN_MESSAGES.directionAmbiguous,
      code: 'plannedRuns.directionAmbiguous',
      runs: [
        { id: kgRunId, name: 'Afternoon – KG' },
        { id: mainRunId, name: 'Afternoon – Main' },
      ],
    });

    // The kindergarten's run (21) ends before the spare's own (20) starts: the bus has the seats.
    const kg = await substitute(busId, kgRunId, spare);
    expect(kg.status, JSON.stringify(kg.body)).toBe(200);
    // The 13:30 run (24) is on the road with the spare's own 13:30 run (20): 44 on 24 seats.
    const refused = await substitute(busId, mainRunId, spare);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(fullAfternoon(mainRunId, 'Afternoon – Main', 20, 24));
    const row = await t.db
      .selectFrom('schoolRuns')
      .select('substituteDriverId')
      .where('plannedRunId', '=', mainRunId)
      .where('date', '=', date)
      .executeTakeFirst();
    expect(row?.substituteDriverId ?? null).toBeNull();
  });
});
