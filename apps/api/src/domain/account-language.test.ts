import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, type SessionUser } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent } from '../test/factories.js';

/** The language switch is kept on the account, read with the session, and used by the outbox. */
let t: TestServer;
let schoolId: string;
let areaId: string;
let termsVersionId: string;
beforeAll(async () => {
  t = await startTestServer();
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db)).id;
  termsVersionId = (await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

type UserAnswer = { user: SessionUser };
const setLanguage = (client: HttpClient, language: unknown) =>
  client.post<{ result: { data: UserAnswer }; error?: { message: string } }>('/trpc/auth.setLanguage', { language });

let counter = 0;
function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Layla',
    fathersName: 'Yousif',
    lastName: 'Saleh',
    grade: '2',
    schoolId,
    studentSchoolId: `LANG-${counter}`,
    parentName: 'Huda Saleh',
    parentEmail: `lang-${Date.now().toString(36)}-${counter}@example.com`,
    parentPhone: '36441100',
    password: 'secret-1',
    serviceType: 'BOTH',
    areaId,
    block: '1',
    road: '2',
    houseBuilding: '3',
    termsAccepted: true,
    termsVersionId,
    ...overrides,
  };
}

describe('the account language', () => {
  it('starts as English, is set by the switch, and comes back with the session on another browser', async () => {
    const parent = await createParent(t.db);
    const client = await t.signIn(parent);
    expect((await client.get<UserAnswer>('/api/auth/user')).body.user.language).toBe('en');

    const answer = await setLanguage(client, 'ar');
    expect(answer.status).toBe(200);
    expect(answer.body.result.data.user).toMatchObject({ id: parent.id, language: 'ar' });
    expect((await client.get<UserAnswer>('/api/auth/user')).body.user.language).toBe('ar');

    // A fresh browser: the sign-in answer carries the account's language.
    const other = t.client();
    const login = await other.post<UserAnswer>('/api/auth/login', { email: parent.email, password: parent.password });
    expect(login.body.user.language).toBe('ar');
    const row = await t.db.selectFrom('users').select('language').where('id', '=', parent.id).executeTakeFirstOrThrow();
    expect(row.language).toBe('ar');
  });

  it('is for the signed-in person only, of any role, and only English or Arabic', async () => {
    const anonymous = await setLanguage(t.client(), 'ar');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.message).toBe(SERVER_MESSAGES.notSignedIn);

    const driver = await createDriver(t.db);
    const driverClient = await t.signIn(driver);
    expect((await setLanguage(driverClient, 'ar')).body.result.data.user).toMatchObject({ id: driver.id, language: 'ar', driverId: driver.driverId });

    const admin = await createAdmin(t.db);
    const adminClient = await t.signIn(admin);
    const refused = await setLanguage(adminClient, 'fr');
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(MESSAGES.languageInvalid);
    expect((await setLanguage(adminClient, 'en')).status).toBe(200);
  });
});

describe('the language at sign-in', () => {
  const languageOf = async (id: string) => await t.db.selectFrom('users').select(['language', 'languageChosen']).where('id', '=', id).executeTakeFirstOrThrow();

  it('gives an account whose language nobody chose the language of the screen it signs in on', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    const login = await client.post<UserAnswer>('/api/auth/login', { email: parent.email, password: parent.password, language: 'ar' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.user.language).toBe('ar');
    // The dashboard after it reads the session: Arabic too, and so do the account's messages.
    expect((await client.get<UserAnswer>('/api/auth/user')).body.user.language).toBe('ar');
    expect(await languageOf(parent.id)).toEqual({ language: 'ar', languageChosen: false });

    // Not chosen still: an English sign-in page later turns it back.
    const again = await t.client().post<UserAnswer>('/api/auth/login', { email: parent.email, password: parent.password, language: 'en' });
    expect(again.body.user.language).toBe('en');
  });

  it('keeps a language its person chose with the switch, whatever the sign-in screen', async () => {
    const parent = await createParent(t.db);
    const client = await t.signIn(parent);
    expect((await setLanguage(client, 'en')).status).toBe(200);
    const login = await t.client().post<UserAnswer>('/api/auth/login', { email: parent.email, password: parent.password, language: 'ar' });
    expect(login.body.user.language).toBe('en');
    expect(await languageOf(parent.id)).toEqual({ language: 'en', languageChosen: true });
  });

  it('does the same for a driver signing in by phone', async () => {
    const driver = await createDriver(t.db);
    const login = await t.client().post<UserAnswer>('/api/driver/login', { phone: driver.phone, password: driver.password, language: 'ar' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.user.language).toBe('ar');
    const chooser = await createDriver(t.db);
    expect((await setLanguage(await t.signIn(chooser), 'ar')).status).toBe(200);
    const chosen = await t.client().post<UserAnswer>('/api/driver/login', { phone: chooser.phone, password: chooser.password, language: 'en' });
    expect(chosen.body.user.language).toBe('ar');
  });

  it('leaves the language as it was without a screen language, and refuses one it does not have', async () => {
    const parent = await createParent(t.db);
    await t.db.updateTable('users').set({ language: 'ar' }).where('id', '=', parent.id).execute();
    const login = await t.client().post<UserAnswer>('/api/auth/login', { email: parent.email, password: parent.password });
    expect(login.body.user.language).toBe('ar');
    const refused = await t.client().post<{ message: string }>('/api/auth/login', { email: parent.email, password: parent.password, language: 'fr' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.languageInvalid);
  });

  it('lets nobody turn an account’s language without its password', async () => {
    const parent = await createParent(t.db);
    const wrong = await t.client().post('/api/auth/login', { email: parent.email, password: 'not-the-password', language: 'ar' });
    expect(wrong.status).toBe(401);
    expect(await languageOf(parent.id)).toEqual({ language: 'en', languageChosen: false });
  });
});

describe('messages in the parent account language', () => {
  it('makes a new account in the language the registration form was filled in, and writes its message in it', async () => {
    const form = registration({ language: 'ar', parentPhone: '36441101' });
    const response = await t.client().post('/api/registrations', form);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const user = await t.db.selectFrom('users').select('language').where('email', '=', form.parentEmail).executeTakeFirstOrThrow();
    expect(user.language).toBe('ar');
    const message = await t.db.selectFrom('notifications').select(['language', 'templateKey']).where('recipient', '=', '36441101').executeTakeFirstOrThrow();
    expect(message).toEqual({ language: 'ar', templateKey: 'registration_received' });
  });

  it('keeps an existing account language: a second child registered in English still messages the Arabic parent in Arabic', async () => {
    const first = registration({ language: 'ar', parentPhone: '36441102' });
    expect((await t.client().post('/api/registrations', first)).status).toBe(201);
    // Another phone on the second form: the account, not the number, decides the language.
    const second = registration({ language: 'en', parentEmail: first.parentEmail, parentPhone: '36441103' });
    expect((await t.client().post('/api/registrations', second)).status).toBe(201);
    const message = await t.db.selectFrom('notifications').select('language').where('recipient', '=', '36441103').executeTakeFirstOrThrow();
    expect(message.language).toBe('ar');
  });

  it('writes the office messages to a parent in the account language, whichever number they go to', async () => {
    const parent = await createParent(t.db);
    // Messages go to the WhatsApp number when the account has no phone of its own.
    await t.db.updateTable('users').set({ phone: null, language: 'ar' }).where('id', '=', parent.id).execute();
    await t.db.updateTable('parents').set({ whatsappNumber: '36441104' }).where('id', '=', parent.parentId).execute();
    const student = await createStudent(t.db, { schoolId, areaId, parentId: parent.parentId, firstName: 'Omar', contactNumber1: '36441105' });
    const admin = await createAdmin(t.db);
    const office = await t.signIn(admin);
    const paid = await office.post('/api/admin/students/bulk-update', { studentIds: [student.id], paymentStatus: 'paid' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const message = await t.db.selectFrom('notifications').select(['language', 'templateKey']).where('recipient', '=', '36441104').executeTakeFirstOrThrow();
    expect(message).toEqual({ language: 'ar', templateKey: 'payment_recorded' });
  });
});
