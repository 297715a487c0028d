import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES, CSV_BYTE_ORDER_MARK, type AttendanceReport, type MarkEvent, type ServiceType } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent, firstPlannedRunId } from '../../test/factories.js';
import { SetClock } from '../clock.js';

/**
 * The monthly attendance report on a fixed set of marks and absences in December 2026 (Tuesday the
 * 1st), read on the evening of Thursday the 10th, with a closure on Tuesday the 8th: the month's
 * school days so far are the 1st–3rd, 6th, 7th, 9th and 10th (7).
 */
/** The file's text with its byte-order mark (fetch's text() would drop it), and its lines. */
async function csvLines(response: Response): Promise<{ bom: boolean; lines: string[] }> {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { bom: text.startsWith(CSV_BYTE_ORDER_MARK), lines: text.slice(1).trim().split('\n') };
}

const clock = new SetClock(new Date('2026-12-10T20:00:00+03:00'));
let t: TestServer;
let asAdmin: HttpClient;
let driver: Awaited<ReturnType<typeof createDriver>>;
let ali: string;
let sara: string;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

async function student(
  firstName: string,
  lastName: string,
  school: { id: string },
  area: { id: string },
  serviceType: ServiceType,
  deleted = false,
): Promise<string> {
  const parent = await createParent(t.db);
  const row = await createStudent(t.db, {
    schoolId: school.id,
    areaId: area.id,
    parentId: parent.parentId,
    driverId: driver.driverId,
    firstName,
    lastName,
    serviceType,
    deletedAt: deleted ? new Date() : null,
  });
  return row.id;
}

/** The marks of one child on one day's run, in order, written as the driver's phone would have. */
async function marks(date: string, run: 'morning' | 'afternoon', studentId: string, events: MarkEvent[]): Promise<void> {
  const time = run === 'morning' ? '06:30' : '13:30';
  const existing = await t.db
    .selectFrom('schoolRuns')
    .select('id')
    .where('driverId', '=', driver.driverId)
    .where('date', '=', date)
    .where('run', '=', run)
    .executeTakeFirst();
  const runId =
    existing?.id ??
    (
      await t.db
        .insertInto('schoolRuns')
        .values({
          plannedRunId: await firstPlannedRunId(t.db, driver.driverId, run),
          driverId: driver.driverId,
          date,
          run,
          startedAt: new Date(`${date}T${time}:00+03:00`),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  for (const [index, event] of events.entries()) {
    await t.db
      .insertInto('runMarks')
      .values({
        runId,
        studentId,
        event,
        at: new Date(new Date(`${date}T${time}:00+03:00`).getTime() + index * 60_000),
        clientId: unique('phone'),
        position: null,
      })
      .execute();
  }
}

async function absence(studentId: string, fromDate: string, toDate: string, run: 'morning' | 'afternoon' | 'both', cancelled = false): Promise<void> {
  await t.db
    .insertInto('absences')
    .values({ studentId, fromDate, toDate, run, reason: 'Ill', cancelledAt: cancelled ? new Date() : null })
    .execute();
}

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  driver = await createDriver(t.db);
  const zahra = await createSchool(t.db, 'Zahra School');
  const noor = await createSchool(t.db, 'Noor School');
  const area = await createArea(t.db);
  expect((await asAdmin.put('/api/admin/settings/school-day', { noServiceDates: [{ date: '2026-12-08', name: 'Closure' }] })).status).toBe(200);

  ali = await student('Ali', 'Hasan', zahra, area, 'BOTH');
  // A name that would run as a formula in a spreadsheet.
  sara = await student('Sara', '=HYPERLINK("http://x")', noor, area, 'HOME_TO_SCHOOL');
  const gone = await student('Gone', 'Deleted', zahra, area, 'BOTH', true);

  for (const day of ['2026-12-01', '2026-12-02', '2026-12-03']) await marks(day, 'morning', ali, ['boarded', 'dropped']);
  await marks('2026-12-06', 'morning', ali, ['no_show']);
  // Not there at first, then caught the bus after all: a ride, not a no-show.
  await marks('2026-12-07', 'morning', ali, ['no_show', 'boarded', 'dropped']);
  await absence(ali, '2026-12-09', '2026-12-10', 'morning');
  await marks('2026-12-01', 'afternoon', ali, ['boarded', 'dropped']);
  // The closure is no school day: an absence over it counts nothing; one still to come neither.
  await absence(ali, '2026-12-08', '2026-12-08', 'both');
  await absence(ali, '2026-12-13', '2026-12-14', 'both');

  // Reported from November into December: only December's day counts. Reported absent but rode anyway: a ride.
  await absence(sara, '2026-11-29', '2026-12-01', 'morning');
  await absence(sara, '2026-12-02', '2026-12-03', 'morning');
  await marks('2026-12-03', 'morning', sara, ['boarded', 'dropped']);
  await absence(sara, '2026-12-06', '2026-12-06', 'morning', true);
  await marks('2026-12-02', 'morning', gone, ['boarded', 'dropped']);
});
afterAll(() => t.close());

describe('the monthly attendance report', () => {
  it('counts per student and run the school days so far, rides, absences and no-shows', async () => {
    const answer = await asAdmin.get<AttendanceReport>('/api/admin/attendance?month=2026-12');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.month).toBe('2026-12');
    expect(answer.body.schoolDays).toBe(7);
    expect(answer.body.students.map((row) => [row.firstName, row.schoolName, row.morning, row.afternoon])).toEqual([
      ['Sara', 'Noor School', { rides: 1, absences: 2, noShows: 0 }, null],
      ['Ali', 'Zahra School', { rides: 4, absences: 2, noShows: 1 }, { rides: 1, absences: 0, noShows: 0 }],
    ]);
    expect(answer.body.students.find((row) => row.id === ali)).toMatchObject({ automatedId: expect.stringMatching(/^STU-/), driverName: 'Test Driver' });
  });

  it("names each student's runs with their own figures: the bus's one run each way here", async () => {
    const answer = await asAdmin.get<AttendanceReport>('/api/admin/attendance?month=2026-12');
    const aliRow = answer.body.students.find((row) => row.id === ali)!;
    expect(aliRow.runs).toEqual([
      { id: await firstPlannedRunId(t.db, driver.driverId, 'morning'), name: 'Morning', direction: 'morning', rides: 4, absences: 2, noShows: 1 },
      { id: await firstPlannedRunId(t.db, driver.driverId, 'afternoon'), name: 'Afternoon', direction: 'afternoon', rides: 1, absences: 0, noShows: 0 },
    ]);
    expect(answer.body.students.find((row) => row.id === sara)!.runs.map((run) => run.name)).toEqual(['Morning']);
  });

  it('totals per school', async () => {
    const answer = await asAdmin.get<AttendanceReport>('/api/admin/attendance?month=2026-12');
    expect(answer.body.schools).toEqual([
      { schoolId: expect.any(String), schoolName: 'Noor School', students: 1, rides: 1, absences: 2, noShows: 0 },
      { schoolId: expect.any(String), schoolName: 'Zahra School', students: 1, rides: 5, absences: 2, noShows: 1 },
    ]);
  });

  it('counts a past month whole and a month to come as no days yet; refuses a month that is not YYYY-MM', async () => {
    expect((await asAdmin.get<AttendanceReport>('/api/admin/attendance?month=2026-11')).body.schoolDays).toBe(22);
    const coming = await asAdmin.get<AttendanceReport>('/api/admin/attendance?month=2027-01');
    expect(coming.body.schoolDays).toBe(0);
    expect(coming.body.students.find((row) => row.id === sara)?.morning).toEqual({ rides: 0, absences: 0, noShows: 0 });
    const bad = await asAdmin.get<{ message: string }>('/api/admin/attendance?month=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ATTENDANCE_MESSAGES.monthInvalid);
  });

  it('downloads per student as CSV for Excel (byte-order mark, formulas made harmless, an empty cell for a run not ridden)', async () => {
    const answer = await fetch(`${t.url}/api/admin/attendance.csv?month=2026-12`, { headers: { cookie: asAdmin.cookie ?? '' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="attendance-2026-12.csv"');
    const { bom, lines } = await csvLines(answer);
    expect(bom).toBe(true);
    expect(lines[0]).toBe(
      'Student ID,First Name,Last Name,School,Driver,School days,Morning rides,Morning absences,Morning no-shows,Afternoon rides,Afternoon absences,Afternoon no-shows,Morning run,Afternoon run',
    );
    expect(lines.slice(1).map((line) => line.replace(/^STU-[^,]+,/, ''))).toEqual([
      'Sara,"\'=HYPERLINK(""http://x"")",Noor School,Test Driver,7,1,2,0,,,,Morning,',
      'Ali,Hasan,Zahra School,Test Driver,7,4,2,1,1,0,0,Morning,Afternoon',
    ]);
  });

  it('downloads per school as CSV, and in Arabic for an admin who reads Arabic', async () => {
    await asAdmin.post('/trpc/auth.setLanguage', { language: 'ar' });
    const answer = await fetch(`${t.url}/api/admin/attendance.csv?month=2026-12&by=school`, { headers: { cookie: asAdmin.cookie ?? '' } });
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="attendance-2026-12-schools.csv"');
    expect((await csvLines(answer)).lines).toEqual([
      'المدرسة,الطلاب,أيام الدراسة,الرحلات,الغياب,عدم الحضور',
      'Noor School,1,7,1,2,0',
      'Zahra School,1,7,5,2,1',
    ]);
    expect((await t.client().get('/api/admin/attendance.csv?month=2026-12')).status).toBe(401);
  });
});

/**
 * A second bus doing two afternoon runs (kindergarten at 11:30, the rest at 13:30), a KG child
 * placed on the early one by hand and handed to her aunt, an older child on the late one.
 */
describe('the attendance report run by run', () => {
  let kgBus: Awaited<ReturnType<typeof createDriver>>;
  let kgRun: string;
  let lateRun: string;
  let huda: string;
  let omar: string;

  beforeAll(async () => {
    await asAdmin.post('/trpc/auth.setLanguage', { language: 'en' });
    kgBus = await createDriver(t.db, 'driver-pass', 'Yusuf');
    const school = await createSchool(t.db, 'Zumurrud School');
    const area = await createArea(t.db);
    lateRun = await firstPlannedRunId(t.db, kgBus.driverId, 'afternoon');
    await t.db.updateTable('plannedRuns').set({ name: 'Afternoon – Primary', plannedStart: '13:30', plannedEnd: '14:30' }).where('id', '=', lateRun).execute();
    kgRun = (
      await t.db
        .insertInto('plannedRuns')
        .values({
          driverId: kgBus.driverId,
          direction: 'afternoon',
          name: 'Afternoon – KG',
          schoolIds: JSON.stringify([school.id]),
          plannedStart: '11:30',
          plannedEnd: '12:30',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const child = async (firstName: string, afternoonRunId: string) =>
      (
        await createStudent(t.db, {
          schoolId: school.id,
          areaId: area.id,
          parentId: (await createParent(t.db)).parentId,
          driverId: kgBus.driverId,
          firstName,
          lastName: 'Kareem',
          serviceType: 'SCHOOL_TO_HOME',
          afternoonRunId,
        })
      ).id;
    huda = await child('Huda', kgRun);
    omar = await child('Omar', lateRun);
    const day = async (plannedRunId: string, date: string, time: string) =>
      (
        await t.db
          .insertInto('schoolRuns')
          .values({ plannedRunId, driverId: kgBus.driverId, date, run: 'afternoon', startedAt: new Date(`${date}T${time}:00+03:00`) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const kgFirst = await day(kgRun, '2026-12-01', '11:30');
    const lateFirst = await day(lateRun, '2026-12-01', '13:30');
    await t.db
      .insertInto('runMarks')
      .values([
        { runId: kgFirst, studentId: huda, event: 'boarded', at: new Date('2026-12-01T11:35:00+03:00'), clientId: unique('phone'), position: null },
        {
          runId: kgFirst,
          studentId: huda,
          event: 'dropped',
          at: new Date('2026-12-01T11:58:00+03:00'),
          clientId: unique('phone'),
          position: null,
          receivedByName: 'Maryam',
          receivedByRelation: 'aunt',
        },
        { runId: lateFirst, studentId: omar, event: 'boarded', at: new Date('2026-12-01T13:35:00+03:00'), clientId: unique('phone'), position: null },
        { runId: lateFirst, studentId: omar, event: 'dropped', at: new Date('2026-12-01T13:50:00+03:00'), clientId: unique('phone'), position: null },
      ])
      .execute();
    // Reported absent on the 2nd: counted on the run she was to ride that day.
    await absence(huda, '2026-12-02', '2026-12-02', 'afternoon');
  });

  it('gives each student their run by name, and one row per run with its students added up', async () => {
    const answer = await asAdmin.get<AttendanceReport>('/api/admin/attendance?month=2026-12');
    expect(answer.body.students.find((row) => row.id === huda)).toMatchObject({
      afternoon: { rides: 1, absences: 1, noShows: 0 },
      runs: [{ id: kgRun, name: 'Afternoon – KG', direction: 'afternoon', rides: 1, absences: 1, noShows: 0 }],
    });
    expect(answer.body.students.find((row) => row.id === omar)!.runs).toEqual([
      { id: lateRun, name: 'Afternoon – Primary', direction: 'afternoon', rides: 1, absences: 0, noShows: 0 },
    ]);
    expect(answer.body.runs.filter((run) => run.driverName === 'Yusuf')).toEqual([
      { id: kgRun, name: 'Afternoon – KG', direction: 'afternoon', driverName: 'Yusuf', students: 1, rides: 1, absences: 1, noShows: 0 },
      { id: lateRun, name: 'Afternoon – Primary', direction: 'afternoon', driverName: 'Yusuf', students: 1, rides: 1, absences: 0, noShows: 0 },
    ]);
    expect(answer.body.runs.filter((run) => run.driverName === 'Test Driver').map((run) => [run.name, run.students, run.rides])).toEqual([
      ['Morning', 2, 5],
      ['Afternoon', 1, 1],
    ]);
  });

  it('lists who received each child handed over, with the run and the time', async () => {
    const answer = await asAdmin.get<AttendanceReport>('/api/admin/attendance?month=2026-12');
    expect(answer.body.handovers).toEqual([
      {
        date: '2026-12-01',
        at: new Date('2026-12-01T11:58:00+03:00').toISOString(),
        studentId: huda,
        automatedId: expect.stringMatching(/^STU-/),
        firstName: 'Huda',
        lastName: 'Kareem',
        runId: kgRun,
        runName: 'Afternoon – KG',
        receivedBy: { name: 'Maryam', relation: 'aunt' },
      },
    ]);
  });

  it('downloads per run and per handover as CSV, in English and Arabic', async () => {
    const runs = await fetch(`${t.url}/api/admin/attendance.csv?month=2026-12&by=run`, { headers: { cookie: asAdmin.cookie ?? '' } });
    expect(runs.headers.get('content-disposition')).toBe('attachment; filename="attendance-2026-12-runs.csv"');
    const runLines = (await csvLines(runs)).lines;
    expect(runLines[0]).toBe('Run,Direction,Driver,Students,School days,Rides,Absences,No-shows');
    expect(runLines).toContain('Afternoon – KG,afternoon,Yusuf,1,7,1,1,0');
    const students = (await csvLines(await fetch(`${t.url}/api/admin/attendance.csv?month=2026-12`, { headers: { cookie: asAdmin.cookie ?? '' } }))).lines;
    expect(students.find((line) => line.includes('Huda'))).toMatch(/,Huda,Kareem,Zumurrud School,Yusuf,7,,,,1,1,0,,Afternoon – KG$/);
    await asAdmin.post('/trpc/auth.setLanguage', { language: 'ar' });
    const handovers = await fetch(`${t.url}/api/admin/attendance.csv?month=2026-12&by=handover`, { headers: { cookie: asAdmin.cookie ?? '' } });
    expect(handovers.headers.get('content-disposition')).toBe('attachment; filename="attendance-2026-12-handovers.csv"');
    const handoverLines = (await csvLines(handovers)).lines;
    expect(handoverLines[0]).toBe('التاريخ,الوقت,رقم الطالب,الاسم الأول,اسم العائلة,الرحلة,استلمه,الصلة');
    expect(handoverLines.slice(1).map((line) => line.replace(/STU-[^,]+,/, ''))).toEqual(['2026-12-01,11:58,Huda,Kareem,Afternoon – KG,Maryam,العمة/الخالة']);
  });
});
