import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type RegistrationInput } from '@school-transport/contracts';
import { TERMS_V1, TERMS_V1_AR } from '@school-transport/db';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin } from '../test/factories.js';

/**
 * The terms in English and Arabic as the public sees them: GET /api/terms (its answer only gains
 * the Arabic text) and the language of the text a registration accepted, which the office sees.
 */
let t: TestServer;
let admin: HttpClient;
let schoolId: string;
let areaId: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer();
  const account = await createAdmin(t.db);
  admin = t.client();
  expect((await admin.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
  const stamp = Date.now().toString(36);
  schoolId = (
    await t.db
      .insertInto('schools')
      .values({ schoolCode: `TERMS-${stamp}`, name: 'Terms School' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  areaId = (
    await t.db
      .insertInto('areas')
      .values({ name: `Hamad Town ${stamp}`, price: '25.00', roundaboutCount: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

interface PublicTerms {
  id: string;
  version: number;
  content: string;
  active: boolean;
  effectiveFrom: string | null;
  createdAt: string;
  contentAr: string | null;
}

async function publicTerms(): Promise<{ text: string; body: PublicTerms }> {
  const response = await fetch(`${t.url}/api/terms`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, body: JSON.parse(text) as PublicTerms };
}

/** Makes a version the active one straight in the database, as one written before there was an Arabic text. */
async function activateInDatabase(id: string): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await trx.updateTable('terms').set({ active: false }).where('active', '=', true).execute();
    await trx.updateTable('terms').set({ active: true, effectiveFrom: new Date() }).where('id', '=', id).execute();
  });
}

function registration(termsVersionId: string, overrides: Record<string, unknown> = {}): RegistrationInput {
  counter += 1;
  return {
    firstName: 'Maryam',
    fathersName: 'Yousif',
    lastName: 'Saleh',
    grade: '2',
    schoolId,
    studentSchoolId: `TL-${Date.now().toString(36)}-${counter}`,
    parentName: 'Huda Saleh',
    parentEmail: `terms.${Date.now().toString(36)}.${counter}@example.com`,
    parentPhone: '36554433',
    password: 'terms-pass-1',
    serviceType: 'BOTH',
    areaId,
    block: '1201',
    road: '15',
    houseBuilding: '8',
    termsAccepted: true,
    termsVersionId,
    ...overrides,
  };
}

/** Registers, then reads the student as the office does (GET /api/admin/students/:id). */
async function registerAndView(input: RegistrationInput): Promise<{ termsVersionId: string | null; termsLanguage: string | null }> {
  const response = await t.client().post('/api/registrations', input);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const row = await t.db.selectFrom('students').select('id').where('studentSchoolId', '=', input.studentSchoolId).executeTakeFirstOrThrow();
  const viewed = await admin.get<{ student: { termsVersionId: string | null; termsLanguage: string | null } }>(`/api/admin/students/${row.id}`);
  expect(viewed.status).toBe(200);
  return viewed.body.student;
}

describe('GET /api/terms in two languages', () => {
  it('answers the fields it always did, byte for byte and in the same order, and then the Arabic text', async () => {
    const { text, body } = await publicTerms();
    const { contentAr, ...before } = body;
    expect(Object.keys(body)).toEqual(['id', 'version', 'content', 'active', 'effectiveFrom', 'createdAt', 'contentAr']);
    expect(text).toBe(`${JSON.stringify(before).slice(0, -1)},"contentAr":${JSON.stringify(contentAr)}}`);
    expect(before).toMatchObject({ version: 1, active: true, content: TERMS_V1 });
    expect(contentAr).toBe(TERMS_V1_AR);
  });

  it('answers contentAr null for a version whose Arabic text is not written', async () => {
    const previous = (await publicTerms()).body.id;
    const legacy = await t.db.insertInto('terms').values({ version: 500, content: 'Older English-only terms.' }).returning('id').executeTakeFirstOrThrow();
    await activateInDatabase(legacy.id);
    try {
      expect((await publicTerms()).body).toMatchObject({ id: legacy.id, content: 'Older English-only terms.', contentAr: null });
    } finally {
      await activateInDatabase(previous);
    }
  });
});

describe('the language of the accepted terms', () => {
  it('is kept with the student, and the office sees it', async () => {
    const { body: terms } = await publicTerms();
    expect(await registerAndView(registration(terms.id, { termsLanguage: 'ar' }))).toMatchObject({ termsVersionId: terms.id, termsLanguage: 'ar' });
    expect(await registerAndView(registration(terms.id, { termsLanguage: 'en' }))).toMatchObject({ termsVersionId: terms.id, termsLanguage: 'en' });
  });

  it('is English when the client does not say (a client that knows only the English text)', async () => {
    const { body: terms } = await publicTerms();
    expect(await registerAndView(registration(terms.id))).toMatchObject({ termsLanguage: 'en' });
  });

  it('is English for a version without Arabic text, whatever the client says: that is the text the page showed', async () => {
    const previous = (await publicTerms()).body.id;
    const legacy = await t.db.insertInto('terms').values({ version: 501, content: 'English-only terms in effect.' }).returning('id').executeTakeFirstOrThrow();
    await activateInDatabase(legacy.id);
    try {
      expect(await registerAndView(registration(legacy.id, { termsLanguage: 'ar' }))).toMatchObject({ termsVersionId: legacy.id, termsLanguage: 'en' });
    } finally {
      await activateInDatabase(previous);
    }
  });

  it('refuses a language other than English or Arabic, with the field message', async () => {
    const { body: terms } = await publicTerms();
    const input = registration(terms.id, { termsLanguage: 'fr' });
    const response = await t.client().post('/api/registrations', input);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ issues: { termsLanguage: MESSAGES.languageInvalid } });
    expect(await t.db.selectFrom('students').select('id').where('studentSchoolId', '=', input.studentSchoolId).execute()).toEqual([]);
  });
});
