import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  PARENT_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  isSchoolDay,
  type SchoolCalendar,
  type AdminRun,
  type DriverToday,
  type RunMark,
  type ServiceType,
  type StudentToday,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createSchool } from '../../test/factories.js';
import { createFamily, type Family } from '../../test/families.js';
import { SetClock } from '../clock.js';
import { alertOverdueRuns } from './overdue.js';

/**
 * The school day end to end over HTTP, on a clock set to Bahrain mornings of December 2026
 * (Tuesday the 1st; Friday the 4th; National Day on Wednesday the 16th).
 */
const bh = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);
const clock = new SetClock(bh('2026-12-01', '05:00'));

let t: TestServer;
let asAdmin: HttpClient;
let driverA: Awaited<ReturnType<typeof createDriver>>;
let driverB: Awaited<ReturnType<typeof createDriver>>;
let asA: HttpClient;
let asB: HttpClient;
let school: { id: string };
let area: { id: string };

/** A family with one student on a driver's list, its parent signed in. */
const family = (firstName: string, driverId: string | null, serviceType: ServiceType = 'BOTH', deleted = false) =>
  createFamily(t, { schoolId: school.id, areaId: area.id, firstName, driverId, serviceType, deletedAt: deleted ? new Date() : null });

const today = async (client: HttpClient) => (await client.get<DriverToday>('/api/driver/runs/today')).body;
const statusOf = (answer: DriverToday, run: 'morning' | 'afternoon', studentId: string) =>
  answer.runs.find((each) => each.run === run && !each.coveringFor)?.students.find((student) => student.id === studentId);
let clientIds = 0;
const mark = (client: HttpClient, run: string, studentId: string, event: string, extra: Record<string, unknown> = {}) =>
  client.post<{ mark: RunMark; message?: string }>(`/api/driver/runs/${run}/marks`, { studentId, event, clientId: `phone-${clientIds++}`, ...extra });
const absence = (client: HttpClient, body: Record<string, unknown>) =>
  client.post<{ absence: { id: string; from: string; to: string; run: string; reason: string | null }; message?: string }>('/api/parent/absences', body);

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  driverA = await createDriver(t.db, 'driver-pass', 'Driver A');
  driverB = await createDriver(t.db, 'driver-pass', 'Driver B');
  asA = await t.signIn(driverA);
  asB = await t.signIn(driverB);
  school = await createSchool(t.db, 'Zahra School');
  area = await createArea(t.db);
  const saved = await asAdmin.put('/api/admin/settings/school-day', {
    noServiceDates: [{ date: '2026-12-16', name: 'National Day' }],
    officeAlertPhone: '17001122',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(() => t.close());

describe('the settings of the school day', () => {
  it('default to Sunday to Thursday, 06:00–08:00 and 13:00–15:00, and one hour before an open run is overdue', async () => {
    const { body } = await asAdmin.get<{ settings: Record<string, unknown> }>('/api/admin/settings/school-day');
    expect(body.settings).toEqual({
      schoolDays: ['sun', 'mon', 'tue', 'wed', 'thu'],
      noServiceDates: [{ date: '2026-12-16', name: 'National Day' }],
      morningStart: '06:00',
      morningEnd: '08:00',
      afternoonStart: '13:00',
      afternoonEnd: '15:00',
      officeAlertPhone: '17001122',
      overdueAfterHours: 1,
    });
  });

  it('refuse a planned end before the start, and stay off the public settings', async () => {
    const refused = await asAdmin.put('/api/admin/settings/school-day', { morningStart: '08:00', morningEnd: '07:00' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SCHOOL_DAY_MESSAGES.runEndBeforeStart);
    const publicSettings = await t.client().get('/api/settings');
    expect(publicSettings.body).not.toHaveProperty('officeAlertPhone');
  });
});

describe("the driver's day", () => {
  let both: Family;
  let morningOnly: Family;
  let afternoonOnly: Family;
  beforeAll(async () => {
    both = await family('Ali', driverA.driverId, 'BOTH');
    morningOnly = await family('Mariam', driverA.driverId, 'HOME_TO_SCHOOL');
    afternoonOnly = await family('Yusuf', driverA.driverId, 'SCHOOL_TO_HOME');
    await family('Deleted', driverA.driverId, 'BOTH', true);
  });

  it('lists both runs on a school day, each with the children who ride it, all expected', async () => {
    clock.set(bh('2026-12-01', '05:00'));
    const answer = await today(asA);
    expect(answer.date).toBe('2026-12-01');
    expect(answer.noService).toBeNull();
    expect(answer.runs.map((run) => [run.run, run.status, run.students.map((student) => student.firstName).sort()])).toEqual([
      ['morning', 'not_started', ['Ali', 'Mariam']],
      ['afternoon', 'not_started', ['Ali', 'Yusuf']],
    ]);
    expect(answer.runs[0]!.students.every((student) => student.status === 'expected' && student.absenceReason === null)).toBe(true);
  });

  it("takes today from Bahrain's clock: 00:30 in Bahrain is the next day", async () => {
    clock.set(new Date('2026-12-01T21:30:00Z'));
    expect((await today(asA)).date).toBe('2026-12-02');
  });

  it('has no run on a Friday nor on a no-service date, which it names', async () => {
    clock.set(bh('2026-12-04', '06:30'));
    expect(await today(asA)).toEqual({ date: '2026-12-04', noService: null, attendant: null, positionFromTracker: false, runs: [] });
    clock.set(bh('2026-12-16', '06:30'));
    expect(await today(asA)).toEqual({ date: '2026-12-16', noService: 'National Day', attendant: null, positionFromTracker: false, runs: [] });
    const started = await asA.post('/api/driver/runs/morning/start');
    expect(started.status).toBe(409);
    expect(started.body.message).toBe(SCHOOL_DAY_MESSAGES.noRunOnDate);
    expect((await mark(asA, 'morning', both.studentId, 'boarded')).status).toBe(409);
  });

  it("shows another driver none of driver A's children, and refuses their marks with 404", async () => {
    clock.set(bh('2026-12-02', '06:10'));
    const answerB = await today(asB);
    expect(answerB.runs.flatMap((run) => run.students)).toEqual([]);
    const refused = await mark(asB, 'morning', both.studentId, 'boarded');
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(SCHOOL_DAY_MESSAGES.studentNotOnRun);
    // A morning-only child is not on the afternoon run.
    expect((await mark(asA, 'afternoon', morningOnly.studentId, 'boarded')).status).toBe(404);
    expect((await mark(asA, 'evening', both.studentId, 'boarded')).status).toBe(400);
    expect(afternoonOnly.studentId).toBeTruthy();
  });
});

describe('absences', () => {
  let ali: Family;
  let sara: Family;
  let other: Family;
  beforeAll(async () => {
    ali = await family('Ali', driverA.driverId, 'BOTH');
    sara = await family('Sara', driverA.driverId, 'HOME_TO_SCHOOL');
    other = await family('Other', driverB.driverId, 'BOTH');
  });

  it("reports tomorrow's absence, which the driver's list shows with the reason", async () => {
    clock.set(bh('2026-12-06', '20:00'));
    const made = await absence(ali.parent, { studentId: ali.studentId, from: '2026-12-07', to: '2026-12-07', run: 'morning', reason: 'Fever' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.absence).toMatchObject({ studentId: ali.studentId, from: '2026-12-07', to: '2026-12-07', run: 'morning', reason: 'Fever' });
    const listed = await ali.parent.get<{ absences: { id: string }[] }>('/api/parent/absences');
    expect(listed.body.absences.map((each) => each.id)).toEqual([made.body.absence.id]);
    clock.set(bh('2026-12-07', '05:30'));
    const answer = await today(asA);
    expect(statusOf(answer, 'morning', ali.studentId)).toMatchObject({ status: 'absent', absenceReason: 'Fever' });
    expect(statusOf(answer, 'afternoon', ali.studentId)).toMatchObject({ status: 'expected', absenceReason: null });
  });

  it('refuses a range ending before it starts or longer than 31 days, with a clear message', async () => {
    clock.set(bh('2026-12-06', '20:00'));
    const backwards = await absence(ali.parent, { studentId: ali.studentId, from: '2026-12-10', to: '2026-12-08', run: 'both' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe(SCHOOL_DAY_MESSAGES.absenceToBeforeFrom);
    const long = await absence(ali.parent, { studentId: ali.studentId, from: '2026-12-08', to: '2027-01-08', run: 'both' });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(SCHOOL_DAY_MESSAGES.absenceTooLong);
    const badDate = await absence(ali.parent, { studentId: ali.studentId, from: '2026-02-30', to: '2026-03-01', run: 'both' });
    expect(badDate.status).toBe(400);
  });

  it('skips the weekend and holidays inside a range, and refuses a range with no school day', async () => {
    clock.set(bh('2026-12-06', '20:00'));
    const weekendOnly = await absence(ali.parent, { studentId: ali.studentId, from: '2026-12-11', to: '2026-12-12', run: 'both' });
    expect(weekendOnly.status).toBe(400);
    expect(weekendOnly.body.message).toBe(SCHOOL_DAY_MESSAGES.absenceNoSchoolDay);
    const holiday = await absence(ali.parent, { studentId: ali.studentId, from: '2026-12-16', to: '2026-12-16', run: 'both' });
    expect(holiday.status).toBe(400);
    const overWeekend = await absence(ali.parent, { studentId: ali.studentId, from: '2026-12-10', to: '2026-12-17', run: 'both', reason: 'Travel' });
    expect(overWeekend.status, JSON.stringify(overWeekend.body)).toBe(201);
    const overlapping = await absence(ali.parent, { studentId: ali.studentId, from: '2026-12-14', to: '2026-12-14', run: 'afternoon' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.message).toBe(SCHOOL_DAY_MESSAGES.absenceOverlaps);
  });

  it("gives the family's calendar the school week and the no-service dates, and nothing else of the settings", async () => {
    const answer = await ali.parent.get<{ result: { data: { calendar: SchoolCalendar } } }>('/trpc/parent.schoolCalendar');
    expect(answer.status).toBe(200);
    expect(answer.body.result.data.calendar).toEqual({
      schoolDays: ['sun', 'mon', 'tue', 'wed', 'thu'],
      noServiceDates: [{ date: '2026-12-16', name: 'National Day' }],
    });
    // The office's alert phone is not for families.
    expect(JSON.stringify(answer.body)).not.toContain('17001122');
    expect((await t.client().get('/trpc/parent.schoolCalendar')).status).toBe(401);
    expect((await (await t.signIn(driverA)).get('/trpc/parent.schoolCalendar')).status).toBe(403);
  });

  it('accepts an absence on exactly the days the calendar offers', async () => {
    clock.set(bh('2026-12-06', '20:00'));
    const calendar = (await ali.parent.get<{ result: { data: { calendar: SchoolCalendar } } }>('/trpc/parent.schoolCalendar')).body.result.data.calendar;
    const fresh = await family('Calendar', driverA.driverId, 'BOTH');
    for (let day = 7; day <= 19; day++) {
      const date = `2026-12-${String(day).padStart(2, '0')}`;
      const answer = await absence(fresh.parent, { studentId: fresh.studentId, from: date, to: date, run: 'morning' });
      expect(answer.status, `${date}: ${JSON.stringify(answer.body)}`).toBe(isSchoolDay(calendar, date) ? 201 : 400);
    }
  });

  it("lets a student on one run choose it or 'both', not the other run", async () => {
    clock.set(bh('2026-12-06', '20:00'));
    const wrongRun = await absence(sara.parent, { studentId: sara.studentId, from: '2026-12-08', to: '2026-12-08', run: 'afternoon' });
    expect(wrongRun.status).toBe(400);
    expect(wrongRun.body.message).toBe(SCHOOL_DAY_MESSAGES.studentNotOnRun);
    expect((await absence(sara.parent, { studentId: sara.studentId, from: '2026-12-08', to: '2026-12-08', run: 'both' })).status).toBe(201);
  });

  it("answers 404 for another family's student or absence", async () => {
    clock.set(bh('2026-12-06', '20:00'));
    const theirs = await absence(other.parent, { studentId: other.studentId, from: '2026-12-09', to: '2026-12-09', run: 'both' });
    expect(theirs.status).toBe(201);
    const forOthersChild = await absence(ali.parent, { studentId: other.studentId, from: '2026-12-09', to: '2026-12-09', run: 'both' });
    expect(forOthersChild.status).toBe(404);
    expect(forOthersChild.body.message).toBe(PARENT_MESSAGES.studentNotFound);
    const cancelOthers = await ali.parent.request('DELETE', `/api/parent/absences/${theirs.body.absence.id}`);
    expect(cancelOthers.status).toBe(404);
    expect(cancelOthers.body.message).toBe(SCHOOL_DAY_MESSAGES.absenceNotFound);
    expect((await ali.parent.get<StudentToday>(`/api/parent/students/${other.studentId}/today`)).status).toBe(404);
    const stillThere = await other.parent.get<{ absences: { id: string }[] }>('/api/parent/absences');
    expect(stillThere.body.absences.map((each) => each.id)).toContain(theirs.body.absence.id);
  });
});

describe('the cut-off of an absence', () => {
  let ali: Family;
  let huda: Family;
  beforeAll(async () => {
    ali = await family('Ali', driverB.driverId, 'BOTH');
    huda = await family('Huda', driverB.driverId, 'BOTH');
  });

  it('closes a run when the driver presses Start, even before its planned time', async () => {
    clock.set(bh('2026-12-08', '05:30'));
    const before = await absence(ali.parent, { studentId: ali.studentId, from: '2026-12-08', to: '2026-12-08', run: 'morning', reason: 'Ill' });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    // Cancelled before the run starts: the child rides after all.
    const cancelled = await ali.parent.request<{ absence: { id: string } }>('DELETE', `/api/parent/absences/${before.body.absence.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.absence.id).toBe(before.body.absence.id);
    expect((await ali.parent.get<{ absences: unknown[] }>('/api/parent/absences')).body.absences).toEqual([]);

    clock.set(bh('2026-12-08', '05:40'));
    const started = await asB.post<{ run: { run: string; status: string; startedAt: string } }>('/api/driver/runs/morning/start');
    expect(started.status).toBe(200);
    expect(started.body.run).toMatchObject({ run: 'morning', date: '2026-12-08', status: 'in_progress', startedAt: bh('2026-12-08', '05:40').toISOString() });
    clock.set(bh('2026-12-08', '05:45'));
    const after = await absence(huda.parent, { studentId: huda.studentId, from: '2026-12-08', to: '2026-12-08', run: 'morning' });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('Too late to report an absence for this run. Please call the driver.');
    // The afternoon run has not started: still open.
    expect((await absence(huda.parent, { studentId: huda.studentId, from: '2026-12-08', to: '2026-12-08', run: 'afternoon' })).status).toBe(201);
  });

  it('closes a run when its planned start passes, even if the driver has not pressed Start', async () => {
    clock.set(bh('2026-12-08', '12:59'));
    const justBefore = await absence(ali.parent, { studentId: ali.studentId, from: '2026-12-08', to: '2026-12-08', run: 'afternoon' });
    expect(justBefore.status).toBe(201);
    clock.set(bh('2026-12-08', '13:00'));
    const cancel = await ali.parent.request('DELETE', `/api/parent/absences/${justBefore.body.absence.id}`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(SCHOOL_DAY_MESSAGES.tooLateForAbsence);
  });

  it('ends an absence under way early when it is cancelled, keeping the days already past', async () => {
    clock.set(bh('2026-12-08', '20:00'));
    const week = await absence(huda.parent, { studentId: huda.studentId, from: '2026-12-09', to: '2026-12-14', run: 'both' });
    expect(week.status).toBe(201);
    clock.set(bh('2026-12-10', '14:00'));
    const cancelled = await huda.parent.request<{ absence: { to: string } }>('DELETE', `/api/parent/absences/${week.body.absence.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.absence.to).toBe('2026-12-10');
  });

  it('lets the office record and cancel an absence for a family, audited', async () => {
    clock.set(bh('2026-12-08', '20:00'));
    const made = await asAdmin.post<{ absence: { id: string } }>('/api/admin/absences', {
      studentId: huda.studentId,
      from: '2026-12-15',
      to: '2026-12-15',
      run: 'morning',
      reason: 'Phoned',
    });
    expect(made.status).toBe(201);
    const listed = await asAdmin.get<{ absences: { id: string; student: { firstName: string } }[] }>('/api/admin/absences?date=2026-12-15');
    expect(listed.body.absences.map((each) => [each.id, each.student.firstName])).toContainEqual([made.body.absence.id, 'Huda']);
    expect((await asAdmin.request('DELETE', `/api/admin/absences/${made.body.absence.id}`)).status).toBe(200);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action'])
      .where('entityType', '=', 'absence')
      .where('entityId', '=', made.body.absence.id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'cancel']);
  });
});

describe('marks', () => {
  let ali: Family;
  let noor: Family;
  let zaid: Family;
  let driverC: Awaited<ReturnType<typeof createDriver>>;
  let asC: HttpClient;
  beforeAll(async () => {
    driverC = await createDriver(t.db);
    asC = await t.signIn(driverC);
    ali = await family('Ali', driverC.driverId, 'BOTH');
    noor = await family('Noor', driverC.driverId, 'BOTH');
    zaid = await family('Zaid', driverC.driverId, 'BOTH');
  });

  it('records the same clientId once, even when it arrives twice at the same moment', async () => {
    clock.set(bh('2026-12-09', '06:20'));
    const body = { studentId: ali.studentId, event: 'boarded', clientId: 'phone-same-1', at: bh('2026-12-09', '06:15').toISOString() };
    const [first, second] = await Promise.all([
      asC.post<{ mark: RunMark }>('/api/driver/runs/morning/marks', body),
      asC.post<{ mark: RunMark }>('/api/driver/runs/morning/marks', body),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.mark.id).toBe(second.body.mark.id);
    expect(first.body).toEqual(second.body);
    expect(first.body.mark).toMatchObject({
      studentId: ali.studentId,
      run: 'morning',
      date: '2026-12-09',
      event: 'boarded',
      at: bh('2026-12-09', '06:15').toISOString(),
      clientId: 'phone-same-1',
    });
    const again = await asC.post<{ mark: RunMark }>('/api/driver/runs/morning/marks', body);
    expect(again.status).toBe(200);
    const rows = await t.db.selectFrom('runMarks').select('id').where('clientId', '=', 'phone-same-1').execute();
    expect(rows).toHaveLength(1);
    // The first mark started the run the driver had not started.
    const answer = await today(asC);
    expect(answer.runs[0]).toMatchObject({ run: 'morning', status: 'in_progress', startedAt: bh('2026-12-09', '06:15').toISOString() });
  });

  it('follows the state rules: no drop before boarding, no return to school in the morning, a late child may board after a no-show', async () => {
    clock.set(bh('2026-12-09', '06:30'));
    const dropFirst = await mark(asC, 'morning', noor.studentId, 'dropped');
    expect(dropFirst.status).toBe(409);
    expect(dropFirst.body.message).toBe(SCHOOL_DAY_MESSAGES.boardFirst);
    expect((await mark(asC, 'morning', noor.studentId, 'no_show')).status).toBe(201);
    const noShowTwice = await mark(asC, 'morning', noor.studentId, 'no_show');
    expect(noShowTwice.status).toBe(409);
    expect((await mark(asC, 'morning', noor.studentId, 'boarded')).status).toBe(201);
    const boardTwice = await mark(asC, 'morning', noor.studentId, 'boarded');
    expect(boardTwice.status).toBe(409);
    expect(boardTwice.body.message).toBe(SCHOOL_DAY_MESSAGES.alreadyOnBus);
    const returned = await mark(asC, 'morning', noor.studentId, 'returned_to_school');
    expect(returned.status).toBe(409);
    expect(returned.body.message).toBe(SCHOOL_DAY_MESSAGES.returnOnlyAfternoon);
    const tooOld = await mark(asC, 'morning', zaid.studentId, 'boarded', { at: bh('2026-12-08', '06:00').toISOString() });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.message).toBe(SCHOOL_DAY_MESSAGES.markTimeInvalid);
    const future = await mark(asC, 'morning', zaid.studentId, 'boarded', { at: bh('2026-12-09', '06:50').toISOString() });
    expect(future.status).toBe(400);
  });

  it('refuses End while a child who boarded is on the bus, naming them, and ends once they are dropped', async () => {
    clock.set(bh('2026-12-09', '07:10'));
    const refused = await asC.post<{ message: string; students: { id: string; firstName: string; lastName: string }[] }>('/api/driver/runs/morning/end');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('2 children are still on the bus: Ali Test, Noor Test');
    expect(refused.body.students.map((student) => student.id)).toEqual([ali.studentId, noor.studentId]);
    expect((await mark(asC, 'morning', ali.studentId, 'dropped')).status).toBe(201);
    const oneLeft = await asC.post<{ message: string }>('/api/driver/runs/morning/end');
    expect(oneLeft.body.message).toBe('1 child is still on the bus: Noor Test');
    expect((await mark(asC, 'morning', noor.studentId, 'dropped')).status).toBe(201);
    // Nobody marked Zaid: a finished run accounts for every child, so End names him too.
    const unmarked = await asC.post<{ message: string; code: string; students: { id: string }[] }>('/api/driver/runs/morning/end');
    expect(unmarked.status).toBe(409);
    expect(unmarked.body.message).toBe('1 child is not marked yet: Zaid Test');
    expect(unmarked.body.code).toBe('schoolDay.notMarked_one');
    expect(unmarked.body.students.map((student) => student.id)).toEqual([zaid.studentId]);
    expect((await mark(asC, 'morning', zaid.studentId, 'no_show')).status).toBe(201);
    const ended = await asC.post<{ run: { status: string; endedAt: string } }>('/api/driver/runs/morning/end');
    expect(ended.status).toBe(200);
    expect(ended.body.run).toMatchObject({ status: 'done', endedAt: bh('2026-12-09', '07:10').toISOString() });
    const answer = await today(asC);
    expect(answer.runs[0]!.students.map((student) => [student.firstName, student.status])).toEqual([
      ['Ali', 'dropped'],
      ['Noor', 'dropped'],
      ['Zaid', 'no_show'],
    ]);
    // A mark made after the run ended is refused; one made while it was open still counts.
    clock.set(bh('2026-12-09', '07:30'));
    const late = await mark(asC, 'morning', zaid.studentId, 'boarded');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(SCHOOL_DAY_MESSAGES.runEnded);
    expect((await mark(asC, 'morning', zaid.studentId, 'boarded', { at: bh('2026-12-09', '06:40').toISOString() })).status).toBe(201);
  });

  it('lands marks queued on the phone before midnight on the run of their own date', async () => {
    clock.set(bh('2026-12-09', '13:30'));
    expect((await asC.post('/api/driver/runs/afternoon/start')).status).toBe(200);
    // The phone lost signal: Ali's boarding and drop-off, the others not here, and End wait on the phone.
    // Sent after midnight, in order, with their date and their own times.
    clock.set(bh('2026-12-10', '00:20'));
    const boarded = await mark(asC, 'afternoon', ali.studentId, 'boarded', { date: '2026-12-09', at: bh('2026-12-09', '13:40').toISOString() });
    expect(boarded.status, JSON.stringify(boarded.body)).toBe(201);
    expect(boarded.body.mark).toMatchObject({ date: '2026-12-09', run: 'afternoon', at: bh('2026-12-09', '13:40').toISOString() });
    expect((await mark(asC, 'afternoon', ali.studentId, 'dropped', { date: '2026-12-09', at: bh('2026-12-09', '14:05').toISOString() })).status).toBe(201);
    for (const other of [noor, zaid])
      expect((await mark(asC, 'afternoon', other.studentId, 'no_show', { date: '2026-12-09', at: bh('2026-12-09', '13:45').toISOString() })).status).toBe(201);
    expect((await asC.post('/api/driver/runs/afternoon/end', { date: '2026-12-09' })).status).toBe(200);
    const runs = (await asAdmin.get<{ runs: AdminRun[] }>('/api/admin/runs?date=2026-12-09')).body.runs;
    expect(runs.find((run) => run.driver.id === driverC.driverId && run.run === 'afternoon')).toMatchObject({
      status: 'done',
      dropped: 1,
      noShow: 2,
      expected: 0,
    });
    // Today's (the 10th's) afternoon run knows nothing of them.
    clock.set(bh('2026-12-10', '06:00'));
    expect(statusOf(await today(asC), 'afternoon', ali.studentId)?.status).toBe('expected');
  });

  it("shows the parent the day's events with their times", async () => {
    clock.set(bh('2026-12-09', '16:00'));
    const { status, body } = await ali.parent.get<StudentToday>(`/api/parent/students/${ali.studentId}/today`);
    expect(status).toBe(200);
    expect(body.date).toBe('2026-12-09');
    expect(body.morning).toEqual({
      run: { id: expect.any(String), name: 'Morning' },
      bus: { id: expect.any(String), name: expect.any(String) },
      status: 'dropped',
      absenceReason: null,
      events: [
        { event: 'boarded', at: bh('2026-12-09', '06:15').toISOString(), markedBy: { role: 'driver', name: 'Test Driver' }, receivedBy: null },
        { event: 'dropped', at: bh('2026-12-09', '07:10').toISOString(), markedBy: { role: 'driver', name: 'Test Driver' }, receivedBy: null },
      ],
    });
    expect(body.afternoon?.status).toBe('dropped');
  });
});

describe("the family's messages", () => {
  let ali: Family;
  let noor: Family;
  let driverD: Awaited<ReturnType<typeof createDriver>>;
  let asD: HttpClient;
  beforeAll(async () => {
    driverD = await createDriver(t.db);
    asD = await t.signIn(driverD);
    ali = await family('Ali', driverD.driverId, 'BOTH');
    noor = await family('Noor', driverD.driverId, 'BOTH');
  });
  const messagesOf = (markId: string) =>
    t.db.selectFrom('notifications').select(['templateKey', 'payload', 'idempotencyKey']).where('idempotencyKey', '=', `run_mark:${markId}`).execute();

  it('always sends a no-show, and boarded and dropped only when the family turned them on', async () => {
    clock.set(bh('2026-12-14', '06:20'));
    const noShow = await mark(asD, 'morning', noor.studentId, 'no_show');
    expect((await messagesOf(noShow.body.mark.id)).map((row) => row.templateKey)).toEqual(['student_no_show']);
    const boardedQuietly = await mark(asD, 'morning', ali.studentId, 'boarded');
    expect(await messagesOf(boardedQuietly.body.mark.id)).toEqual([]);

    expect((await ali.parent.get('/api/parent/school-day-messages')).body).toEqual({ messages: { boardedAndDropped: false, tomorrow: false } });
    expect((await ali.parent.put('/api/parent/school-day-messages', { boardedAndDropped: true })).body).toEqual({
      messages: { boardedAndDropped: true, tomorrow: false },
    });
    const dropped = await mark(asD, 'morning', ali.studentId, 'dropped');
    const rows = await messagesOf(dropped.body.mark.id);
    expect(rows.map((row) => [row.templateKey, row.payload])).toEqual([
      ['student_dropped', { studentName: 'Ali Test', run: 'morning', at: dropped.body.mark.at, schoolName: 'Zahra School' }],
    ]);
  });

  it('writes the message in the same transaction as the mark: no message, no mark', async () => {
    clock.set(bh('2026-12-14', '13:20'));
    // The outbox refuses this one message: the mark must not stay without it.
    await sql`CREATE FUNCTION refuse_no_show() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.template_key = 'student_no_show' THEN RAISE EXCEPTION 'outbox refused'; END IF; RETURN NEW; END $$`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER refuse_no_show BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_no_show()`.execute(t.db);
    try {
      const failed = await mark(asD, 'afternoon', noor.studentId, 'no_show', { clientId: 'phone-outbox-fails' });
      expect(failed.status).toBe(500);
      expect(await t.db.selectFrom('runMarks').select('id').where('clientId', '=', 'phone-outbox-fails').execute()).toEqual([]);
    } finally {
      await sql`DROP TRIGGER refuse_no_show ON notifications`.execute(t.db);
      await sql`DROP FUNCTION refuse_no_show()`.execute(t.db);
    }
    const retried = await mark(asD, 'afternoon', noor.studentId, 'no_show', { clientId: 'phone-outbox-fails' });
    expect(retried.status).toBe(201);
    expect((await messagesOf(retried.body.mark.id)).map((row) => row.templateKey)).toEqual(['student_no_show']);
    // Sent again by the phone: still one message.
    expect((await mark(asD, 'afternoon', noor.studentId, 'no_show', { clientId: 'phone-outbox-fails' })).status).toBe(200);
    expect(await messagesOf(retried.body.mark.id)).toHaveLength(1);
  });
});

describe('undoing a mark', () => {
  let sara: Family;
  let omar: Family;
  let driverE: Awaited<ReturnType<typeof createDriver>>;
  let asE: HttpClient;
  beforeAll(async () => {
    driverE = await createDriver(t.db);
    asE = await t.signIn(driverE);
    sara = await family('Sara', driverE.driverId, 'BOTH');
    omar = await family('Omar', driverE.driverId, 'BOTH');
    expect((await sara.parent.put('/api/parent/school-day-messages', { boardedAndDropped: true })).status).toBe(200);
  });
  const undo = (client: HttpClient, run: string, studentId: string, undoes: string | undefined, clientId = `undo-${clientIds++}`) =>
    client.post<{ mark: RunMark; message?: string }>(`/api/driver/runs/${run}/marks`, { studentId, event: 'undo', undoes, clientId });
  const messagesOf = (markId: string) =>
    t.db
      .selectFrom('notifications')
      .select(['templateKey', 'status', 'payload'])
      .where('idempotencyKey', 'in', [`run_mark:${markId}`, `run_mark_undone:${markId}`])
      .execute();

  it("undoes a wrong tap within 2 minutes: the child's status returns, the unsent message is cancelled, the mark stays in the records, audited", async () => {
    clock.set(bh('2026-12-15', '06:20'));
    const boarded = await mark(asE, 'morning', sara.studentId, 'boarded');
    expect(boarded.status).toBe(201);
    expect(boarded.body.mark).toMatchObject({ event: 'boarded', status: 'boarded', undoes: null });
    expect((await messagesOf(boarded.body.mark.id)).map((row) => row.templateKey)).toEqual(['student_boarded']);

    clock.set(new Date(bh('2026-12-15', '06:20').getTime() + 110_000));
    const undone = await undo(asE, 'morning', sara.studentId, boarded.body.mark.id, 'undo-sara-1');
    expect(undone.status, JSON.stringify(undone.body)).toBe(201);
    expect(undone.body.mark).toMatchObject({
      event: 'undo',
      undoes: boarded.body.mark.id,
      studentId: sara.studentId,
      status: 'expected',
      clientId: 'undo-sara-1',
    });
    expect(statusOf(await today(asE), 'morning', sara.studentId)?.status).toBe('expected');
    // The family never hears of the wrong tap.
    expect(await messagesOf(boarded.body.mark.id)).toEqual([]);
    // Sent again (a lost answer): the same undo, recorded once.
    const again = await undo(asE, 'morning', sara.studentId, boarded.body.mark.id, 'undo-sara-1');
    expect(again.status).toBe(200);
    expect(again.body.mark.id).toBe(undone.body.mark.id);
    const row = await t.db.selectFrom('runMarks').select(['event', 'undoneAt']).where('id', '=', boarded.body.mark.id).executeTakeFirstOrThrow();
    expect(row.event).toBe('boarded');
    expect(row.undoneAt).not.toBeNull();
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'diff', 'actorUserId'])
      .where('action', '=', 'undo_mark')
      .where('entityType', '=', 'run')
      .execute();
    expect(audit.filter((entry) => (entry.diff as { markId: string }).markId === boarded.body.mark.id)).toEqual([
      expect.objectContaining({
        actorUserId: driverE.id,
        diff: expect.objectContaining({ studentId: sara.studentId, event: 'boarded', message: 'cancelled' }),
      }),
    ]);
    // The office's counts and the parent's day read the child's status without the undone mark.
    const runs = (await asAdmin.get<{ runs: AdminRun[] }>('/api/admin/runs?date=2026-12-15')).body.runs;
    expect(runs.find((run) => run.driver.id === driverE.driverId && run.run === 'morning')).toMatchObject({ boarded: 0, expected: 2 });
    expect((await sara.parent.get<StudentToday>(`/api/parent/students/${sara.studentId}/today`)).body.morning).toMatchObject({
      status: 'expected',
      events: [],
    });
  });

  it('follows a message already sent with a correction', async () => {
    clock.set(bh('2026-12-15', '06:30'));
    const boarded = await mark(asE, 'morning', sara.studentId, 'boarded');
    await t.db
      .updateTable('notifications')
      .set({ status: 'sent', sentAt: new Date() })
      .where('idempotencyKey', '=', `run_mark:${boarded.body.mark.id}`)
      .execute();
    const undone = await undo(asE, 'morning', sara.studentId, boarded.body.mark.id);
    expect(undone.status).toBe(201);
    const rows = await messagesOf(boarded.body.mark.id);
    expect(rows.map((row) => [row.templateKey, row.status])).toEqual(
      expect.arrayContaining([
        ['student_boarded', 'sent'],
        ['mark_undone', 'pending'],
      ]),
    );
    expect(rows.find((row) => row.templateKey === 'mark_undone')?.payload).toEqual({ studentName: 'Sara Test', event: 'boarded', at: boarded.body.mark.at });
  });

  it("refuses an undo after 2 minutes, of a mark not the child's latest, of another child's mark, without a mark named, and once the run ended", async () => {
    clock.set(bh('2026-12-15', '06:40'));
    const boarded = await mark(asE, 'morning', omar.studentId, 'boarded');
    clock.set(bh('2026-12-15', '06:41'));
    const dropped = await mark(asE, 'morning', omar.studentId, 'dropped');
    const notLatest = await undo(asE, 'morning', omar.studentId, boarded.body.mark.id);
    expect(notLatest.status).toBe(409);
    expect(notLatest.body.message).toBe(SCHOOL_DAY_MESSAGES.undoNotLatest);
    const otherChild = await undo(asE, 'morning', sara.studentId, dropped.body.mark.id);
    expect(otherChild.status).toBe(404);
    expect(otherChild.body.message).toBe(SCHOOL_DAY_MESSAGES.markNotFound);
    const unnamed = await undo(asE, 'morning', omar.studentId, undefined);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe(SCHOOL_DAY_MESSAGES.undoesRequired);
    // Another driver cannot touch this run's marks at all.
    const stranger = await undo(asA, 'morning', omar.studentId, dropped.body.mark.id);
    expect(stranger.status).toBe(404);

    clock.set(new Date(bh('2026-12-15', '06:41').getTime() + 121_000));
    const late = await undo(asE, 'morning', omar.studentId, dropped.body.mark.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(SCHOOL_DAY_MESSAGES.undoTooLate);
    expect(statusOf(await today(asE), 'morning', omar.studentId)?.status).toBe('dropped');

    expect((await mark(asE, 'morning', sara.studentId, 'boarded')).status).toBe(201);
    const saraDropped = await mark(asE, 'morning', sara.studentId, 'dropped');
    expect((await asE.post('/api/driver/runs/morning/end')).status).toBe(200);
    const afterEnd = await undo(asE, 'morning', sara.studentId, saraDropped.body.mark.id);
    expect(afterEnd.status).toBe(409);
    expect(afterEnd.body.message).toBe(SCHOOL_DAY_MESSAGES.runEnded);
  });
});

describe('the overdue run', () => {
  let ali: Family;
  let driverE: Awaited<ReturnType<typeof createDriver>>;
  let asE: HttpClient;
  beforeAll(async () => {
    driverE = await createDriver(t.db, 'driver-pass', 'Driver E');
    asE = await t.signIn(driverE);
    ali = await family('Ali', driverE.driverId, 'BOTH');
  });
  const alerts = () => t.db.selectFrom('notifications').select(['recipient', 'payload']).where('templateKey', '=', 'run_overdue').execute();

  it("alerts the office's phone once, an hour after the planned end, and shows the run first and overdue", async () => {
    clock.set(bh('2026-12-15', '13:10'));
    expect((await mark(asE, 'afternoon', ali.studentId, 'boarded')).status).toBe(201);
    clock.set(bh('2026-12-15', '15:59'));
    expect(await alertOverdueRuns(t.db, clock.now())).toBe(0);
    const notYet = (await asAdmin.get<{ runs: AdminRun[] }>('/api/admin/runs?date=2026-12-15')).body.runs.find(
      (run) => run.driver.id === driverE.driverId && run.run === 'afternoon',
    );
    expect(notYet?.overdue).toBe(false);

    clock.set(bh('2026-12-15', '16:00'));
    expect(await alertOverdueRuns(t.db, clock.now())).toBe(1);
    expect(await alertOverdueRuns(t.db, clock.now())).toBe(0);
    clock.set(bh('2026-12-15', '17:00'));
    expect(await alertOverdueRuns(t.db, clock.now())).toBe(0);
    expect(await alerts()).toEqual([
      {
        recipient: '17001122',
        payload: { driverName: 'Driver E', driverPhone: driverE.phone, run: 'afternoon', date: '2026-12-15', studentNames: ['Ali Test'] },
      },
    ]);

    const { body } = await asAdmin.get<{ runs: AdminRun[] }>('/api/admin/runs');
    expect(body.runs[0]).toMatchObject({
      driver: { id: driverE.driverId, name: 'Driver E' },
      run: 'afternoon',
      status: 'in_progress',
      overdue: true,
      boarded: 1,
      expected: 0,
    });
  });
});

describe('the office acting for a driver', () => {
  let ali: Family;
  let driverF: Awaited<ReturnType<typeof createDriver>>;
  let driverG: Awaited<ReturnType<typeof createDriver>>;
  let asF: HttpClient;
  let asG: HttpClient;
  beforeAll(async () => {
    driverF = await createDriver(t.db, 'driver-pass', 'Driver F');
    driverG = await createDriver(t.db);
    asF = await t.signIn(driverF);
    asG = await t.signIn(driverG);
    ali = await family('Ali', driverF.driverId, 'BOTH');
  });

  it('marks and ends a run for a driver whose phone is dead, audited with the office member', async () => {
    clock.set(bh('2026-12-17', '06:30'));
    const marked = await asAdmin.post<{ mark: RunMark }>(`/api/admin/drivers/${driverF.driverId}/runs/morning/marks`, {
      studentId: ali.studentId,
      event: 'boarded',
      clientId: 'office-1',
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(201);
    expect(
      (await asAdmin.post(`/api/admin/drivers/${driverF.driverId}/runs/morning/marks`, { studentId: ali.studentId, event: 'boarded', clientId: 'office-1' }))
        .status,
    ).toBe(200);
    expect((await asAdmin.post(`/api/admin/drivers/${driverF.driverId}/runs/morning/end`, {})).status).toBe(409);
    expect(
      (await asAdmin.post(`/api/admin/drivers/${driverF.driverId}/runs/morning/marks`, { studentId: ali.studentId, event: 'dropped', clientId: 'office-2' }))
        .status,
    ).toBe(201);
    expect((await asAdmin.post(`/api/admin/drivers/${driverF.driverId}/runs/morning/end`, {})).status).toBe(200);
    const audit = await t.db.selectFrom('auditLogs').select(['action', 'diff']).where('entityType', '=', 'run').orderBy('createdAt').execute();
    expect(audit.filter((row) => row.diff.driverId === driverF.driverId).map((row) => [row.action, row.diff.markedBy ?? row.diff.endedBy])).toEqual([
      ['mark', 'Test Admin'],
      ['mark', 'Test Admin'],
      ['end', 'Test Admin'],
    ]);
    expect(statusOf(await today(asF), 'morning', ali.studentId)?.status).toBe('dropped');
  });

  it("hands one day's run to a substitute, who sees it and marks it as their own", async () => {
    clock.set(bh('2026-12-17', '11:00'));
    const past = await asAdmin.put(`/api/admin/drivers/${driverF.driverId}/runs/afternoon/substitute`, {
      date: '2026-12-15',
      substituteDriverId: driverG.driverId,
    });
    expect(past.status).toBe(409);
    const friday = await asAdmin.put(`/api/admin/drivers/${driverF.driverId}/runs/afternoon/substitute`, {
      date: '2026-12-18',
      substituteDriverId: driverG.driverId,
    });
    expect(friday.body.message).toBe(SCHOOL_DAY_MESSAGES.noRunOnDate);
    const self = await asAdmin.put(`/api/admin/drivers/${driverF.driverId}/runs/afternoon/substitute`, {
      date: '2026-12-17',
      substituteDriverId: driverF.driverId,
    });
    expect(self.status).toBe(400);
    const handed = await asAdmin.put<{ run: AdminRun }>(`/api/admin/drivers/${driverF.driverId}/runs/afternoon/substitute`, {
      date: '2026-12-17',
      substituteDriverId: driverG.driverId,
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect(handed.body.run.substitute?.id).toBe(driverG.driverId);
    const answerG = await today(asG);
    const covered = answerG.runs.find((run) => run.coveringFor);
    expect(covered).toMatchObject({ run: 'afternoon', coveringFor: { id: driverF.driverId, name: 'Driver F' } });
    expect(covered?.students.map((student) => student.id)).toEqual([ali.studentId]);
    expect((await today(asF)).runs.find((run) => run.run === 'afternoon')?.handedTo?.id).toBe(driverG.driverId);

    clock.set(bh('2026-12-17', '13:10'));
    const byOwner = await mark(asF, 'afternoon', ali.studentId, 'boarded');
    expect(byOwner.status).toBe(409);
    expect(byOwner.body.message).toBe(SCHOOL_DAY_MESSAGES.runHandedOver);
    expect((await asG.post('/api/driver/runs/afternoon/start')).status).toBe(200);
    expect((await mark(asG, 'afternoon', ali.studentId, 'boarded')).status).toBe(201);
    const refused = await asG.post<{ students: { id: string }[] }>('/api/driver/runs/afternoon/end');
    expect(refused.status).toBe(409);
    expect(refused.body.students.map((student) => student.id)).toEqual([ali.studentId]);
    // The next day the run is the driver's own again.
    clock.set(bh('2026-12-20', '06:00'));
    expect((await today(asG)).runs.some((run) => run.coveringFor)).toBe(false);
  });
});

describe("the office's view of a driver's run", () => {
  let huda: Family;
  let omar: Family;
  let zaid: Family;
  let driverH: Awaited<ReturnType<typeof createDriver>>;
  let asH: HttpClient;
  const officeRun = (driverId: string, run: string, query = '') =>
    asAdmin.get<{ run: DriverToday['runs'][number]; message?: string }>(`/api/admin/drivers/${driverId}/runs/${run}${query}`);
  beforeAll(async () => {
    driverH = await createDriver(t.db);
    asH = await t.signIn(driverH);
    huda = await family('Huda', driverH.driverId, 'BOTH');
    omar = await family('Omar', driverH.driverId, 'HOME_TO_SCHOOL');
    zaid = await family('Zaid', driverH.driverId, 'SCHOOL_TO_HOME');
  });

  it("answers one run exactly as the driver's screen has it: each child's status, the absent with the reason", async () => {
    clock.set(bh('2026-12-21', '05:00'));
    expect((await absence(omar.parent, { studentId: omar.studentId, from: '2026-12-21', to: '2026-12-21', run: 'morning', reason: 'Fever' })).status).toBe(201);
    const seen = await officeRun(driverH.driverId, 'morning');
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.run).toEqual((await today(asH)).runs[0]);
    expect(seen.body.run).toMatchObject({
      run: 'morning',
      date: '2026-12-21',
      status: 'not_started',
      plannedStart: bh('2026-12-21', '06:00').toISOString(),
      plannedEnd: bh('2026-12-21', '08:00').toISOString(),
    });
    expect(seen.body.run.students.map((student) => [student.firstName, student.status, student.absenceReason]).sort()).toEqual([
      ['Huda', 'expected', null],
      ['Omar', 'absent', 'Fever'],
    ]);
    const afternoon = (await officeRun(driverH.driverId, 'afternoon')).body.run;
    expect(afternoon.students.map((student) => student.id).sort()).toEqual([huda.studentId, zaid.studentId].sort());

    // A mark made for the driver shows at once, and the run is under way.
    clock.set(bh('2026-12-21', '06:20'));
    expect(
      (await asAdmin.post(`/api/admin/drivers/${driverH.driverId}/runs/morning/marks`, { studentId: huda.studentId, event: 'boarded', clientId: 'office-h-1' }))
        .status,
    ).toBe(201);
    const after = (await officeRun(driverH.driverId, 'morning')).body.run;
    expect(after.status).toBe('in_progress');
    expect(after.students.find((student) => student.id === huda.studentId)?.status).toBe('boarded');
    // Another date: that day's run, nobody marked yet; an empty date is today.
    const tomorrow = (await officeRun(driverH.driverId, 'morning', '?date=2026-12-22')).body.run;
    expect(tomorrow).toMatchObject({ date: '2026-12-22', status: 'not_started' });
    expect(tomorrow.students.every((student) => student.status === 'expected')).toBe(true);
    expect((await officeRun(driverH.driverId, 'morning', '?date=')).body.run.date).toBe('2026-12-21');
  });

  it('refuses a day without runs, an unknown driver, a bad run or date, and anyone but the office', async () => {
    clock.set(bh('2026-12-21', '07:00'));
    const friday = await officeRun(driverH.driverId, 'morning', '?date=2026-12-25');
    expect(friday.status).toBe(409);
    expect(friday.body.message).toBe(SCHOOL_DAY_MESSAGES.noRunOnDate);
    expect((await officeRun(driverH.driverId, 'morning', '?date=2026-12-16')).body.message).toBe(SCHOOL_DAY_MESSAGES.noRunOnDate);
    expect((await officeRun('00000000-0000-4000-8000-000000000000', 'morning')).status).toBe(404);
    expect((await officeRun('not-a-driver', 'morning')).status).toBe(404);
    expect((await officeRun(driverH.driverId, 'evening')).status).toBe(400);
    expect((await officeRun(driverH.driverId, 'morning', '?date=2026-13-01')).status).toBe(400);
    expect((await asH.get(`/api/admin/drivers/${driverH.driverId}/runs/morning`)).status).toBe(403);
    expect((await huda.parent.get(`/api/admin/drivers/${driverH.driverId}/runs/morning`)).status).toBe(403);
    expect((await t.client().get(`/api/admin/drivers/${driverH.driverId}/runs/morning`)).status).toBe(401);
  });
});

describe("Start's date and the runs' planned times", () => {
  let driverS: Awaited<ReturnType<typeof createDriver>>;
  let asS: HttpClient;
  beforeAll(async () => {
    driverS = await createDriver(t.db);
    asS = await t.signIn(driverS);
    await family('Salma', driverS.driverId, 'BOTH');
  });

  it('starts the run of the date a Start queued before midnight names, not the new day’s', async () => {
    // Tapped at 13:10 on the 22nd without signal, sent ten minutes after midnight.
    clock.set(bh('2026-12-23', '00:10'));
    const started = await asS.post<{ run: { run: string; date: string; status: string; startedAt: string } }>('/api/driver/runs/afternoon/start', {
      date: '2026-12-22',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.run).toMatchObject({ run: 'afternoon', date: '2026-12-22', status: 'in_progress' });
    const runs = (await asAdmin.get<{ runs: AdminRun[] }>('/api/admin/runs?date=2026-12-22')).body.runs;
    expect(runs.find((run) => run.driver.id === driverS.driverId && run.run === 'afternoon')?.status).toBe('in_progress');
    // The new day's afternoon run has not started.
    expect((await today(asS)).runs.find((run) => run.run === 'afternoon')?.status).toBe('not_started');
    // No date: today's run, as before.
    clock.set(bh('2026-12-23', '06:05'));
    const todays = await asS.post<{ run: { date: string; status: string } }>('/api/driver/runs/morning/start');
    expect(todays.body.run).toMatchObject({ date: '2026-12-23', status: 'in_progress' });
  });

  it('refuses a Start for a date older than yesterday, or not a date', async () => {
    clock.set(bh('2026-12-23', '06:10'));
    const old = await asS.post<{ message: string }>('/api/driver/runs/afternoon/start', { date: '2026-12-21' });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(SCHOOL_DAY_MESSAGES.markDateInvalid);
    expect((await asS.post('/api/driver/runs/afternoon/start', { date: '23/12/2026' })).status).toBe(400);
    expect(
      (await asAdmin.get<{ runs: AdminRun[] }>('/api/admin/runs?date=2026-12-21')).body.runs.find((run) => run.driver.id === driverS.driverId)?.status ??
        'not_started',
    ).toBe('not_started');
  });

  it("carries each run's planned start and end from the office's plan, as instants on Bahrain's clock", async () => {
    clock.set(bh('2026-12-24', '05:00'));
    // The settings' times are only the defaults of new runs: the bus's runs keep their own.
    const before = (await asAdmin.get<{ settings: Record<string, unknown> }>('/api/admin/settings/school-day')).body.settings;
    try {
      expect((await asAdmin.put('/api/admin/settings/school-day', { ...before, morningStart: '05:30', morningEnd: '06:15' })).status).toBe(200);
      const planned = (
        await asAdmin.get<{ runs: { id: string; direction: string; name: string; schoolIds: string[]; weekdays: null }[] }>(
          `/api/admin/drivers/${driverS.driverId}/runs`,
        )
      ).body.runs;
      const times: Record<string, [string, string]> = { morning: ['06:30', '07:45'], afternoon: ['11:00', '12:15'] };
      for (const run of planned) {
        const [plannedStart, plannedEnd] = times[run.direction]!;
        expect(
          (
            await asAdmin.put(`/api/admin/runs/${run.id}`, {
              direction: run.direction,
              name: run.name,
              schoolIds: run.schoolIds,
              weekdays: run.weekdays,
              plannedStart,
              plannedEnd,
            })
          ).status,
        ).toBe(200);
      }
      const answer = await today(asS);
      expect(answer.runs.map((run) => [run.run, run.plannedStart, run.plannedEnd])).toEqual([
        ['morning', '2026-12-24T03:30:00.000Z', '2026-12-24T04:45:00.000Z'],
        ['afternoon', '2026-12-24T08:00:00.000Z', '2026-12-24T09:15:00.000Z'],
      ]);
    } finally {
      await asAdmin.put('/api/admin/settings/school-day', before);
    }
  });
});
