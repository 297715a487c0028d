import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOL_DAY_MESSAGES, type Absence, type DriverRunsList, type PlannedRun } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createArea, createAdmin, createDriver, createParent, createSchool, createStudent } from '../../test/factories.js';
import { SetClock } from '../clock.js';

/**
 * An absence closes when the child's own run starts. Ahmed's bus takes the kindergarten home at
 * 11:30 ('Afternoon – KG') and Al Noor's other children at 13:00 ('Afternoon'). At noon on a
 * Tuesday, Lulu's afternoon can no longer be reported (her run has left), Sara's still can; once
 * the driver presses Start on Sara's run, hers can no longer be cancelled.
 */
const TUESDAY = '2026-12-01';
const clock = new SetClock(new Date(`${TUESDAY}T12:00:00+03:00`));

let t: TestServer;
let asFamily: HttpClient;
let asDriver: HttpClient;
let afternoonRunId: string;
let children: { lulu: string; sara: string };

const report = (studentId: string) =>
  asFamily.post<{ absence: Absence; message?: string }>('/api/parent/absences', { studentId, from: TUESDAY, to: TUESDAY, run: 'afternoon', reason: 'Dentist' });

beforeAll(async () => {
  t = await startTestServer({ clock });
  const asAdmin = await t.signIn(await createAdmin(t.db));
  const driver = await createDriver(t.db, 'driver-pass', 'Ahmed');
  asDriver = await t.signIn(driver);
  const school = await createSchool(t.db, 'Al Noor School');
  const kindergarten = await createSchool(t.db, 'Little Stars Kindergarten');
  const area = await createArea(t.db);
  const family = await createParent(t.db);
  asFamily = await t.signIn(family);
  const child = async (firstName: string, schoolId: string) =>
    (await createStudent(t.db, { schoolId, areaId: area.id, parentId: family.parentId, driverId: driver.driverId, firstName })).id;
  children = { lulu: await child('Lulu', kindergarten.id), sara: await child('Sara', school.id) };

  const list = (await asAdmin.get<DriverRunsList>(`/api/admin/drivers/${driver.driverId}/runs`)).body;
  const afternoon = list.runs.find((run) => run.direction === 'afternoon')!;
  afternoonRunId = afternoon.id;
  expect(
    (await asAdmin.put(`/api/admin/runs/${afternoon.id}`, { ...afternoon, schoolIds: [school.id], plannedStart: '13:00', plannedEnd: '14:00' })).status,
  ).toBe(200);
  const kg = await asAdmin.post<{ run: PlannedRun }>(`/api/admin/drivers/${driver.driverId}/runs`, {
    direction: 'afternoon',
    name: 'Afternoon – KG',
    schoolIds: [kindergarten.id],
    plannedStart: '11:30',
    plannedEnd: '12:30',
  });
  expect(kg.status, JSON.stringify(kg.body)).toBe(201);
});
afterAll(() => t.close());

describe("an absence's cut-off, run by run", () => {
  it("refuses the kindergarten child's afternoon once her 11:30 run has left, and takes the 13:00 run's child", async () => {
    const lulu = await report(children.lulu);
    expect(lulu.status).toBe(409);
    expect(lulu.body.message).toBe(SCHOOL_DAY_MESSAGES.tooLateForAbsence);
    expect(await t.db.selectFrom('absences').select('id').where('studentId', '=', children.lulu).execute()).toEqual([]);

    const sara = await report(children.sara);
    expect(sara.status, JSON.stringify(sara.body)).toBe(201);
  });

  it("closes the 13:00 run's absences when its driver presses Start, before its planned time", async () => {
    const absence = (await t.db.selectFrom('absences').select('id').where('studentId', '=', children.sara).executeTakeFirstOrThrow()).id;
    expect((await asDriver.post(`/api/driver/runs/${afternoonRunId}/start`)).status).toBe(200);
    const cancel = await asFamily.request<{ message: string }>('DELETE', `/api/parent/absences/${absence}`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(SCHOOL_DAY_MESSAGES.tooLateForAbsence);
  });
});
