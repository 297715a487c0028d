import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SCHOOL_DAY_MESSAGES, addDays, type RegistrationInput } from '@school-transport/contracts';
import { registrationBody } from '../test/registrations.js';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin, createArea, createDriver, createSchool } from '../test/factories.js';
import { createFamily, type Family } from '../test/families.js';
import { SetClock } from '../domain/clock.js';

/**
 * Text that looks empty or turns its surroundings around: names and free text made only of
 * zero-width and bidi control characters are refused as empty, bidi overrides are taken out of
 * names, and an absence may reach at most a year ahead.
 */
const ZERO_WIDTH_SPACE = '\u200B';
const RIGHT_TO_LEFT_OVERRIDE = '\u202E';
const clock = new SetClock(new Date('2026-12-01T05:00:00+03:00'));

let t: TestServer;
let admin: HttpClient;
let schoolId: string;
let areaId: string;
let termsVersionId: string;

beforeAll(async () => {
  t = await startTestServer({ clock });
  admin = await t.signIn(await createAdmin(t.db));
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db)).id;
  termsVersionId = (await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

function registration(overrides: Partial<RegistrationInput> & Record<string, unknown> = {}): RegistrationInput {
  return registrationBody({ schoolId, areaId, termsVersionId }, overrides);
}

const studentOf = (studentSchoolId: string) =>
  t.db.selectFrom('students').select(['firstName', 'fathersName', 'lastName']).where('studentSchoolId', '=', studentSchoolId).executeTakeFirst();

describe('names and free text that show nothing', () => {
  it('refuses a registration whose first name is only a zero-width space, as an empty one, and saves nothing', async () => {
    const input = registration({ firstName: ZERO_WIDTH_SPACE, block: `${ZERO_WIDTH_SPACE}\u2066\u2069 ` });
    const refused = await t.client().post<{ message: string; issues: Record<string, string> }>('/api/registrations', input);
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual({ firstName: 'First name is required', block: MESSAGES.blockRequired });
    expect(await studentOf(input.studentSchoolId)).toBeUndefined();
  });

  it('saves a name without its bidi overrides and isolates, and keeps the joiners Arabic and Persian spelling needs', async () => {
    const input = registration({
      firstName: `Sa${RIGHT_TO_LEFT_OVERRIDE}ra`,
      lastName: `\u2067Ali\u2069\u202C`,
      fathersName: 'مح\u200Cمد',
      parentName: `Fatima${RIGHT_TO_LEFT_OVERRIDE} Ali`,
    });
    const saved = await t.client().post('/api/registrations', input);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(await studentOf(input.studentSchoolId)).toEqual({ firstName: 'Sara', lastName: 'Ali', fathersName: 'مح\u200Cمد' });
    const parent = await t.db.selectFrom('users').select('name').where('email', '=', input.parentEmail.toLowerCase()).executeTakeFirstOrThrow();
    expect(parent.name).toBe('Fatima Ali');
  });

  it("refuses an office name made of invisible characters and takes the override out of a driver's name", async () => {
    const school = await admin.post<{ message: string }>('/api/admin/schools', { schoolCode: `ODD-${Date.now()}`, name: `${ZERO_WIDTH_SPACE}\uFEFF` });
    expect(school.status).toBe(400);
    expect(school.body.message).toBe(MESSAGES.nameRequired);
    const driver = await admin.post<{ driver: { id: string; name: string } }>('/api/admin/drivers', {
      name: `Bus${RIGHT_TO_LEFT_OVERRIDE} Driver`,
      phone: '37990011',
      licenseNo: 'ODD-1',
      password: 'driver-pass-1',
    });
    expect(driver.status, JSON.stringify(driver.body)).toBe(201);
    expect(driver.body.driver.name).toBe('Bus Driver');
  });
});

describe('absences far ahead', () => {
  let family: Family;
  beforeAll(async () => {
    const driver = await createDriver(t.db);
    family = await createFamily(t, { schoolId, areaId, firstName: 'Ahead', driverId: driver.driverId, serviceType: 'BOTH' });
  });
  const absence = (from: string, to: string, reason?: string) =>
    family.parent.post<{ message: string; issues?: Record<string, string>; absence?: { reason: string | null } }>('/api/parent/absences', {
      studentId: family.studentId,
      from,
      to,
      run: 'both',
      reason,
    });

  it('refuses an absence 400 days ahead with 400 and accepts one within the year', async () => {
    const far = addDays('2026-12-01', 400);
    const refused = await absence(far, far);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: SCHOOL_DAY_MESSAGES.absenceTooFarAhead, issues: { to: SCHOOL_DAY_MESSAGES.absenceTooFarAhead } });
    expect(await t.db.selectFrom('absences').select('id').where('studentId', '=', family.studentId).execute()).toEqual([]);
    // 364 days on is a Tuesday, a school day: still within the year.
    const near = addDays('2026-12-01', 364);
    const accepted = await absence(near, near, `${ZERO_WIDTH_SPACE}\u2066 \u2069`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    // A reason that shows nothing is no reason.
    expect(accepted.body.absence?.reason).toBeNull();
  });
});
