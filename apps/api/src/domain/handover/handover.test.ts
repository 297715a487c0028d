import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  HANDOVER_MESSAGES,
  companySettings,
  type AttendanceReport,
  type AuthorisedAdult,
  type DriverToday,
  type DriverTodayRun,
  type IssuedHandoverCode,
  type RunMark,
  type StudentHandover,
  type StudentToday,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createSchool, createStaff } from '../../test/factories.js';
import { createFamily, type Family } from '../../test/families.js';
import { SetClock } from '../clock.js';
import { renderMessage } from '../notifications/templates.js';

/**
 * Safe handover over HTTP: the family's authorised adults and one-day codes, the school's rule and
 * the family's choice, and the afternoon drop that names who received a young child (or returns
 * them to school). Tuesday 1 December 2026, Bahrain.
 */
const bh = (time: string) => new Date(`2026-12-01T${time}:00+03:00`);
const clock = new SetClock(bh('09:00'));
const TODAY = '2026-12-01';
const TOMORROW = '2026-12-02';

let t: TestServer;
let asAdmin: HttpClient;
let asStaff: HttpClient;
let asDriver: HttpClient;
let schoolId: string;
let busId: string;
let onBus: { schoolId: string; areaId: string; driverId: string };
let ali: Family;
let badr: Family;
let noor: Family;
let sara: Family;
let layla: Family;
let stranger: Family;
let maryam: AuthorisedAdult;
let strangersAdult: AuthorisedAdult;
let clientIds = 0;

type MarkAnswer = { mark: RunMark; message?: string; code?: string };
const drop = (studentId: string, extra: Record<string, unknown> = {}) =>
  asDriver.post<MarkAnswer>('/api/driver/runs/afternoon/marks', { studentId, event: 'dropped', clientId: `handover-${clientIds++}`, ...extra });
const board = (studentId: string) =>
  asDriver.post<MarkAnswer>('/api/driver/runs/afternoon/marks', { studentId, event: 'boarded', clientId: `handover-${clientIds++}` });
const handoverOf = (family: Family) => family.parent.get<StudentHandover & { message?: string }>(`/api/parent/students/${family.studentId}/handover`);
const issueCode = (family: Family, date = TODAY, name = 'Khalid') =>
  family.parent.post<IssuedHandoverCode & { message?: string }>('/api/parent/handover-codes', { studentId: family.studentId, date, name, phone: '36555111' });
const marksOf = (studentId: string) =>
  t.db.selectFrom('runMarks').select(['id', 'event', 'receivedByName', 'receivedByRelation']).where('studentId', '=', studentId).orderBy('createdAt').execute();
const messagesOfMark = (markId: string) =>
  t.db
    .selectFrom('notifications')
    .select(['templateKey', 'payload', 'recipient'])
    .where('idempotencyKey', 'in', [`run_mark:${markId}`, `run_mark_office:${markId}`])
    .orderBy('createdAt')
    .execute();

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  asStaff = await t.signIn(await createStaff(t.db));
  const bus = await createDriver(t.db, 'driver-pass', 'Hassan');
  const otherBus = await createDriver(t.db, 'driver-pass', 'Yusuf');
  asDriver = await t.signIn(bus);
  busId = bus.driverId;
  const school = await createSchool(t.db);
  schoolId = school.id;
  const area = await createArea(t.db);
  onBus = { schoolId, areaId: area.id, driverId: bus.driverId };
  ali = await createFamily(t, { ...onBus, firstName: 'Ali', lastName: 'Salman', grade: 'KG2' });
  badr = await createFamily(t, { ...onBus, firstName: 'Badr', grade: 'KG1' });
  noor = await createFamily(t, { ...onBus, firstName: 'Noor', grade: '2' });
  sara = await createFamily(t, { ...onBus, firstName: 'Sara', grade: '6' });
  layla = await createFamily(t, { ...onBus, firstName: 'Layla', grade: 'Nursery' });
  stranger = await createFamily(t, { schoolId, areaId: area.id, driverId: otherBus.driverId, firstName: 'Zain', grade: 'KG1' });
  expect((await asAdmin.put('/api/admin/settings/school-day', { officeAlertPhone: '17001122' })).status).toBe(200);
});
afterAll(() => t.close());

describe("the family's authorised adults", () => {
  it('adds (201), lists, edits and removes adults of its own list', async () => {
    const added = await ali.parent.post<{ adult: AuthorisedAdult }>('/api/parent/authorised-adults', { name: 'Maryam', relation: 'aunt', phone: '36222333' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    maryam = added.body.adult;
    expect(maryam).toEqual({ id: expect.any(String), name: 'Maryam', relation: 'aunt', phone: '36222333' });
    const nanny = (await ali.parent.post<{ adult: AuthorisedAdult }>('/api/parent/authorised-adults', { name: 'Rosa', relation: 'nanny', phone: '36222444' }))
      .body.adult;
    const edited = await ali.parent.put<{ adult: AuthorisedAdult }>(`/api/parent/authorised-adults/${nanny.id}`, {
      name: 'Rosa Cruz',
      relation: 'nanny',
      phone: '36222445',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.adult).toEqual({ id: nanny.id, name: 'Rosa Cruz', relation: 'nanny', phone: '36222445' });
    expect((await ali.parent.request('DELETE', `/api/parent/authorised-adults/${nanny.id}`)).status).toBe(200);
    const listed = await ali.parent.get<{ adults: AuthorisedAdult[] }>('/api/parent/authorised-adults');
    expect(listed.body.adults).toEqual([maryam]);
  });

  it("refuses a relation not on the list (400) and another family's adult (404), changing nothing", async () => {
    const badRelation = await ali.parent.post<{ message: string; issues: Record<string, string> }>('/api/parent/authorised-adults', {
      name: 'X',
      relation: 'neighbour',
      phone: '36222333',
    });
    expect(badRelation.status).toBe(400);
    expect(badRelation.body.issues.relation).toBe(HANDOVER_MESSAGES.relationInvalid);
    strangersAdult = (
      await stranger.parent.post<{ adult: AuthorisedAdult }>('/api/parent/authorised-adults', { name: 'Huda', relation: 'mother', phone: '36999000' })
    ).body.adult;
    const edit = await ali.parent.put<{ message: string }>(`/api/parent/authorised-adults/${strangersAdult.id}`, {
      name: 'Taken',
      relation: 'aunt',
      phone: '36999000',
    });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe(HANDOVER_MESSAGES.adultNotFound);
    expect((await ali.parent.request('DELETE', `/api/parent/authorised-adults/${strangersAdult.id}`)).status).toBe(404);
    expect((await stranger.parent.get<{ adults: AuthorisedAdult[] }>('/api/parent/authorised-adults')).body.adults).toEqual([strangersAdult]);
  });

  it('lists at most 8 adults (409 for a ninth)', async () => {
    for (let n = 1; n <= 8; n++)
      expect((await sara.parent.post('/api/parent/authorised-adults', { name: `Adult ${n}`, relation: 'other', phone: '36111000' })).status).toBe(201);
    const ninth = await sara.parent.post<{ message: string }>('/api/parent/authorised-adults', { name: 'Adult 9', relation: 'other', phone: '36111000' });
    expect(ninth.status).toBe(409);
    expect(ninth.body.message).toBe(HANDOVER_MESSAGES.tooManyAdults);
  });
});

describe("the school's rule and the family's choice", () => {
  it('requires nothing until the office sets a rule for the school', async () => {
    expect((await handoverOf(ali)).body).toEqual({ required: false, byRule: false });
  });

  it('the office sets the rule up to grade 3 (KG below grade 1), audited; a parent cannot set it', async () => {
    expect((await ali.parent.put(`/api/admin/schools/${schoolId}/handover-rule`, { upToGrade: '3' })).status).toBe(403);
    const set = await asStaff.put<{ school: { handoverUpToGrade: string } }>(`/api/admin/schools/${schoolId}/handover-rule`, { upToGrade: '3' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const audit = await t.db.selectFrom('auditLogs').select(['action', 'diff']).where('entityType', '=', 'school').where('entityId', '=', schoolId).execute();
    expect(audit).toContainEqual({ action: 'handover_rule', diff: { handoverUpToGrade: { from: null, to: '3' } } });
    expect((await handoverOf(ali)).body).toEqual({ required: true, byRule: true });
    expect((await handoverOf(noor)).body).toEqual({ required: true, byRule: true });
    expect((await handoverOf(sara)).body).toEqual({ required: false, byRule: false });
  });

  it("a parent may require it for an older child and turn that off again, but cannot lift the school's rule", async () => {
    const on = await sara.parent.put<StudentHandover>(`/api/parent/students/${sara.studentId}/handover`, { required: true });
    expect(on.body).toEqual({ required: true, byRule: false });
    expect((await sara.parent.put<StudentHandover>(`/api/parent/students/${sara.studentId}/handover`, { required: false })).body).toEqual({
      required: false,
      byRule: false,
    });
    const lift = await ali.parent.put<{ message: string }>(`/api/parent/students/${ali.studentId}/handover`, { required: false });
    expect(lift.status).toBe(409);
    expect(lift.body.message).toBe(HANDOVER_MESSAGES.onlyOfficeLifts);
    expect((await handoverOf(ali)).body).toEqual({ required: true, byRule: true });
    expect((await ali.parent.get(`/api/parent/students/${stranger.studentId}/handover`)).status).toBe(404);
  });

  it('only the office lifts it for a child the rule covers (audited), and can give the child back to the rule', async () => {
    const lifted = await asStaff.put<StudentHandover>(`/api/admin/students/${noor.studentId}/handover`, { required: false });
    expect(lifted.body).toEqual({ required: false, byRule: true });
    expect((await handoverOf(noor)).body).toEqual({ required: false, byRule: true });
    // The office's student dialog reads the same; a family cannot read it there, and an unknown child is 404.
    expect((await asStaff.get<StudentHandover>(`/api/admin/students/${noor.studentId}/handover`)).body).toEqual({ required: false, byRule: true });
    expect((await noor.parent.get(`/api/admin/students/${noor.studentId}/handover`)).status).toBe(403);
    expect((await asStaff.get('/api/admin/students/00000000-0000-4000-8000-000000000000/handover')).status).toBe(404);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'diff'])
      .where('entityType', '=', 'student')
      .where('entityId', '=', noor.studentId)
      .execute();
    expect(audit).toContainEqual({ action: 'handover', diff: { handoverChoice: { from: null, to: 'lifted' } } });
    expect((await asStaff.put<StudentHandover>(`/api/admin/students/${noor.studentId}/handover`, { required: null })).body).toEqual({
      required: true,
      byRule: true,
    });
  });
});

describe('at the door', () => {
  it("the crew's afternoon list shows who may receive a young child: the parent, then the family's list", async () => {
    clock.set(bh('13:30'));
    expect((await asDriver.post('/api/driver/runs/afternoon/start', {})).status).toBe(200);
    for (const family of [ali, badr, noor, sara, layla]) expect((await board(family.studentId)).status).toBe(201);
    const day = (await asDriver.get<DriverToday>('/api/driver/runs/today')).body;
    const students = day.runs.find((run) => run.run === 'afternoon')!.students;
    const aliOnList = students.find((student) => student.id === ali.studentId)!;
    expect(aliOnList.handover?.adults.map((adult) => [adult.name, adult.relation])).toEqual([
      ['Test Parent', 'parent'],
      ['Maryam', 'aunt'],
    ]);
    expect(students.find((student) => student.id === sara.studentId)!.handover).toBeNull();
    expect(day.runs.find((run) => run.run === 'morning')!.students.every((student) => student.handover === null)).toBe(true);
  });

  it('refuses a plain drop of a child whose handover is required, with the exact message, and records nothing', async () => {
    const plain = await drop(ali.studentId);
    expect(plain.status).toBe(409);
    expect(plain.body.message).toBe("Ali must be handed to an adult on the family's list. Choose who received him, or return him to school.");
    expect((await marksOf(ali.studentId)).map((mark) => mark.event)).toEqual(['boarded']);
  });

  it("refuses another family's adult (409 with its own message)", async () => {
    const wrongFamily = await drop(ali.studentId, { receivedBy: { adultId: strangersAdult.id } });
    expect(wrongFamily.status).toBe(409);
    expect(wrongFamily.body.message).toBe(HANDOVER_MESSAGES.adultOfAnotherFamily);
  });

  it("writes the family's message in the mark's own transaction: no message, no mark", async () => {
    await sql`CREATE FUNCTION refuse_handed_over() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.template_key = 'student_handed_over' THEN RAISE EXCEPTION 'outbox refused'; END IF; RETURN NEW; END $$`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER refuse_handed_over BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_handed_over()`.execute(t.db);
    try {
      const failed = await drop(ali.studentId, { receivedBy: { adultId: maryam.id }, clientId: 'outbox-refuses' });
      expect(failed.status).toBe(500);
      expect(await t.db.selectFrom('runMarks').select('id').where('clientId', '=', 'outbox-refuses').execute()).toEqual([]);
    } finally {
      await sql`DROP TRIGGER refuse_handed_over ON notifications`.execute(t.db);
      await sql`DROP FUNCTION refuse_handed_over()`.execute(t.db);
    }
  });

  it('accepts a listed adult: the mark records who received the child, and the family is told', async () => {
    clock.set(bh('13:42'));
    const handed = await drop(ali.studentId, { receivedBy: { adultId: maryam.id } });
    expect(handed.status, JSON.stringify(handed.body)).toBe(201);
    expect(handed.body.mark.status).toBe('dropped');
    expect((await marksOf(ali.studentId)).at(-1)).toMatchObject({ event: 'dropped', receivedByName: 'Maryam', receivedByRelation: 'aunt' });
    const [message] = await messagesOfMark(handed.body.mark.id);
    expect(message).toMatchObject({
      templateKey: 'student_handed_over',
      payload: { studentName: 'Ali', receiverName: 'Maryam', relation: 'aunt', at: bh('13:42').toISOString() },
    });
    expect(renderMessage('student_handed_over', message!.payload, { language: 'en', settings: companySettings.parse({}) }).text).toBe(
      'Ali was handed to Maryam (aunt) at 13:42.',
    );
    expect(renderMessage('student_handed_over', message!.payload, { language: 'ar', settings: companySettings.parse({}) }).text).toBe(
      'سُلِّم Ali إلى Maryam (العمة/الخالة) الساعة 13:42.',
    );
    const day = (await ali.parent.get<StudentToday>(`/api/parent/students/${ali.studentId}/today`)).body;
    expect(day.afternoon?.events.at(-1)).toMatchObject({ event: 'dropped', receivedBy: { name: 'Maryam', relation: 'aunt' } });
    const crew = (await asDriver.get<DriverToday>('/api/driver/runs/today')).body;
    expect(crew.runs.find((run) => run.run === 'afternoon')!.students.find((student) => student.id === ali.studentId)!.receivedBy).toEqual({
      name: 'Maryam',
      relation: 'aunt',
    });
  });

  it('a parent counts as an adult of the list (named by their account), and an older child drops as before', async () => {
    const day = (await asDriver.get<DriverToday>('/api/driver/runs/today')).body;
    const parent = day.runs.find((run) => run.run === 'afternoon')!.students.find((student) => student.id === layla.studentId)!.handover!.adults[0]!;
    expect(parent.relation).toBe('parent');
    const handed = await drop(layla.studentId, { receivedBy: { adultId: parent.id } });
    expect(handed.status, JSON.stringify(handed.body)).toBe(201);
    expect((await marksOf(layla.studentId)).at(-1)).toMatchObject({ receivedByName: 'Test Parent', receivedByRelation: 'parent' });
    // Another family's parent is not this child's.
    const strangerDay = await stranger.parent.get<{ message: string }>(`/api/parent/students/${stranger.studentId}/handover`);
    expect(strangerDay.status).toBe(200);
    expect((await drop(sara.studentId)).status).toBe(201);
  });
});

describe('one-day codes', () => {
  let badrCode: IssuedHandoverCode;

  it('issues a code (201): sent to the delegate through the outbox, shown once, stored hashed', async () => {
    const issued = await issueCode(badr);
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    badrCode = issued.body;
    expect(badrCode.handoverCode).toEqual({ id: expect.any(String), studentId: badr.studentId, date: TODAY, name: 'Khalid' });
    expect(badrCode.code).toMatch(/^\d{6}$/);
    const [sent] = await t.db
      .selectFrom('notifications')
      .select(['recipient', 'templateKey', 'payload'])
      .where('idempotencyKey', '=', `handover_code:${badrCode.handoverCode.id}`)
      .execute();
    expect(sent).toMatchObject({ recipient: '36555111', templateKey: 'handover_code', payload: { code: badrCode.code, studentName: 'Badr', date: TODAY } });
    const stored = await t.db.selectFrom('handoverCodes').select('codeHash').where('id', '=', badrCode.handoverCode.id).executeTakeFirstOrThrow();
    expect(stored.codeHash).not.toContain(badrCode.code);
    expect((await badr.parent.get<{ handoverCodes: unknown[] }>('/api/parent/handover-codes')).body.handoverCodes).toEqual([badrCode.handoverCode]);
    expect((await ali.parent.post('/api/parent/handover-codes', { studentId: badr.studentId, date: TODAY, name: 'X', phone: '36555111' })).status).toBe(404);
    expect((await ali.parent.request('DELETE', `/api/parent/handover-codes/${badrCode.handoverCode.id}`)).status).toBe(404);
  });

  it("refuses a code of another date, accepts today's once, and refuses it the second time", async () => {
    const tomorrows = (await issueCode(badr, TOMORROW, 'Fatima')).body;
    const otherDate = await drop(badr.studentId, { receivedBy: { code: tomorrows.code } });
    expect(otherDate.status).toBe(409);
    expect(otherDate.body.message).toBe(HANDOVER_MESSAGES.codeOtherDate);
    const handed = await drop(badr.studentId, { receivedBy: { code: badrCode.code } });
    expect(handed.status, JSON.stringify(handed.body)).toBe(201);
    expect((await marksOf(badr.studentId)).at(-1)).toMatchObject({ receivedByName: 'Khalid', receivedByRelation: 'day_code' });
    // A wrong tap undone: the code was used, and does not work again.
    expect(
      (
        await asDriver.post('/api/driver/runs/afternoon/marks', {
          studentId: badr.studentId,
          event: 'undo',
          undoes: handed.body.mark.id,
          clientId: `handover-${clientIds++}`,
        })
      ).status,
    ).toBe(201);
    const again = await drop(badr.studentId, { receivedBy: { code: badrCode.code } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(HANDOVER_MESSAGES.codeUsed);
  });

  it('a cancelled code no longer works', async () => {
    const cancelled = (await issueCode(badr, TODAY, 'Omar')).body;
    expect((await badr.parent.request('DELETE', `/api/parent/handover-codes/${cancelled.handoverCode.id}`)).status).toBe(200);
    const refused = await drop(badr.studentId, { receivedBy: { code: cancelled.code } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(HANDOVER_MESSAGES.codeWrong);
  });

  it('refuses a wrong code queued offline when it arrives, and voids the code after five wrong tries', async () => {
    const issued = (await issueCode(noor)).body;
    const wrong = issued.code === '000000' ? '111111' : '000000';
    clock.set(bh('13:55'));
    // Made on the phone at 13:50 without signal, sent when it came back.
    const queued = await drop(noor.studentId, { receivedBy: { code: wrong }, at: bh('13:50').toISOString(), date: TODAY });
    expect(queued.status).toBe(409);
    expect(queued.body.message).toBe(HANDOVER_MESSAGES.codeWrong);
    expect((await marksOf(noor.studentId)).map((mark) => mark.event)).toEqual(['boarded']);
    for (let n = 2; n <= 5; n++) expect((await drop(noor.studentId, { receivedBy: { code: wrong } })).status).toBe(409);
    const stored = await t.db.selectFrom('handoverCodes').select(['wrongTries', 'voidedAt']).where('id', '=', issued.handoverCode.id).executeTakeFirstOrThrow();
    expect(stored.wrongTries).toBe(5);
    expect(stored.voidedAt).not.toBeNull();
    const right = await drop(noor.studentId, { receivedBy: { code: issued.code } });
    expect(right.status).toBe(409);
    expect(right.body.message).toBe(HANDOVER_MESSAGES.codeVoided);
  });

  it('nobody there: the child returns to school, and the office phone is told as well as the family', async () => {
    const returned = await asDriver.post<MarkAnswer>('/api/driver/runs/afternoon/marks', {
      studentId: noor.studentId,
      event: 'returned_to_school',
      clientId: `handover-${clientIds++}`,
    });
    expect(returned.status).toBe(201);
    const messages = await messagesOfMark(returned.body.mark.id);
    expect(messages.map((message) => [message.templateKey, message.recipient])).toEqual(
      expect.arrayContaining([
        ['returned_to_school_office', '17001122'],
        ['student_returned_to_school', '36000000'],
      ]),
    );
  });
});

describe('the office acting for the driver (a dead phone)', () => {
  const officeDrop = (studentId: string, extra: Record<string, unknown> = {}) =>
    asStaff.post<MarkAnswer>(`/api/admin/drivers/${busId}/runs/afternoon/marks`, {
      studentId,
      event: 'dropped',
      clientId: `office-${clientIds++}`,
      date: TODAY,
      ...extra,
    });
  const officeView = async () => (await asStaff.get<{ run: DriverTodayRun }>(`/api/admin/drivers/${busId}/runs/afternoon?date=${TODAY}`)).body.run;

  it("names who received the child as the crew does: refused without, accepted with the family's adult, shown on the office's run view", async () => {
    clock.set(bh('14:05'));
    const plain = await officeDrop(badr.studentId);
    expect(plain.status).toBe(409);
    expect(plain.body.message).toBe("Badr must be handed to an adult on the family's list. Choose who received him, or return him to school.");
    const badrOnView = (await officeView()).students.find((student) => student.id === badr.studentId)!;
    const parent = badrOnView.handover!.adults.find((adult) => adult.relation === 'parent')!;
    expect((await officeDrop(badr.studentId, { receivedBy: { adultId: strangersAdult.id } })).body.message).toBe(HANDOVER_MESSAGES.adultOfAnotherFamily);
    const handed = await officeDrop(badr.studentId, { receivedBy: { adultId: parent.id } });
    expect(handed.status, JSON.stringify(handed.body)).toBe(201);
    expect((await officeView()).students.find((student) => student.id === badr.studentId)).toMatchObject({
      status: 'dropped',
      receivedBy: { name: 'Test Parent', relation: 'parent' },
      markedBy: { role: 'office' },
    });
  });

  it("takes a one-day delegate's code on the office's path too", async () => {
    const huda = await createFamily(t, { ...onBus, firstName: 'Huda', grade: 'KG1' });
    expect((await board(huda.studentId)).status).toBe(201);
    const code = (await issueCode(huda, TODAY, 'Fatima')).body;
    expect((await officeDrop(huda.studentId, { receivedBy: { code: code.code } })).status).toBe(201);
    expect((await marksOf(huda.studentId)).at(-1)).toMatchObject({ event: 'dropped', receivedByName: 'Fatima', receivedByRelation: 'day_code' });
  });

  it('the attendance report lists who received each child handed over, with the run, leaving out a drop that was undone', async () => {
    const report = (await asStaff.get<AttendanceReport>('/api/admin/attendance?month=2026-12')).body;
    expect(report.handovers.map((row) => [row.firstName, row.runName, row.receivedBy.name, row.receivedBy.relation, row.date])).toEqual([
      ['Ali', 'Afternoon', 'Maryam', 'aunt', TODAY],
      ['Layla', 'Afternoon', 'Test Parent', 'parent', TODAY],
      ['Badr', 'Afternoon', 'Test Parent', 'parent', TODAY],
      ['Huda', 'Afternoon', 'Fatima', 'day_code', TODAY],
    ]);
    expect(report.handovers[0]).toMatchObject({ at: bh('13:42').toISOString(), studentId: ali.studentId });
  });
});
