import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES, CSV_BYTE_ORDER_MARK, type AttendanceReport, type MarkEvent, type ServiceType } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from './test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent, firstPlannedRunId } from './test/factories.js';
import { SetClock } from './domain/clock.js';

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

async function student(firstName: string, lastName: string, school: { id: string }, area: { id: string }, serviceType: ServiceType, deleted = false): Promise<string> {
  const parent = await createParent(t.db);
  const row = await createStudent(t.db, { schoolId: school.id, areaId: area.id, parentId: parent.parentId, driverId: driver.driverId, firstName, lastName, serviceType, deletedAt: deleted ? new Date() : null });
  return row.id;
}

/** The marks of one child on one day's run, in order, written as the driver's phone would have. */
async function marks(date: string, run: 'morning' | 'afternoon', studentId: string, events: MarkEvent[]): Promise<void> {
  const time = run === 'morning' ? '06:30' : '13:30';
  const existing = await t.db.selectFrom('schoolRuns').select('id').where('driverId', '=', driver.driverId).where('date', '=', date).where('run', '=', run).executeTakeFirst();
  const runId =
    existing?.id ??
    (await t.db.insertInto('schoolRuns').values({ plannedRunId: await firstPlannedRunId(t.db, driver.driverId, run), driverId: driver.driverId, date, run, startedAt: new Date(`${date}T${time}:00+03:00`) }).returning('id').executeTakeFirstOrThrow()).id;
  for (const [index, event] of events.entries()) {
    await t.db
      .insertInto('runMarks')
      .values({ runId, studentId, event, at: new Date(new Date(`${date}T${time}:00+03:00`).getTime() + index * 60_000), clientId: unique('phone'), position: null })
      .execute();
  }
}

async function absence(studentId: string, fromDate: string, toDate: string, run: 'morning' | 'afternoon' | 'both', cancelled = false): Promise<void> {
  await t.db.insertInto('absences').values({ studentId, fromDate, toDate, run, reason: 'Ill', cancelledAt: cancelled ? new Date() : null }).execute();
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
    expect(lines[0]).toBe('Student ID,First Name,Last Name,School,Driver,School days,Morning rides,Morning absences,Morning no-shows,Afternoon rides,Afternoon absences,Afternoon no-shows');
    expect(lines.slice(1).map((line) => line.replace(/^STU-[^,]+,/, ''))).toEqual(['Sara,"\'=HYPERLINK(""http://x"")",Noor School,Test Driver,7,1,2,0,,,', 'Ali,Hasan,Zahra School,Test Driver,7,4,2,1,1,0,0']);
  });

  it('downloads per school as CSV, and in Arabic for an admin who reads Arabic', async () => {
    await asAdmin.post('/trpc/auth.setLanguage', { language: 'ar' });
    const answer = await fetch(`${t.url}/api/admin/attendance.csv?month=2026-12&by=school`, { headers: { cookie: asAdmin.cookie ?? '' } });
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="attendance-2026-12-schools.csv"');
    expect((await csvLines(answer)).lines).toEqual(['المدرسة,الطلاب,أيام الدراسة,الرحلات,الغياب,عدم الحضور', 'Noor School,1,7,1,2,0', 'Zahra School,1,7,5,2,1']);
    expect((await t.client().get('/api/admin/attendance.csv?month=2026-12')).status).toBe(401);
  });
});
