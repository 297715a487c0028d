import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MESSAGES, messageCode, SERVER_MESSAGES, type RegistrationInput } from '@school-transport/contracts';
import { registrationBody } from '../../test/registrations.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createAdmin, createParent } from '../../test/factories.js';

let t: TestServer;
let schoolId: string;
let area: { id: string; price: string };
let roundaboutArea: { id: string; price: string };
let termsVersionId: string;

beforeAll(async () => {
  t = await startTestServer();
  const stamp = Date.now().toString(36);
  schoolId = (
    await t.db
      .insertInto('schools')
      .values({ schoolCode: `REG-${stamp}`, name: 'Registration School' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  area = await t.db
    .insertInto('areas')
    .values({ name: `Sitra ${stamp}`, price: '27.50', roundaboutCount: 0 })
    .returning(['id', 'price'])
    .executeTakeFirstOrThrow();
  roundaboutArea = await t.db
    .insertInto('areas')
    .values({ name: `Riffa ${stamp}`, price: '30.00', roundaboutCount: 22 })
    .returning(['id', 'price'])
    .executeTakeFirstOrThrow();
  termsVersionId = (await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

function registration(overrides: Partial<RegistrationInput> & Record<string, unknown> = {}): RegistrationInput {
  return registrationBody({ schoolId, areaId: area.id, termsVersionId }, overrides);
}

async function rowsForEmail(email: string) {
  const users = await t.db.selectFrom('users').select(['id']).where('email', '=', email.toLowerCase()).execute();
  const userIds = users.map((user) => user.id);
  const parents = userIds.length ? await t.db.selectFrom('parents').select('id').where('userId', 'in', userIds).execute() : [];
  const parentIds = parents.map((parent) => parent.id);
  const students = parentIds.length ? await t.db.selectFrom('students').selectAll().where('parentId', 'in', parentIds).execute() : [];
  return { users, parents, students };
}

describe('POST /api/registrations', () => {
  it('creates the parent, the student with the area price and the accepted terms, and the SMS outbox row', async () => {
    const input = registration({ parentPhone2: '37001122' });
    const response = await t.client().post('/api/registrations', input);
    expect(response.status).toBe(201);
    // The spec's answer, message and redirectTo; the student ID goes to the parent by SMS.
    expect(response.body).toEqual({ message: SERVER_MESSAGES.registrationReceived, redirectTo: '/parent-login' });
    const [registered] = (await rowsForEmail(input.parentEmail)).students;
    const automatedId = registered!.automatedId;
    expect(automatedId).toMatch(/^STU-\d{4}-\d{5}$/);

    const email = input.parentEmail.toLowerCase();
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'parent', name: 'Fatima Ali', phone: '36001122', status: 'active' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const parent = await t.db.selectFrom('parents').selectAll().where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(parent.whatsappNumber).toBe('36001122');
    const student = await t.db.selectFrom('students').selectAll().where('automatedId', '=', automatedId).executeTakeFirstOrThrow();
    expect(student).toMatchObject({
      parentId: parent.id,
      schoolId,
      areaId: area.id,
      priceBhd: '27.50',
      contactNumber1: '36001122',
      contactNumber2: '37001122',
      serviceType: 'BOTH',
      class: 'A',
      roundabout: null,
      address: 'Block 901, Road 12, House/Building 34',
      flatHome: null,
      address2: null,
      termsVersionId,
      termsIp: '127.0.0.1',
      paymentStatus: 'unpaid',
      driverId: null,
    });
    expect(Date.now() - student.termsAcceptedAt!.getTime()).toBeLessThan(60_000);

    const outbox = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('recipient', '=', '36001122')
      .where('templateKey', '=', 'registration_received')
      .execute();
    expect(outbox.map((row) => row.payload)).toContainEqual({ automatedId, studentName: 'Sara Ali' });
    expect(outbox.find((row) => (row.payload as { automatedId?: string }).automatedId === automatedId)).toMatchObject({
      recipientType: 'sms',
      status: 'pending',
    });

    // The new parent can sign in and sees the student.
    const client = t.client();
    expect((await client.post('/api/auth/login', { email, password: input.password })).status).toBe(200);
    const students = await client.get('/api/parent/students');
    expect(students.status).toBe(200);
    expect(students.body).toEqual({
      students: [
        {
          id: student.id,
          automatedId,
          firstName: 'Sara',
          lastName: 'Ali',
          fathersName: 'Hassan',
          grade: '3',
          class: 'A',
          studentSchoolId: input.studentSchoolId,
          serviceType: 'BOTH',
          priceBhd: '27.50',
          schoolName: 'Registration School',
          area: { name: expect.stringMatching(/^Sitra /) },
          driver: null,
          address: 'Block 901, Road 12, House/Building 34',
          block: '901',
          road: '12',
          houseBuilding: '34',
        },
      ],
    });
  });

  it('keeps a full address the parent typed and a roundabout the area offers (as a numeric string)', async () => {
    const input = registration({ areaId: roundaboutArea.id, roundabout: '22', address: 'Villa 3, Riffa Views' });
    const response = await t.client().post('/api/registrations', input);
    expect(response.status).toBe(201);
    const [student] = (await rowsForEmail(input.parentEmail)).students;
    expect(student).toMatchObject({ roundabout: 22, address: 'Villa 3, Riffa Views', priceBhd: '30.00' });
  });

  it('ignores any price the client sends: the fee is the area price', async () => {
    const input = registration({ priceBhd: '1.00', price: '0.50', monthlyPrice: 1 } as Record<string, unknown>);
    expect((await t.client().post('/api/registrations', input)).status).toBe(201);
    const [student] = (await rowsForEmail(input.parentEmail)).students;
    expect(student?.priceBhd).toBe('27.50');
  });

  it('works through tRPC as the web form calls it', async () => {
    const input = registration();
    const response = await t.client().post('/trpc/registration.create', input);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ result: { data: { redirectTo: '/parent-login', message: SERVER_MESSAGES.registrationReceived } } });
  });
});

describe('registration validation (from the server)', () => {
  it('answers an empty form with every required-field message on its field', async () => {
    const response = await t.client().post('/api/registrations', {});
    expect(response.status).toBe(400);
    const { issues } = response.body as { issues: Record<string, string> };
    expect(issues).toMatchObject({
      firstName: MESSAGES.firstNameRequired,
      lastName: MESSAGES.lastNameRequired,
      fathersName: MESSAGES.fathersNameRequired,
      grade: MESSAGES.gradeRequired,
      schoolId: MESSAGES.schoolRequired,
      areaId: MESSAGES.areaRequired,
      studentSchoolId: MESSAGES.studentSchoolIdRequired,
      block: MESSAGES.blockRequired,
      road: MESSAGES.roadRequired,
      houseBuilding: MESSAGES.houseBuildingRequired,
      parentName: MESSAGES.parentNameRequired,
      parentEmail: MESSAGES.invalidEmail,
      parentPhone: MESSAGES.phoneDigits,
      password: MESSAGES.passwordMin,
      termsAccepted: MESSAGES.termsRequired,
      serviceType: MESSAGES.serviceTypeRequired,
    });
    expect(issues).not.toHaveProperty('class');
    expect(issues).not.toHaveProperty('address');
    expect(issues).not.toHaveProperty('address2');
    expect(issues).not.toHaveProperty('flatHome');
    expect(issues).not.toHaveProperty('parentPhone2');
  });

  it('answers blank required text (spaces only) with the same messages', async () => {
    const response = await t.client().post(
      '/api/registrations',
      registration({
        firstName: '  ',
        lastName: '',
        fathersName: ' ',
        studentSchoolId: ' ',
        block: '',
        road: ' ',
        houseBuilding: '',
        parentName: ' ',
        grade: '' as never,
      }),
    );
    expect(response.status).toBe(400);
    expect((response.body as { issues: Record<string, string> }).issues).toEqual({
      firstName: MESSAGES.firstNameRequired,
      lastName: MESSAGES.lastNameRequired,
      fathersName: MESSAGES.fathersNameRequired,
      studentSchoolId: MESSAGES.studentSchoolIdRequired,
      block: MESSAGES.blockRequired,
      road: MESSAGES.roadRequired,
      houseBuilding: MESSAGES.houseBuildingRequired,
      parentName: MESSAGES.parentNameRequired,
      grade: MESSAGES.gradeRequired,
    });
  });

  it.each([
    ['parentEmail', { parentEmail: 'not-an-email' }, MESSAGES.invalidEmail],
    ['parentPhone', { parentPhone: '3600112' }, MESSAGES.phoneDigits],
    ['parentPhone', { parentPhone: '3600112a' }, MESSAGES.phoneDigits],
    ['parentPhone2', { parentPhone2: '123' }, MESSAGES.phoneDigits],
    ['password', { password: '12345' }, MESSAGES.passwordMin],
    ['termsAccepted', { termsAccepted: false as never }, MESSAGES.termsRequired],
    ['serviceType', { serviceType: 'TAXI' as never }, MESSAGES.serviceTypeRequired],
    ['grade', { grade: '13' as never }, MESSAGES.gradeRequired],
    ['class', { class: 'Z' as never }, MESSAGES.classInvalid],
    ['roundabout', { roundabout: 0 }, MESSAGES.roundaboutInvalid],
  ] as const)('refuses a bad %s with its message', async (field, overrides, message) => {
    const input = registration(overrides);
    const response = await t.client().post('/api/registrations', input);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, issues: { [field]: message }, code: messageCode(message), issueCodes: { [field]: messageCode(message) } });
    expect((await rowsForEmail(input.parentEmail)).users).toHaveLength(0);
  });

  it('refuses an unknown or inactive school and area', async () => {
    const inactiveSchool = await t.db
      .insertInto('schools')
      .values({ schoolCode: `OLD-${Date.now().toString(36)}`, name: 'Closed School', active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inactiveArea = await t.db
      .insertInto('areas')
      .values({ name: `Closed ${Date.now().toString(36)}`, price: '20.00', active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cases: [Partial<RegistrationInput>, string, string][] = [
      [{ schoolId: 'not-a-school' }, 'schoolId', SERVER_MESSAGES.unknownSchool],
      [{ schoolId: '00000000-0000-4000-8000-000000000000' }, 'schoolId', SERVER_MESSAGES.unknownSchool],
      [{ schoolId: inactiveSchool.id }, 'schoolId', SERVER_MESSAGES.unknownSchool],
      [{ areaId: 'area-999' }, 'areaId', SERVER_MESSAGES.unknownArea],
      [{ areaId: inactiveArea.id }, 'areaId', SERVER_MESSAGES.unknownArea],
    ];
    for (const [overrides, field, message] of cases) {
      const input = registration(overrides);
      const response = await t.client().post('/api/registrations', input);
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body).toEqual({ message, issues: { [field]: message }, code: messageCode(message), issueCodes: { [field]: messageCode(message) } });
      expect((await rowsForEmail(input.parentEmail)).users).toHaveLength(0);
    }
  });

  it('refuses a roundabout for an area without roundabouts, and one beyond the area count', async () => {
    const none = await t.client().post('/api/registrations', registration({ roundabout: 1 }));
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      message: SERVER_MESSAGES.roundaboutNotOffered,
      issues: { roundabout: SERVER_MESSAGES.roundaboutNotOffered },
      code: 'server.roundaboutNotOffered',
      issueCodes: { roundabout: 'server.roundaboutNotOffered' },
    });
    const beyond = await t.client().post('/api/registrations', registration({ areaId: roundaboutArea.id, roundabout: 23 }));
    expect(beyond.status).toBe(400);
    expect(beyond.body).toEqual({
      message: SERVER_MESSAGES.roundaboutOutOfRange,
      issues: { roundabout: SERVER_MESSAGES.roundaboutOutOfRange },
      code: 'server.roundaboutOutOfRange',
      issueCodes: { roundabout: 'server.roundaboutOutOfRange' },
    });
  });

  it('refuses a retired, an unknown and a malformed terms version with 400', async () => {
    const retired = await t.db.insertInto('terms').values({ version: 900, content: 'Old terms', active: false }).returning('id').executeTakeFirstOrThrow();
    for (const id of [retired.id, '00000000-0000-4000-8000-000000000000', 'v1']) {
      const input = registration({ termsVersionId: id });
      const response = await t.client().post('/api/registrations', input);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: SERVER_MESSAGES.termsVersionNotActive,
        issues: { termsVersionId: SERVER_MESSAGES.termsVersionNotActive },
        code: 'server.termsVersionNotActive',
        issueCodes: { termsVersionId: 'server.termsVersionNotActive' },
      });
      expect((await rowsForEmail(input.parentEmail)).users).toHaveLength(0);
    }
  });
});

describe('families with several children', () => {
  it('adds a second student to the parent whose email and password match', async () => {
    const first = registration({ firstName: 'Sara' });
    expect((await t.client().post('/api/registrations', first)).status).toBe(201);
    const second = registration({ firstName: 'Omar', parentEmail: first.parentEmail.toUpperCase(), password: first.password, parentName: 'Someone Else' });
    const response = await t.client().post('/api/registrations', second);
    expect(response.status).toBe(201);
    const rows = await rowsForEmail(first.parentEmail);
    expect(rows.users).toHaveLength(1);
    expect(rows.parents).toHaveLength(1);
    expect(rows.students.map((student) => student.firstName).sort()).toEqual(['Omar', 'Sara']);
  });

  it('answers a parent email with the wrong password as any registration, adds nothing to that family, and tells the family by SMS once a day', async () => {
    const parent = await createParent(t.db);
    const input = registration({ parentEmail: parent.email, password: 'wrong-password', firstName: 'Intruder' });
    const response = await t.client().post('/api/registrations', input);
    expect([response.status, response.body]).toEqual([201, { message: SERVER_MESSAGES.registrationReceived, redirectTo: '/parent-login' }]);
    expect((await rowsForEmail(parent.email)).students).toHaveLength(0);
    const notices = async () =>
      t.db
        .selectFrom('notifications')
        .selectAll()
        .where('templateKey', '=', 'registration_email_in_use')
        .where('recipient', '=', '36000000')
        .where(sql<boolean>`payload->>'studentName' = 'Intruder Ali'`)
        .execute();
    expect(await notices()).toEqual([expect.objectContaining({ recipient: '36000000', payload: { studentName: 'Intruder Ali' } })]);
    // Tried again the same day: the same answer, and no second message (so it cannot flood the family).
    expect((await t.client().post('/api/registrations', registration({ parentEmail: parent.email, password: 'other-wrong' }))).status).toBe(201);
    expect(
      await t.db
        .selectFrom('notifications')
        .select('id')
        .where('templateKey', '=', 'registration_email_in_use')
        .where('recipient', '=', '36000000')
        .where(sql<boolean>`idempotency_key like ${`%${parent.id}%`}`)
        .execute(),
    ).toHaveLength(1);
    expect((await rowsForEmail(parent.email)).students).toHaveLength(0);
  });

  it('answers the same for the email of an admin, even with the admin password, and changes nothing', async () => {
    const admin = await createAdmin(t.db);
    const response = await t.client().post('/api/registrations', registration({ parentEmail: admin.email, password: admin.password }));
    expect([response.status, response.body]).toEqual([201, { message: SERVER_MESSAGES.registrationReceived, redirectTo: '/parent-login' }]);
    const user = await t.db.selectFrom('users').select(['id', 'role']).where('email', '=', admin.email).executeTakeFirstOrThrow();
    expect(user.role).toBe('admin');
    expect(await t.db.selectFrom('parents').select('id').where('userId', '=', user.id).execute()).toEqual([]);
  });

  it('checks the form the same way whether or not the email has an account', async () => {
    const parent = await createParent(t.db);
    for (const email of [parent.email, `nobody-${Date.now()}@example.com`]) {
      const unknownArea = await t
        .client()
        .post('/api/registrations', registration({ parentEmail: email, password: 'wrong-password', areaId: '00000000-0000-4000-8000-000000000000' }));
      expect([unknownArea.status, unknownArea.body]).toEqual([
        400,
        {
          message: SERVER_MESSAGES.unknownArea,
          issues: { areaId: SERVER_MESSAGES.unknownArea },
          code: 'server.unknownArea',
          issueCodes: { areaId: 'server.unknownArea' },
        },
      ]);
    }
  });

  it('adds to the signed-in parent whatever email and password the form carries', async () => {
    const parent = await createParent(t.db);
    const client = t.client();
    expect((await client.post('/api/auth/login', { email: parent.email, password: parent.password })).status).toBe(200);
    const input = registration({ firstName: 'Maryam' });
    expect((await client.post('/api/registrations', input)).status).toBe(201);
    expect((await rowsForEmail(input.parentEmail)).users).toHaveLength(0);
    const students = await client.get<{ students: { firstName: string }[] }>('/api/parent/students');
    expect(students.body.students.map((student) => student.firstName)).toEqual(['Maryam']);
  });
});

describe('one transaction', () => {
  it('leaves no user, parent, student or outbox row behind when a late step fails', async () => {
    // A failure on the last write (the outbox row), after the user, parent and student were inserted.
    await sql`CREATE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_outbox BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_outbox()`.execute(t.db);
    const input = registration({ parentPhone: '39990001' });
    const countStudents = async () =>
      Number(
        (
          await t.db
            .selectFrom('students')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countStudents();
    try {
      const response = await t.client().post('/api/registrations', input);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: SERVER_MESSAGES.internal, code: 'server.internal' });
    } finally {
      await sql`DROP TRIGGER refuse_outbox ON notifications`.execute(t.db);
      await sql`DROP FUNCTION refuse_outbox()`.execute(t.db);
    }
    const rows = await rowsForEmail(input.parentEmail);
    expect(rows).toEqual({ users: [], parents: [], students: [] });
    expect(await countStudents()).toBe(before);
    expect(await t.db.selectFrom('notifications').select('id').where('recipient', '=', '39990001').execute()).toHaveLength(0);

    // The same registration goes through once the outbox works again.
    expect((await t.client().post('/api/registrations', input)).status).toBe(201);
  });

  it('gives 50 concurrent registrations 50 distinct automatedIds and 50 parents', async () => {
    const inputs = Array.from({ length: 50 }, (_, index) => registration({ parentEmail: `burst-${Date.now().toString(36)}-${index}@example.com` }));
    const responses = await Promise.all(inputs.map((input) => t.client().post('/api/registrations', input)));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
    const perParent = await Promise.all(inputs.map(async (input) => (await rowsForEmail(input.parentEmail)).students.map((student) => student.automatedId)));
    expect(perParent.map((own) => own.length)).toEqual(Array(50).fill(1));
    const ids = perParent.flat();
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^STU-\d{4}-\d{5}$/);
    const parents = await t.db
      .selectFrom('parents')
      .innerJoin('users', 'users.id', 'parents.userId')
      .select('parents.id')
      .where(
        'users.email',
        'in',
        inputs.map((input) => input.parentEmail),
      )
      .execute();
    expect(parents).toHaveLength(50);
  }, 120_000);
});

describe('GET /api/parent/students', () => {
  it('lists only the signed-in parent’s own students; 401 anonymous, 403 for an admin', async () => {
    const mine = registration({ firstName: 'Noor' });
    const theirs = registration({ firstName: 'Hamad' });
    expect((await t.client().post('/api/registrations', mine)).status).toBe(201);
    expect((await t.client().post('/api/registrations', theirs)).status).toBe(201);

    const client = t.client();
    await client.post('/api/auth/login', { email: mine.parentEmail, password: mine.password });
    const own = await client.get<{ students: { firstName: string }[] }>('/api/parent/students');
    expect(own.body.students.map((student) => student.firstName)).toEqual(['Noor']);

    const anonymous = await t.client().get('/api/parent/students');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: SERVER_MESSAGES.notSignedIn, code: 'server.notSignedIn' });

    const admin = await createAdmin(t.db);
    const adminClient = t.client();
    await adminClient.post('/api/auth/login', { email: admin.email, password: admin.password });
    const forbidden = await adminClient.get('/api/parent/students');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: SERVER_MESSAGES.forbidden, code: 'server.forbidden' });
  });

  it('shows the assigned driver by name and phone', async () => {
    const input = registration({ firstName: 'Layla' });
    expect((await t.client().post('/api/registrations', input)).status).toBe(201);
    const { automatedId } = (await rowsForEmail(input.parentEmail)).students[0]!;
    const driverUser = await t.db
      .insertInto('users')
      .values({ passwordHash: 'x', role: 'driver', name: 'Ahmed Driver', phone: '33445566' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const driver = await t.db
      .insertInto('drivers')
      .values({ userId: driverUser.id, name: 'Ahmed Driver', phone: '33445566', licenseNo: 'L-1', areaIds: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('students').set({ driverId: driver.id }).where('automatedId', '=', automatedId).execute();
    const client = t.client();
    await client.post('/api/auth/login', { email: input.parentEmail, password: input.password });
    const { body } = await client.get<{ students: { driver: unknown }[] }>('/api/parent/students');
    expect(body.students[0]?.driver).toEqual({ name: 'Ahmed Driver', phone: '33445566' });
  });
});
