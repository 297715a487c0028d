import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLANNED_RUN_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  type AdminRun,
  type DriverRunsList,
  type DriverToday,
  type PlannedRun,
  type RunMark,
  type StudentToday,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent } from '../../test/factories.js';
import { SetClock } from '../clock.js';

/**
 * The day run by run: a bus with a morning run and two afternoon runs (the kindergarten is
 * dismissed at 11:30, the school at 13:30). The driver's day lists every run in planned-start
 * order with its id and name; a run is named by its id, and a direction only while the bus has one
 * run that way (else 409 with the runs); one run at a time; each child is on their own run; the
 * office's Today tab has a row per run; the family's card names the run.
 */
const clock = new SetClock(new Date('2026-12-01T05:30:00+03:00'));

let t: TestServer;
let asAdmin: HttpClient;
let asDriver: HttpClient;
let asOther: HttpClient;
let asFamily: HttpClient;
let driver: Awaited<ReturnType<typeof createDriver>>;
let runs: { morning: string; kg: string; afternoon: string };
let children: { sara: string; lulu: string };

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  driver = await createDriver(t.db, 'driver-pass', 'Ahmed');
  asDriver = await t.signIn(driver);
  const other = await createDriver(t.db, 'driver-pass', 'Yusuf');
  asOther = await t.signIn(other);
  const school = await createSchool(t.db, 'Al Noor School');
  const kindergarten = await createSchool(t.db, 'Little Stars Kindergarten');
  await t.db.updateTable('schools').set({ dismissalTime: '11:30' }).where('id', '=', kindergarten.id).execute();
  const area = await createArea(t.db);
  const family = await createParent(t.db);
  asFamily = await t.signIn(family);
  const child = async (firstName: string, schoolId: string) =>
    (await createStudent(t.db, { schoolId, areaId: area.id, parentId: family.parentId, driverId: driver.driverId, firstName })).id;
  children = { sara: await child('Sara', school.id), lulu: await child('Lulu', kindergarten.id) };

  const list = (await asAdmin.get<DriverRunsList>(`/api/admin/drivers/${driver.driverId}/runs`)).body;
  const afternoon = list.runs.find((run) => run.direction === 'afternoon')!;
  // The office's plan: 'Afternoon' now serves the school only, a new run the kindergarten.
  expect((await asAdmin.put(`/api/admin/runs/${afternoon.id}`, { ...afternoon, schoolIds: [school.id] })).status).toBe(200);
  const kg = await asAdmin.post<{ run: PlannedRun }>(`/api/admin/drivers/${driver.driverId}/runs`, {
    direction: 'afternoon',
    name: 'Afternoon – KG',
    schoolIds: [kindergarten.id],
  });
  expect(kg.status).toBe(201);
  runs = { morning: list.runs.find((run) => run.direction === 'morning')!.id, kg: kg.body.run.id, afternoon: afternoon.id };
});
afterAll(() => t.close());

const mark = (runRef: string, studentId: string, event: string) =>
  asDriver.post<{ mark: RunMark; message?: string }>(`/api/driver/runs/${runRef}/marks`, {
    studentId,
    event,
    clientId: `${runRef.slice(0, 8)}-${studentId.slice(0, 8)}-${event}`,
  });

describe("the driver's day, run by run", () => {
  it('lists every run of the bus in planned-start order, each with its id, name, times and own children', async () => {
    const today = await asDriver.get<DriverToday>('/api/driver/runs/today');
    expect(today.status).toBe(200);
    expect(
      today.body.runs.map((run) => ({
        id: run.id,
        name: run.name,
        run: run.run,
        plannedStart: run.plannedStart,
        plannedEnd: run.plannedEnd,
        students: run.students.map((each) => each.firstName),
      })),
    ).toEqual([
      {
        id: runs.morning,
        name: 'Morning',
        run: 'morning',
        plannedStart: '2026-12-01T03:00:00.000Z',
        plannedEnd: '2026-12-01T05:00:00.000Z',
        students: ['Sara', 'Lulu'],
      },
      {
        id: runs.kg,
        name: 'Afternoon – KG',
        run: 'afternoon',
        plannedStart: '2026-12-01T08:30:00.000Z',
        plannedEnd: '2026-12-01T09:30:00.000Z',
        students: ['Lulu'],
      },
      {
        id: runs.afternoon,
        name: 'Afternoon',
        run: 'afternoon',
        plannedStart: '2026-12-01T10:00:00.000Z',
        plannedEnd: '2026-12-01T12:00:00.000Z',
        students: ['Sara'],
      },
    ]);
  });

  it("accepts 'morning' while the bus has one morning run, and answers 409 with the runs for 'afternoon'", async () => {
    const afternoon = await asDriver.post<{ message: string; runs: { id: string; name: string }[] }>('/api/driver/runs/afternoon/start');
    expect(afternoon.status).toBe(409);
    expect(afternoon.body.message).toBe(PLANNED_RUN_MESSAGES.directionAmbiguous);
    expect(afternoon.body.runs).toEqual([
      { id: runs.kg, name: 'Afternoon – KG' },
      { id: runs.afternoon, name: 'Afternoon' },
    ]);
    const morning = await asDriver.post<{ run: { id: string; name: string; run: string; status: string } }>('/api/driver/runs/morning/start');
    expect(morning.status).toBe(200);
    expect(morning.body.run).toMatchObject({ id: runs.morning, name: 'Morning', run: 'morning', status: 'in_progress' });
  });

  it('drives one run at a time', async () => {
    const kg = await asDriver.post<{ message: string }>(`/api/driver/runs/${runs.kg}/start`);
    expect(kg.status).toBe(409);
    expect(kg.body.message).toBe('Run "Morning" is still in progress. End it first.');
    for (const studentId of [children.sara, children.lulu]) {
      expect((await mark(runs.morning, studentId, 'boarded')).status).toBe(201);
      expect((await mark('morning', studentId, 'dropped')).status).toBe(201);
    }
    expect((await asDriver.post(`/api/driver/runs/${runs.morning}/end`)).status).toBe(200);
    clock.set('2026-12-01T11:25:00+03:00');
    const started = await asDriver.post<{ run: { id: string; status: string } }>(`/api/driver/runs/${runs.kg}/start`);
    expect(started.status).toBe(200);
    expect(started.body.run).toMatchObject({ id: runs.kg, status: 'in_progress' });
  });

  it("marks a child on their own run only, and keeps each run's marks apart", async () => {
    const lulu = await mark(runs.kg, children.lulu, 'boarded');
    expect(lulu.status).toBe(201);
    expect(lulu.body.mark).toMatchObject({ run: 'afternoon', status: 'boarded' });
    const sara = await mark(runs.kg, children.sara, 'boarded');
    expect(sara.status).toBe(404);
    expect(sara.body.message).toBe(SCHOOL_DAY_MESSAGES.studentNotOnRun);
    const today = (await asDriver.get<DriverToday>('/api/driver/runs/today')).body;
    const statuses = today.runs.map((run) => [run.name, run.status, run.students.map((each) => `${each.firstName}:${each.status}`)]);
    expect(statuses).toEqual([
      ['Morning', 'done', ['Sara:dropped', 'Lulu:dropped']],
      ['Afternoon – KG', 'in_progress', ['Lulu:boarded']],
      ['Afternoon', 'not_started', ['Sara:expected']],
    ]);
  });

  it("refuses another bus's run by id (404)", async () => {
    const response = await asOther.post<{ message: string }>(`/api/driver/runs/${runs.kg}/start`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(PLANNED_RUN_MESSAGES.runNotFound);
  });

  it("gives the office's Today tab one row per run, with its name", async () => {
    const rows = (await asAdmin.get<AdminRun[] | { runs: AdminRun[] }>('/api/admin/runs')).body;
    const list = Array.isArray(rows) ? rows : rows.runs;
    const ours = list.filter((row) => row.driver.id === driver.driverId).map((row) => [row.name, row.id, row.status, row.riders]);
    expect(ours).toEqual([
      ['Afternoon – KG', runs.kg, 'in_progress', 1],
      ['Afternoon', runs.afternoon, 'not_started', 1],
      ['Morning', runs.morning, 'done', 2],
    ]);
  });

  it("names each child's run and bus on the family's card", async () => {
    const lulu = (await asFamily.get<StudentToday>(`/api/parent/students/${children.lulu}/today`)).body;
    expect(lulu.morning).toMatchObject({ run: { id: runs.morning, name: 'Morning' }, bus: { id: driver.driverId, name: 'Ahmed' }, status: 'dropped' });
    expect(lulu.afternoon).toMatchObject({ run: { id: runs.kg, name: 'Afternoon – KG' }, status: 'boarded' });
    const sara = (await asFamily.get<StudentToday>(`/api/parent/students/${children.sara}/today`)).body;
    expect(sara.afternoon).toMatchObject({ run: { id: runs.afternoon, name: 'Afternoon' }, status: 'expected' });
  });

  it('lets the office act on a run by its id', async () => {
    const run = await asAdmin.get<{ run: { id: string; name: string; students: { firstName: string }[] } }>(
      `/api/admin/drivers/${driver.driverId}/runs/${runs.afternoon}`,
    );
    expect(run.status).toBe(200);
    expect(run.body.run).toMatchObject({ id: runs.afternoon, name: 'Afternoon', students: [{ firstName: 'Sara' }] });
    const byDirection = await asAdmin.get<{ message: string }>(`/api/admin/drivers/${driver.driverId}/runs/afternoon`);
    expect(byDirection.status).toBe(409);
    expect(byDirection.body.message).toBe(PLANNED_RUN_MESSAGES.directionAmbiguous);
  });
});
