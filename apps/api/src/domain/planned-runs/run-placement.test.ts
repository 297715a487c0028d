import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLANNED_RUN_MESSAGES,
  STUDENT_MESSAGES,
  type AdminStudent,
  type DriverRunsList,
  type DriverStudent,
  type DriverToday,
  type PlannedRun,
  type UnassignedStudents,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent } from '../../test/factories.js';
import { formOf } from '../../test/student-form.js';
import { SetClock } from '../clock.js';

/**
 * Placing a child on a run by hand, and another bus home. Ahmed's bus has two afternoon runs that
 * both serve Al Noor (the kindergarten leaves at 11:30, the rest at 13:30): Lulu, in its
 * kindergarten, rides neither until the office places her on 'Afternoon – KG' through the edit
 * form (`afternoonRunId`). A run of another bus or of the other direction is refused and nothing
 * changes; null puts her back on the rule; a later edit that leaves the field out keeps the run.
 * `afternoonDriverId` sends a child home on Yusuf's bus.
 */
const clock = new SetClock(new Date('2026-12-01T05:30:00+03:00'));

let t: TestServer;
let asAdmin: HttpClient;
let asAhmed: HttpClient;
let asYusuf: HttpClient;
let yusufDriverId: string;
let ahmedDriverId: string;
let runs: { morning: string; kg: string; afternoon: string; yusufAfternoon: string };
let luluId: string;

const afternoonChildren = async (driver: HttpClient) => {
  const today = (await driver.get<DriverToday>('/api/driver/runs/today')).body;
  return Object.fromEntries(today.runs.filter((run) => run.run === 'afternoon').map((run) => [run.name, run.students.map((student) => student.firstName)]));
};
const lulu = async () => (await asAdmin.get<{ student: AdminStudent }>(`/api/admin/students/${luluId}`)).body.student;
const edit = async (changes: Record<string, unknown>) =>
  asAdmin.put<{ student: AdminStudent; message?: string; issues?: Record<string, string> }>(`/api/admin/students/${luluId}`, {
    ...formOf(await lulu()),
    ...changes,
  });

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  const ahmed = await createDriver(t.db, 'driver-pass', 'Ahmed');
  asAhmed = await t.signIn(ahmed);
  ahmedDriverId = ahmed.driverId;
  const yusuf = await createDriver(t.db, 'driver-pass', 'Yusuf');
  yusufDriverId = yusuf.driverId;
  asYusuf = await t.signIn(yusuf);
  const school = await createSchool(t.db, 'Al Noor School');
  const area = await createArea(t.db);
  const family = await createParent(t.db);
  luluId = (await createStudent(t.db, { schoolId: school.id, areaId: area.id, parentId: family.parentId, driverId: ahmed.driverId, firstName: 'Lulu' })).id;

  const list = (await asAdmin.get<DriverRunsList>(`/api/admin/drivers/${ahmed.driverId}/runs`)).body;
  const kg = await asAdmin.post<{ run: PlannedRun }>(`/api/admin/drivers/${ahmed.driverId}/runs`, {
    direction: 'afternoon',
    name: 'Afternoon – KG',
    schoolIds: [school.id],
    plannedStart: '11:30',
    plannedEnd: '12:30',
  });
  expect(kg.status, JSON.stringify(kg.body)).toBe(201);
  const yusufRuns = (await asAdmin.get<DriverRunsList>(`/api/admin/drivers/${yusuf.driverId}/runs`)).body;
  runs = {
    morning: list.runs.find((run) => run.direction === 'morning')!.id,
    afternoon: list.runs.find((run) => run.direction === 'afternoon')!.id,
    kg: kg.body.run.id,
    yusufAfternoon: yusufRuns.runs.find((run) => run.direction === 'afternoon')!.id,
  };
});
afterAll(() => t.close());

describe('placing a child on a run by hand', () => {
  it('leaves a child two runs of the bus serve on neither, in the bell with the runs to choose from, until the office places her; the change is audited', async () => {
    expect(await afternoonChildren(asAhmed)).toEqual({ 'Afternoon – KG': [], Afternoon: [] });
    const waiting = (await asAdmin.get<UnassignedStudents>('/api/admin/unassigned-students')).body;
    expect(waiting.toPlaceTotal).toBe(1);
    expect(waiting.toPlace).toEqual([
      expect.objectContaining({
        id: luluId,
        firstName: 'Lulu',
        ways: [
          {
            direction: 'afternoon',
            driver: { id: ahmedDriverId, name: 'Ahmed' },
            runs: [
              { id: runs.kg, name: 'Afternoon – KG' },
              { id: runs.afternoon, name: 'Afternoon' },
            ],
          },
        ],
      }),
    ]);

    const placed = await edit({ afternoonRunId: runs.kg });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.student).toMatchObject({ afternoonRunId: runs.kg, morningRunId: null, afternoonDriverId: null });
    expect(await afternoonChildren(asAhmed)).toEqual({ 'Afternoon – KG': ['Lulu'], Afternoon: [] });
    const bell = (await asAdmin.get<UnassignedStudents>('/api/admin/unassigned-students')).body;
    expect({ toPlace: bell.toPlace, toPlaceTotal: bell.toPlaceTotal }).toEqual({ toPlace: [], toPlaceTotal: 0 });

    const audit = await t.db
      .selectFrom('auditLogs')
      .select('diff')
      .where('entityType', '=', 'student')
      .where('entityId', '=', luluId)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.diff)).toContain(runs.kg);
  });

  it('keeps the run when a later edit leaves the field out', async () => {
    const form = formOf(await lulu());
    expect(form).not.toHaveProperty('afternoonRunId');
    expect((await asAdmin.put(`/api/admin/students/${luluId}`, { ...form, grade: '1' })).status).toBe(200);
    expect((await lulu()).afternoonRunId).toBe(runs.kg);
  });

  it("refuses another bus's run and a run of the other direction, and changes nothing", async () => {
    for (const [field, runId] of [
      ['afternoonRunId', runs.yusufAfternoon],
      ['afternoonRunId', runs.morning],
      ['morningRunId', runs.afternoon],
      ['morningRunId', 'not-a-run'],
    ] as const) {
      const refused = await edit({ [field]: runId });
      expect(refused.status, `${field} ${runId}`).toBe(400);
      expect(refused.body.message).toBe(PLANNED_RUN_MESSAGES.runOfAnotherBus);
      expect(refused.body.issues).toEqual({ [field]: PLANNED_RUN_MESSAGES.runOfAnotherBus });
    }
    expect(await lulu()).toMatchObject({ afternoonRunId: runs.kg, morningRunId: null });
  });

  it('puts the child back on the rule with null', async () => {
    expect((await edit({ afternoonRunId: null })).status).toBe(200);
    expect((await lulu()).afternoonRunId).toBeNull();
    expect(await afternoonChildren(asAhmed)).toEqual({ 'Afternoon – KG': [], Afternoon: [] });
  });
});

describe('another bus home', () => {
  it("sends the child home on another bus, where she is on that bus's afternoon run and off her own bus's", async () => {
    const home = await edit({ afternoonDriverId: yusufDriverId });
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body.student).toMatchObject({ driverId: expect.any(String), afternoonDriverId: yusufDriverId });
    expect(await afternoonChildren(asYusuf)).toEqual({ Afternoon: ['Lulu'] });
    expect(await afternoonChildren(asAhmed)).toEqual({ 'Afternoon – KG': [], Afternoon: [] });
    // The morning is still her own bus's.
    const morning = (await asAhmed.get<DriverToday>('/api/driver/runs/today')).body.runs.find((run) => run.id === runs.morning)!;
    expect(morning.students.map((student) => student.firstName)).toEqual(['Lulu']);
    // Each driver's list names the ways she rides that bus.
    const listed = async (driver: HttpClient) =>
      (await driver.get<{ students: DriverStudent[] }>('/api/driver/students')).body.students.map((student) => [student.firstName, student.directions]);
    expect(await listed(asAhmed)).toEqual([['Lulu', ['morning']]]);
    expect(await listed(asYusuf)).toEqual([['Lulu', ['afternoon']]]);
    // Placed by hand on the bus home's run: a run of her morning bus is now another bus's.
    expect((await edit({ afternoonRunId: runs.kg })).status).toBe(400);
    expect((await edit({ afternoonRunId: runs.yusufAfternoon })).status).toBe(200);
  });

  it('refuses an unknown bus, and lets a placement go when the bus home changes back', async () => {
    const unknown = await edit({ afternoonDriverId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues).toEqual({ afternoonDriverId: STUDENT_MESSAGES.unknownDriver });

    const back = await edit({ afternoonDriverId: null });
    expect(back.status).toBe(200);
    // Yusuf's run is not one of her own bus's: she rides by school again.
    expect(back.body.student).toMatchObject({ afternoonDriverId: null, afternoonRunId: null });
    expect(await afternoonChildren(asYusuf)).toEqual({ Afternoon: [] });
    expect((await asYusuf.get<{ students: DriverStudent[] }>('/api/driver/students')).body.students).toEqual([]);
  });
});
