import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_MESSAGES, MESSAGES } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createDriver, createParent, createStudent } from '../../test/factories.js';

let t: TestServer;
let admin: { id: string; email: string; password: string };
let api: HttpClient;

beforeAll(async () => {
  t = await startTestServer();
  admin = await createAdmin(t.db);
  api = await t.signIn(admin);
});
afterAll(() => t.close());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
const uniquePhone = () => String(34000000 + ((Date.now() + counter++ * 7919) % 999999)).slice(0, 8);

async function auditRows(entityType: string, entityId: string) {
  return t.db.selectFrom('auditLogs').selectAll().where('entityType', '=', entityType).where('entityId', '=', entityId).orderBy('createdAt').execute();
}

async function newArea(body: Record<string, unknown> = {}) {
  const response = await api.post<{ area: { id: string; name: string; price: string } }>('/api/admin/areas', { name: unique('Area'), price: '30.00', ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.area;
}

async function newSchool() {
  const response = await api.post<{ school: { id: string; schoolCode: string; name: string } }>('/api/admin/schools', {
    schoolCode: unique('SC'),
    name: unique('School'),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.school;
}

/** A student straight in the database, in the given area at the given price. */
async function studentIn(areaId: string, priceBhd: string) {
  const school = await newSchool();
  const parent = await createParent(t.db);
  return createStudent(t.db, { schoolId: school.id, areaId, parentId: parent.parentId, priceBhd });
}

describe('who may use the admin paths', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/schools'],
    ['POST', '/api/admin/schools', { schoolCode: 'X1', name: 'X' }],
    ['PUT', `/api/admin/schools/${someId}`, { schoolCode: 'X1', name: 'X' }],
    ['GET', '/api/admin/areas'],
    ['POST', '/api/admin/areas', { name: 'X', price: '1.00' }],
    ['PUT', '/api/admin/areas/area-999', { name: 'X', price: '1.00' }],
    ['GET', '/api/admin/drivers'],
    ['POST', '/api/admin/drivers', { name: 'X', phone: '30000000', licenseNo: 'L', password: 'route-7-pass' }],
    ['PUT', `/api/admin/drivers/${someId}`, { name: 'X', phone: '30000000', licenseNo: 'L' }],
    ['GET', '/api/admin/settings'],
    ['PUT', '/api/admin/settings', {}],
    ['GET', '/api/admin/terms'],
    ['POST', '/api/admin/terms', { content: 'New terms' }],
    ['POST', `/api/admin/terms/${someId}/activate`, {}],
    ['PUT', `/api/admin/terms/${someId}/arabic`, { contentAr: 'نص' }],
  ];

  it('answers 401 to anonymous callers, 403 to parents and drivers, and lets the admin in', async () => {
    const parentClient = await t.signIn(await createParent(t.db));
    const driverClient = await t.signIn(await createDriver(t.db));

    for (const [method, path, body] of calls) {
      expect((await t.client().request(method, path, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await parentClient.request(method, path, body)).status, `${method} ${path} parent`).toBe(403);
      expect((await driverClient.request(method, path, body)).status, `${method} ${path} driver`).toBe(403);
    }
    for (const [method, path, body] of calls.filter(([method]) => method === 'GET')) {
      expect((await api.request(method, path, body)).status, `${method} ${path} admin`).toBe(200);
    }
    // Nothing was written by the refused calls.
    expect(await t.db.selectFrom('schools').select('id').where('schoolCode', '=', 'X1').executeTakeFirst()).toBeUndefined();
  });

  it('answers 404 for an unknown id', async () => {
    expect((await api.put(`/api/admin/schools/${someId}`, { schoolCode: unique('SC'), name: 'X' })).status).toBe(404);
    expect((await api.put('/api/admin/schools/not-a-uuid', { schoolCode: unique('SC'), name: 'X' })).body).toEqual({
      message: ADMIN_MESSAGES.schoolNotFound,
      code: 'admin.schoolNotFound',
    });
    expect((await api.put('/api/admin/areas/area-999', { name: unique('A'), price: '1.00' })).status).toBe(404);
    expect((await api.put(`/api/admin/drivers/${someId}`, { name: 'X', phone: '30000000', licenseNo: 'L' })).status).toBe(404);
    expect((await api.post(`/api/admin/terms/${someId}/activate`, {})).status).toBe(404);
    expect((await api.put(`/api/admin/terms/${someId}/arabic`, { contentAr: 'نص' })).body).toEqual({
      message: ADMIN_MESSAGES.termsNotFound,
      code: 'admin.termsNotFound',
    });
  });
});

describe('schools', () => {
  it('adds, lists, edits and deactivates a school, with an audit row for each change', async () => {
    const code = unique('ISB');
    const created = await api.post<{ school: Record<string, unknown> }>('/api/admin/schools', {
      schoolCode: code,
      name: 'Bahrain School',
      address: 'Block 338',
      contactName: '',
      contactPhone: '17000001',
    });
    expect(created.status).toBe(201);
    const school = created.body.school;
    expect(school).toMatchObject({
      schoolCode: code,
      name: 'Bahrain School',
      address: 'Block 338',
      contactName: null,
      contactPhone: '17000001',
      active: true,
      studentCount: 0,
    });

    const list = await api.get<{ schools: { id: string }[] }>('/api/admin/schools');
    expect(list.body.schools.map((s) => s.id)).toContain(school.id);

    const edited = await api.put<{ school: Record<string, unknown> }>(`/api/admin/schools/${String(school.id)}`, {
      schoolCode: code,
      name: 'Bahrain School West',
      contactPhone: '17000002',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.school).toMatchObject({ name: 'Bahrain School West', address: null, contactPhone: '17000002' });

    const [createRow, updateRow] = await auditRows('school', String(school.id));
    expect(createRow).toMatchObject({ actorUserId: admin.id, action: 'create', diff: expect.objectContaining({ schoolCode: code, name: 'Bahrain School' }) });
    expect(createRow!.ip).toMatch(/127\.0\.0\.1/);
    expect(updateRow).toMatchObject({
      actorUserId: admin.id,
      action: 'update',
      diff: {
        name: { from: 'Bahrain School', to: 'Bahrain School West' },
        address: { from: 'Block 338', to: null },
        contactPhone: { from: '17000001', to: '17000002' },
      },
    });

    const deactivated = await api.put<{ school: { active: boolean } }>(`/api/admin/schools/${String(school.id)}`, {
      schoolCode: code,
      name: 'Bahrain School West',
      contactPhone: '17000002',
      active: false,
    });
    expect(deactivated.body.school.active).toBe(false);
    expect((await auditRows('school', String(school.id))).at(-1)).toMatchObject({ action: 'deactivate', diff: { active: { from: true, to: false } } });
  });

  it('refuses a school code already in use, in any letter case, with 409 naming the field', async () => {
    const school = await newSchool();
    const clash = await api.post('/api/admin/schools', { schoolCode: school.schoolCode.toLowerCase(), name: 'Another' });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: ADMIN_MESSAGES.schoolCodeTaken, code: 'admin.schoolCodeTaken' });
    expect(clash.body.message).toMatch(/school code/i);

    const other = await newSchool();
    const editClash = await api.put(`/api/admin/schools/${other.id}`, { schoolCode: school.schoolCode, name: other.name });
    expect(editClash.status).toBe(409);
  });

  it('validates with the shared messages', async () => {
    const response = await api.post('/api/admin/schools', { schoolCode: ' ', name: '', contactPhone: '123' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      issues: { schoolCode: MESSAGES.schoolCodeRequired, name: MESSAGES.nameRequired, contactPhone: MESSAGES.phoneDigits },
    });
  });
});

describe('areas', () => {
  it('adds an area with an area-NNN id, two-decimal price and roundabouts', async () => {
    const name = unique('Sitra');
    const response = await api.post<{ area: Record<string, unknown> }>('/api/admin/areas', { name, price: '32.5', roundaboutCount: 4 });
    expect(response.status).toBe(201);
    expect(response.body.area).toMatchObject({ name, price: '32.50', roundaboutCount: 4, active: true, studentCount: 0 });
    expect(response.body.area.id).toMatch(/^area-\d{3,}$/);
    const [row] = await auditRows('area', String(response.body.area.id));
    expect(row).toMatchObject({ actorUserId: admin.id, action: 'create', diff: { name, price: '32.50', roundaboutCount: 4 } });
  });

  it('refuses an area name already in use, whatever the case, with 409 naming the field', async () => {
    const area = await newArea();
    const clash = await api.post('/api/admin/areas', { name: area.name.toUpperCase(), price: '10.00' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: ADMIN_MESSAGES.areaNameTaken });
    expect(clash.body.message).toMatch(/area name/i);
  });

  it('refuses a price with three decimals or none at all', async () => {
    expect((await api.post('/api/admin/areas', { name: unique('A'), price: '30.001' })).body).toMatchObject({ issues: { price: MESSAGES.priceFormat } });
    expect((await api.post('/api/admin/areas', { name: unique('A'), price: '' })).body).toMatchObject({ issues: { price: MESSAGES.priceRequired } });
  });

  it('keeps what registered students pay when the admin does not apply a new price', async () => {
    const area = await newArea({ price: '30.00' });
    const student = await studentIn(area.id, '30.00');
    const response = await api.put<{ area: { price: string; studentCount: number } }>(`/api/admin/areas/${area.id}`, {
      name: area.name,
      price: '35.00',
      roundaboutCount: 0,
    });
    expect(response.status).toBe(200);
    expect(response.body.area).toMatchObject({ price: '35.00', studentCount: 1 });
    const row = await t.db.selectFrom('students').select('priceBhd').where('id', '=', student.id).executeTakeFirstOrThrow();
    expect(row.priceBhd).toBe('30.00');
    expect((await auditRows('area', area.id)).at(-1)).toMatchObject({
      action: 'update',
      diff: { price: { from: '30.00', to: '35.00' }, applyPriceToStudents: false, studentsUpdated: 0 },
    });
  });

  it("moves the area's students to the new price when the admin applies it", async () => {
    const area = await newArea({ price: '30.00' });
    const students = [await studentIn(area.id, '30.00'), await studentIn(area.id, '28.00')];
    const elsewhere = await studentIn((await newArea()).id, '30.00');
    const response = await api.put(`/api/admin/areas/${area.id}`, { name: area.name, price: '33.25', applyPriceToStudents: true });
    expect(response.status).toBe(200);
    const prices = await t.db
      .selectFrom('students')
      .select('priceBhd')
      .where(
        'id',
        'in',
        students.map((s) => s.id),
      )
      .execute();
    expect(prices.map((p) => p.priceBhd)).toEqual(['33.25', '33.25']);
    expect((await t.db.selectFrom('students').select('priceBhd').where('id', '=', elsewhere.id).executeTakeFirstOrThrow()).priceBhd).toBe('30.00');
    expect((await auditRows('area', area.id)).at(-1)).toMatchObject({
      actorUserId: admin.id,
      diff: { price: { from: '30.00', to: '33.25' }, applyPriceToStudents: true, studentsUpdated: 2 },
    });
  });
});

describe('GET /api/meta', () => {
  it('hides deactivated schools and areas, and shows them again when reactivated', async () => {
    const school = await newSchool();
    const area = await newArea({ roundaboutCount: 3 });
    const meta = async () => (await t.client().get<{ schools: { id: string }[]; areas: { id: string; roundaboutCount: number }[] }>('/api/meta')).body;
    expect((await meta()).schools.map((s) => s.id)).toContain(school.id);
    expect((await meta()).areas.find((a) => a.id === area.id)).toMatchObject({ roundaboutCount: 3 });

    await api.put(`/api/admin/schools/${school.id}`, { schoolCode: school.schoolCode, name: school.name, active: false });
    await api.put(`/api/admin/areas/${area.id}`, { name: area.name, price: area.price, roundaboutCount: 3, active: false });
    expect((await meta()).schools.map((s) => s.id)).not.toContain(school.id);
    expect((await meta()).areas.map((a) => a.id)).not.toContain(area.id);

    await api.put(`/api/admin/schools/${school.id}`, { schoolCode: school.schoolCode, name: school.name, active: true });
    expect((await meta()).schools.map((s) => s.id)).toContain(school.id);
    expect((await auditRows('school', school.id)).at(-1)).toMatchObject({ action: 'reactivate' });
  });
});

describe('drivers', () => {
  it('creates a driver who can sign in at once, without ever answering a password hash', async () => {
    const area = await newArea();
    const phone = uniquePhone();
    const response = await api.post<{ driver: Record<string, unknown> }>('/api/admin/drivers', {
      name: 'Khalid Driver',
      phone,
      licenseNo: 'DL-123',
      password: 'route-7-pass',
      areaIds: [area.id, area.id],
      vehicle: { plate: 'BH 1234', seats: '24' },
    });
    expect(response.status).toBe(201);
    expect(response.body.driver).toMatchObject({
      name: 'Khalid Driver',
      phone,
      licenseNo: 'DL-123',
      status: 'active',
      areaIds: [area.id],
      vehicle: { plate: 'BH 1234', seats: 24 },
    });
    expect(JSON.stringify(response.body)).not.toMatch(/argon2|password/i);
    expect(JSON.stringify((await api.get('/api/admin/drivers')).body)).not.toMatch(/argon2|passwordHash/i);

    const login = await t.client().post<{ user: { role: string; driverId: string } }>('/api/driver/login', { phone, password: 'route-7-pass' });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'driver', driverId: response.body.driver.id });

    const [row] = await auditRows('driver', String(response.body.driver.id));
    expect(row).toMatchObject({ actorUserId: admin.id, action: 'create', diff: expect.objectContaining({ phone, passwordSet: true }) });
    expect(JSON.stringify(row!.diff)).not.toContain('route-7-pass');
  });

  it('refuses a phone number already used by a driver with 409 naming the field, and unknown areas with 400', async () => {
    const existing = await createDriver(t.db);
    const clash = await api.post('/api/admin/drivers', { name: 'Twin', phone: existing.phone, licenseNo: 'DL-9', password: 'route-7-pass' });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: ADMIN_MESSAGES.driverPhoneTaken, code: 'admin.driverPhoneTaken' });
    expect(clash.body.message).toMatch(/phone/i);

    const unknownArea = await api.post('/api/admin/drivers', {
      name: 'Lost',
      phone: uniquePhone(),
      licenseNo: 'DL-9',
      password: 'route-7-pass',
      areaIds: ['area-998'],
    });
    expect(unknownArea.status).toBe(400);
    expect(unknownArea.body).toMatchObject({ issues: { areaIds: ADMIN_MESSAGES.unknownAreas } });

    const short = await api.post('/api/admin/drivers', { name: 'Short', phone: '1234', licenseNo: '', password: '12345' });
    expect(short.body).toMatchObject({ issues: { phone: MESSAGES.phoneDigits, licenseNo: MESSAGES.licenseNoRequired, password: MESSAGES.passwordMin } });
  });

  it('edits a driver and the sign-in account together, and resets the password', async () => {
    const phone = uniquePhone();
    const created = await api.post<{ driver: { id: string; userId: string } }>('/api/admin/drivers', {
      name: 'Old Name',
      phone,
      licenseNo: 'DL-1',
      password: 'first-pass',
    });
    const newPhone = uniquePhone();
    const edited = await api.put<{ driver: Record<string, unknown> }>(`/api/admin/drivers/${created.body.driver.id}`, {
      name: 'New Name',
      phone: newPhone,
      licenseNo: 'DL-2',
      password: 'second-pass',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.driver).toMatchObject({ name: 'New Name', phone: newPhone, licenseNo: 'DL-2', status: 'active' });
    const user = await t.db.selectFrom('users').select(['name', 'phone']).where('id', '=', created.body.driver.userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ name: 'New Name', phone: newPhone });
    expect((await t.client().post('/api/driver/login', { phone: newPhone, password: 'first-pass' })).status).toBe(401);
    expect((await t.client().post('/api/driver/login', { phone: newPhone, password: 'second-pass' })).status).toBe(200);
    const audit = (await auditRows('driver', created.body.driver.id)).at(-1)!;
    expect(audit.diff).toMatchObject({ name: { from: 'Old Name', to: 'New Name' }, passwordReset: true });
    expect(JSON.stringify(audit.diff)).not.toContain('second-pass');

    // An empty password leaves it as it was; a short one is refused.
    expect((await api.put(`/api/admin/drivers/${created.body.driver.id}`, { name: 'New Name', phone: newPhone, licenseNo: 'DL-2', password: '' })).status).toBe(
      200,
    );
    expect((await t.client().post('/api/driver/login', { phone: newPhone, password: 'second-pass' })).status).toBe(200);
    expect(
      (await api.put(`/api/admin/drivers/${created.body.driver.id}`, { name: 'New Name', phone: newPhone, licenseNo: 'DL-2', password: 'abc' })).status,
    ).toBe(400);
  });

  it("deactivating ends the driver's open session and refuses the next sign-in", async () => {
    const phone = uniquePhone();
    const created = await api.post<{ driver: { id: string; userId: string } }>('/api/admin/drivers', {
      name: 'Leaving Driver',
      phone,
      licenseNo: 'DL-7',
      password: 'route-7-pass',
    });
    const driverClient = t.client();
    expect((await driverClient.post('/api/driver/login', { phone, password: 'route-7-pass' })).status).toBe(200);
    const openSessions = () => t.db.selectFrom('sessions').select('sid').where(sql<string>`sess->>'userId'`, '=', created.body.driver.userId).execute();
    expect(await openSessions()).toHaveLength(1);

    const response = await api.put<{ driver: { status: string } }>(`/api/admin/drivers/${created.body.driver.id}`, {
      name: 'Leaving Driver',
      phone,
      licenseNo: 'DL-7',
      status: 'inactive',
    });
    expect(response.body.driver.status).toBe('inactive');
    expect(await openSessions()).toHaveLength(0);
    expect((await t.db.selectFrom('users').select('status').where('id', '=', created.body.driver.userId).executeTakeFirstOrThrow()).status).toBe('inactive');
    expect((await driverClient.get('/api/auth/user')).status).toBe(401);
    expect((await t.client().post('/api/driver/login', { phone, password: 'route-7-pass' })).status).toBe(403);
    expect((await auditRows('driver', created.body.driver.id)).at(-1)).toMatchObject({
      action: 'deactivate',
      diff: { status: { from: 'active', to: 'inactive' } },
    });

    await api.put(`/api/admin/drivers/${created.body.driver.id}`, { name: 'Leaving Driver', phone, licenseNo: 'DL-7', status: 'active' });
    expect((await t.client().post('/api/driver/login', { phone, password: 'route-7-pass' })).status).toBe(200);
  });
});

describe('company settings', () => {
  it('saves the settings the public pages read, audited and validated', async () => {
    const before = (await api.get<{ settings: Record<string, string> }>('/api/admin/settings')).body.settings;
    const next = { ...before, supportPhone1: '39111111', instagramUrl: 'https://instagram.com/our.buses', paymentBankAccount: 'BH67BMAG00001299123456' };
    const saved = await api.put<{ settings: Record<string, string> }>('/api/admin/settings', next);
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ supportPhone1: '39111111', instagramUrl: 'https://instagram.com/our.buses' });
    expect((await t.client().get('/api/settings')).body).toMatchObject({ supportPhone1: '39111111', paymentBankAccount: 'BH67BMAG00001299123456' });
    const audit = await t.db.selectFrom('auditLogs').selectAll().where('entityType', '=', 'settings').orderBy('createdAt', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actorUserId: admin.id,
      action: 'update',
      diff: expect.objectContaining({ supportPhone1: { from: before.supportPhone1, to: '39111111' } }),
    });

    const invalid = await api.put('/api/admin/settings', { ...next, supportPhone2: '123', facebookUrl: 'facebook' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ issues: { supportPhone2: MESSAGES.phoneDigits, facebookUrl: MESSAGES.urlInvalid } });
  });
});

describe('terms versions', () => {
  const activeVersions = () => t.db.selectFrom('terms').select(['id', 'version']).where('active', '=', true).execute();
  type TermsVersion = { id: string; version: number; active: boolean; content: string; contentAr: string | null };

  it('writes new versions after the highest and keeps exactly one active', async () => {
    const listed = await api.get<{ terms: TermsVersion[] }>('/api/admin/terms');
    const highest = Math.max(...listed.body.terms.map((v) => v.version));
    expect(listed.body.terms.filter((v) => v.active)).toHaveLength(1);

    const draft = await api.post<{ termsVersion: TermsVersion }>('/api/admin/terms', { content: 'Draft terms', contentAr: 'شروط المسودة' });
    expect(draft.status).toBe(201);
    expect(draft.body.termsVersion).toMatchObject({ version: highest + 1, active: false, content: 'Draft terms', contentAr: 'شروط المسودة' });
    expect((await t.client().get<{ id: string }>('/api/terms')).body.id).not.toBe(draft.body.termsVersion.id);

    const activated = await api.post<{ termsVersion: { active: boolean } }>(`/api/admin/terms/${draft.body.termsVersion.id}/activate`, {});
    expect(activated.status).toBe(200);
    expect(activated.body.termsVersion.active).toBe(true);
    expect(await activeVersions()).toEqual([{ id: draft.body.termsVersion.id, version: highest + 1 }]);
    expect((await t.client().get<{ id: string; content: string }>('/api/terms')).body).toMatchObject({
      id: draft.body.termsVersion.id,
      content: 'Draft terms',
      contentAr: 'شروط المسودة',
    });
    expect((await auditRows('terms', draft.body.termsVersion.id)).map((r) => r.action)).toEqual(['create', 'activate']);

    const published = await api.post<{ termsVersion: TermsVersion }>('/api/admin/terms', {
      content: 'Published at once',
      contentAr: 'نُشرت فورًا',
      activate: true,
    });
    expect(published.body.termsVersion).toMatchObject({ version: highest + 2, active: true });
    expect(await activeVersions()).toEqual([{ id: published.body.termsVersion.id, version: highest + 2 }]);

    // Going back to an older version is allowed, and still leaves one active.
    await api.post(`/api/admin/terms/${draft.body.termsVersion.id}/activate`, {});
    expect((await activeVersions()).map((v) => v.id)).toEqual([draft.body.termsVersion.id]);
  });

  it('refuses to make a version active without its Arabic text, until the Arabic is written', async () => {
    const before = await activeVersions();
    const englishOnly = await api.post<{ termsVersion: TermsVersion }>('/api/admin/terms', { content: 'English only terms', contentAr: '  ' });
    expect(englishOnly.status).toBe(201);
    expect(englishOnly.body.termsVersion).toMatchObject({ active: false, contentAr: null });
    const id = englishOnly.body.termsVersion.id;

    const refused = await api.post(`/api/admin/terms/${id}/activate`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: ADMIN_MESSAGES.termsBothTextsRequired, code: 'admin.termsBothTextsRequired' });
    // Nor at once when written: the form's field message says what is missing.
    const atOnce = await api.post('/api/admin/terms', { content: 'English only, published', activate: true });
    expect(atOnce.status).toBe(400);
    expect(atOnce.body).toMatchObject({ issues: { contentAr: ADMIN_MESSAGES.termsBothTextsRequired } });
    expect(await activeVersions()).toEqual(before);
    expect(await t.db.selectFrom('terms').select('id').where('content', '=', 'English only, published').execute()).toEqual([]);

    const written = await api.put<{ termsVersion: TermsVersion }>(`/api/admin/terms/${id}/arabic`, { contentAr: 'الشروط بالعربية' });
    expect(written.status).toBe(200);
    expect(written.body.termsVersion).toMatchObject({ id, content: 'English only terms', contentAr: 'الشروط بالعربية', active: false });
    // What parents accepted must not change under them: the Arabic, once written, stays.
    const again = await api.put(`/api/admin/terms/${id}/arabic`, { contentAr: 'نص آخر' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ADMIN_MESSAGES.termsArabicWritten, code: 'admin.termsArabicWritten' });
    expect((await api.put(`/api/admin/terms/${id}/arabic`, { contentAr: ' ' })).body).toMatchObject({ issues: { contentAr: MESSAGES.contentRequired } });
    expect((await auditRows('terms', id)).map((r) => r.action)).toEqual(['create', 'update']);

    expect((await api.post(`/api/admin/terms/${id}/activate`, {})).status).toBe(200);
    expect((await t.client().get<{ id: string; contentAr: string }>('/api/terms')).body).toMatchObject({ id, contentAr: 'الشروط بالعربية' });
  });

  it('refuses empty content', async () => {
    expect((await api.post('/api/admin/terms', { content: '  ' })).body).toMatchObject({ issues: { content: MESSAGES.contentRequired } });
  });
});

describe('overview', () => {
  it('counts students, paid students, active schools and active drivers', async () => {
    const read = async () => (await api.get<Record<string, number>>('/api/admin/overview')).body;
    const before = await read();
    const area = await newArea();
    const student = await studentIn(area.id, '30.00');
    await t.db.updateTable('students').set({ paymentStatus: 'paid' }).where('id', '=', student.id).execute();
    await createDriver(t.db);
    const after = await read();
    expect(after.totalStudents).toBe(before.totalStudents! + 1);
    expect(after.paidStudents).toBe(before.paidStudents! + 1);
    expect(after.schools).toBe(before.schools! + 1);
    expect(after.drivers).toBe(before.drivers! + 1);
  });
});
