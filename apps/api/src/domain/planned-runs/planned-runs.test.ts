import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNED_RUN_MESSAGES, SCHOOL_DAY_MESSAGES, type DriverRunsList, type PlannedRun } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStaff, createStudent, firstPlannedRunId } from '../../test/factories.js';
import { SetClock } from '../clock.js';

/**
 * The runs the office plans for a bus: a new driver's 'Morning' and 'Afternoon', a second
 * afternoon for the kindergarten with its times from the school's dismissal, edits, removals and
 * their refusals, overlap warnings, riders against seats, who may do it, and the audit.
 */
const clock = new SetClock(new Date('2026-12-01T05:00:00+03:00'));

let t: TestServer;
let asAdmin: HttpClient;
let asStaff: HttpClient;
let asParent: HttpClient;
let driver: Awaited<ReturnType<typeof createDriver>>;
let school: { id: string };
let kindergarten: { id: string };
let area: { id: string };

const runsPath = (driverId: string) => `/api/admin/drivers/${driverId}/runs`;
const listRuns = async (driverId = driver.driverId) => {
  const response = await asAdmin.get<DriverRunsList>(runsPath(driverId));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

async function child(schoolId: string, serviceType: 'BOTH' | 'HOME_TO_SCHOOL' | 'SCHOOL_TO_HOME' = 'BOTH', driverId = driver.driverId) {
  const parent = await createParent(t.db);
  return (await createStudent(t.db, { schoolId, areaId: area.id, parentId: parent.parentId, driverId, serviceType })).id;
}

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  asStaff = await t.signIn(await createStaff(t.db));
  const parent = await createParent(t.db);
  asParent = await t.signIn(parent);
  driver = await createDriver(t.db);
  await t.db.updateTable('drivers').set({ vehicleSeats: 24 }).where('id', '=', driver.driverId).execute();
  school = await createSchool(t.db, 'Al Noor School');
  kindergarten = await createSchool(t.db, 'Little Stars Kindergarten');
  await t.db.updateTable('schools').set({ startTime: '07:30', dismissalTime: '11:30' }).where('id', '=', kindergarten.id).execute();
  area = await createArea(t.db);
  for (let i = 0; i < 3; i += 1) await child(school.id);
  await child(kindergarten.id, 'BOTH');
});
afterAll(() => t.close());

describe("a bus's planned runs", () => {
  it("starts a new driver with 'Morning' and 'Afternoon' at the settings' times, every child on them", async () => {
    const list = await listRuns();
    expect(list.runs).toEqual([
      {
        id: expect.any(String),
        direction: 'morning',
        name: 'Morning',
        schoolIds: [],
        plannedStart: '06:00',
        plannedEnd: '08:00',
        weekdays: null,
        riders: 4,
        seats: 24,
      },
      {
        id: expect.any(String),
        direction: 'afternoon',
        name: 'Afternoon',
        schoolIds: [],
        plannedStart: '13:00',
        plannedEnd: '15:00',
        weekdays: null,
        riders: 4,
        seats: 24,
      },
    ]);
    expect(list.overlaps).toEqual([]);
  });

  it("plans a second afternoon run for the kindergarten, its times from the school's dismissal, audited", async () => {
    const response = await asStaff.post<{ run: PlannedRun }>(runsPath(driver.driverId), {
      direction: 'afternoon',
      name: 'Afternoon – KG',
      schoolIds: [kindergarten.id],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual({
      run: {
        id: expect.any(String),
        direction: 'afternoon',
        name: 'Afternoon – KG',
        schoolIds: [kindergarten.id],
        plannedStart: '11:30',
        plannedEnd: '12:30',
        weekdays: null,
      },
    });
    const list = await listRuns();
    expect(list.runs.map((run) => [run.name, run.plannedStart])).toEqual([
      ['Morning', '06:00'],
      ['Afternoon – KG', '11:30'],
      ['Afternoon', '13:00'],
    ]);
    // 'Afternoon' serves every school, the KG run the kindergarten: the kindergarten child qualifies for both and waits to be placed by hand.
    expect(list.runs.find((run) => run.name === 'Afternoon')!.riders).toBe(3);
    expect(list.runs.find((run) => run.name === 'Afternoon – KG')!.riders).toBe(0);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'diff'])
      .where('entityType', '=', 'planned_run')
      .where('entityId', '=', response.body.run.id)
      .execute();
    expect(audit).toEqual([{ action: 'create', diff: expect.objectContaining({ name: 'Afternoon – KG', driverId: driver.driverId }) }]);
  });

  it("takes a morning run's times from its school's start, and warns of runs whose windows overlap", async () => {
    const response = await asAdmin.post<{ run: PlannedRun }>(runsPath(driver.driverId), {
      direction: 'morning',
      name: 'Morning – KG',
      schoolIds: [kindergarten.id],
      weekdays: ['thu', 'sun'],
    });
    expect(response.status).toBe(201);
    expect(response.body.run).toMatchObject({ plannedStart: '06:30', plannedEnd: '07:30', weekdays: ['sun', 'thu'] });
    const list = await listRuns();
    const morning = list.runs.find((run) => run.name === 'Morning')!;
    expect(list.overlaps).toEqual([{ runIds: [morning.id, response.body.run.id], weekdays: ['sun', 'thu'] }]);
  });

  it('edits a run: name, schools, times and weekdays, audited; times left out stay', async () => {
    const kg = (await listRuns()).runs.find((run) => run.name === 'Morning – KG')!;
    const response = await asAdmin.put<{ run: PlannedRun }>(`/api/admin/runs/${kg.id}`, {
      direction: 'morning',
      name: 'Morning – Little Stars',
      schoolIds: [kindergarten.id],
      plannedEnd: '07:20',
      weekdays: null,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.run).toEqual({
      id: kg.id,
      direction: 'morning',
      name: 'Morning – Little Stars',
      schoolIds: [kindergarten.id],
      plannedStart: '06:30',
      plannedEnd: '07:20',
      weekdays: null,
    });
    const audit = await t.db.selectFrom('auditLogs').select('diff').where('entityId', '=', kg.id).where('action', '=', 'update').executeTakeFirstOrThrow();
    expect(audit.diff).toMatchObject({
      name: { from: 'Morning – KG', to: 'Morning – Little Stars' },
      plannedEnd: { from: '07:30', to: '07:20' },
      weekdays: { from: ['sun', 'thu'], to: null },
    });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await listRuns();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ direction: 'evening', name: 'X' }, 'direction', PLANNED_RUN_MESSAGES.directionInvalid],
      [{ direction: 'morning', name: '  ' }, 'name', PLANNED_RUN_MESSAGES.nameRequired],
      [{ direction: 'morning', name: 'X', plannedStart: '7:00', plannedEnd: '08:00' }, 'plannedStart', SCHOOL_DAY_MESSAGES.timeInvalid],
      [{ direction: 'morning', name: 'X', plannedStart: '08:00', plannedEnd: '07:00' }, 'plannedEnd', SCHOOL_DAY_MESSAGES.runEndBeforeStart],
      [{ direction: 'morning', name: 'X', weekdays: ['someday'] }, 'weekdays.0', PLANNED_RUN_MESSAGES.weekdaysInvalid],
      [{ direction: 'morning', name: 'X', schoolIds: ['00000000-0000-4000-8000-000000000000'] }, 'schoolIds', PLANNED_RUN_MESSAGES.schoolsInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await asAdmin.post<{ message: string; issues?: Record<string, string> }>(runsPath(driver.driverId), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.issues?.[field] ?? response.body.message, JSON.stringify(response.body)).toBe(message);
    }
    expect(await listRuns()).toEqual(before);
  });

  it('answers 404 for an unknown bus or run, and refuses a parent', async () => {
    expect((await asAdmin.get<{ message: string }>(runsPath('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    const unknownRun = await asAdmin.request<{ message: string }>('DELETE', '/api/admin/runs/00000000-0000-4000-8000-000000000000');
    expect(unknownRun.status).toBe(404);
    expect(unknownRun.body).toEqual({ message: PLANNED_RUN_MESSAGES.runNotFound, code: 'plannedRuns.runNotFound' });
    expect((await asParent.get(runsPath(driver.driverId))).status).toBe(403);
    expect((await asParent.post(runsPath(driver.driverId), { direction: 'morning', name: 'X' })).status).toBe(403);
  });
});

describe('removing a run', () => {
  it('keeps at least one run of each direction its children ride', async () => {
    const list = await listRuns();
    const afternoon = list.runs.find((run) => run.name === 'Afternoon')!;
    const kg = list.runs.find((run) => run.name === 'Afternoon – KG')!;
    expect((await asAdmin.request('DELETE', `/api/admin/runs/${kg.id}`)).status).toBe(200);
    const last = await asAdmin.request<{ message: string }>('DELETE', `/api/admin/runs/${afternoon.id}`);
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(PLANNED_RUN_MESSAGES.lastOfDirection);
    expect((await listRuns()).runs.map((run) => run.name)).toEqual(['Morning', 'Morning – Little Stars', 'Afternoon']);
  });

  it('refuses while a child is placed on it by hand, or it is in progress; its past days stay', async () => {
    const made = await asAdmin.post<{ run: PlannedRun }>(runsPath(driver.driverId), {
      direction: 'afternoon',
      name: 'Afternoon – early',
      plannedStart: '12:00',
      plannedEnd: '12:45',
    });
    const runId = made.body.run.id;
    const placed = await child(school.id);
    await t.db.updateTable('students').set({ afternoonRunId: runId }).where('id', '=', placed).execute();
    const byHand = await asAdmin.request<{ message: string }>('DELETE', `/api/admin/runs/${runId}`);
    expect(byHand.status).toBe(409);
    expect(byHand.body.message).toBe(PLANNED_RUN_MESSAGES.placedByHand);
    await t.db.updateTable('students').set({ afternoonRunId: null }).where('id', '=', placed).execute();

    const past = await t.db
      .insertInto('schoolRuns')
      .values({ plannedRunId: runId, driverId: driver.driverId, date: '2026-11-30', run: 'afternoon', startedAt: new Date(), endedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const today = await t.db
      .insertInto('schoolRuns')
      .values({ plannedRunId: runId, driverId: driver.driverId, date: '2026-12-01', run: 'afternoon', startedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inProgress = await asAdmin.request<{ message: string }>('DELETE', `/api/admin/runs/${runId}`);
    expect(inProgress.status).toBe(409);
    expect(inProgress.body.message).toBe(PLANNED_RUN_MESSAGES.inProgressToday);
    await t.db.updateTable('schoolRuns').set({ endedAt: new Date() }).where('id', '=', today.id).execute();

    const removed = await asStaff.request<{ run: PlannedRun }>('DELETE', `/api/admin/runs/${runId}`);
    expect(removed.status).toBe(200);
    expect((await listRuns()).runs.map((run) => run.id)).not.toContain(runId);
    expect(await t.db.selectFrom('schoolRuns').select('id').where('plannedRunId', '=', runId).orderBy('date').execute()).toEqual([
      { id: past.id },
      { id: today.id },
    ]);
    expect(await t.db.selectFrom('auditLogs').select('action').where('entityId', '=', runId).where('action', '=', 'delete').execute()).toHaveLength(1);
  });

  it('lets the last run of a direction go when no child of the bus rides that way', async () => {
    const other = await createDriver(t.db, 'driver-pass', 'Morning Only');
    await child(school.id, 'HOME_TO_SCHOOL', other.driverId);
    const afternoon = await firstPlannedRunId(t.db, other.driverId, 'afternoon');
    expect((await asAdmin.request('DELETE', `/api/admin/runs/${afternoon}`)).status).toBe(200);
    expect((await listRuns(other.driverId)).runs.map((run) => run.name)).toEqual(['Morning']);
  });
});
