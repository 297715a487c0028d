import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin, createDriver, createParent } from '../test/factories.js';

/** Many people at once: nothing lost, nothing doubled, no 5xx. */
let t: TestServer;
let choices: { schoolId: string; areaId: string; termsVersionId: string };
beforeAll(async () => {
  t = await startTestServer();
  const stamp = Date.now().toString(36);
  const school = await t.db
    .insertInto('schools')
    .values({ schoolCode: `LOAD-${stamp}`, name: 'Load School' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const area = await t.db
    .insertInto('areas')
    .values({ name: `Load Area ${stamp}`, price: '25.00' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const terms = await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow();
  choices = { schoolId: school.id, areaId: area.id, termsVersionId: terms.id };
});
afterAll(() => t.close());

describe('200 concurrent registrations', () => {
  it('all succeed with unique automated IDs, and every acknowledged registration is stored once', async () => {
    const stamp = Date.now().toString(36);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.client().post('/api/registrations', {
          firstName: 'Many',
          fathersName: 'At',
          lastName: `Once ${i}`,
          grade: 'KG1',
          studentSchoolId: `MANY-${stamp}-${i}`,
          parentName: 'Parent',
          parentEmail: `many-${stamp}-${i}@example.com`,
          // A phone each: one phone number gets at most 3 registration texts a day.
          parentPhone: String(36_005_000 + i),
          password: 'many-pass',
          serviceType: 'HOME_TO_SCHOOL',
          block: '1',
          road: '2',
          houseBuilding: '3',
          termsAccepted: true,
          ...choices,
        }),
      ),
    );
    expect(responses.filter((r) => r.status !== 201).map((r) => [r.status, r.body])).toEqual([]);
    // Each acknowledged registration once (the answer names no student ID: it goes out by SMS).
    const stored = await t.db.selectFrom('students').select(['automatedId', 'studentSchoolId']).where('studentSchoolId', 'like', `MANY-${stamp}-%`).execute();
    expect(stored.map((s) => s.studentSchoolId).sort()).toEqual(Array.from({ length: 200 }, (_, i) => `MANY-${stamp}-${i}`).sort());
    expect(new Set(stored.map((s) => s.automatedId)).size).toBe(200);
    // Each with its text: sent, or beyond the hourly cap (REGISTRATION_TEXTS_PER_HOUR) held for the office.
    const messages = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('templateKey', '=', 'registration_received')
      .where(sql<boolean>`payload->>'automatedId' in (${sql.join(stored.map((s) => s.automatedId))})`)
      .execute();
    expect(messages).toHaveLength(200);
    const parents = await t.db.selectFrom('users').select('id').where('email', 'like', `many-${stamp}-%`).execute();
    expect(parents).toHaveLength(200);
  });
});

describe('200 concurrent admin edits of the same students', () => {
  const STUDENTS = 5;
  const EDITS = 200;

  it('all succeed, one at a time per student: no lost or doubled row, every edit audited from the value before it, the last one stands', async () => {
    const admins: HttpClient[] = [];
    for (let i = 0; i < 2; i += 1) {
      const account = await createAdmin(t.db);
      const client = t.client();
      expect((await client.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
      admins.push(client);
    }
    // Edits move each student between two drivers and none, so each change of driver also sends its messages.
    const driverIds = [(await createDriver(t.db)).driverId, (await createDriver(t.db)).driverId, null];
    const stamp = Date.now().toString(36);
    const students: { id: string; automatedId: string; address: string }[] = [];
    for (let i = 0; i < STUDENTS; i += 1) {
      const parent = await createParent(t.db);
      students.push(
        await t.db
          .insertInto('students')
          .values({
            schoolId: choices.schoolId,
            firstName: 'Edited',
            fathersName: 'Many',
            lastName: `Times ${i}`,
            grade: '3',
            studentSchoolId: `EDIT-${stamp}-${i}`,
            contactNumber1: '36000000',
            serviceType: 'BOTH',
            priceBhd: '25.00',
            areaId: choices.areaId,
            address: `Original ${i}`,
            houseBuilding: '3',
            road: '2',
            block: '1',
            parentId: parent.parentId,
          })
          .returning(['id', 'automatedId', 'address'])
          .executeTakeFirstOrThrow(),
      );
    }
    const studentCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('students')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const countBefore = await studentCount();

    // Edit i: the whole Edit Student form as the office sends it, with its own address and driver; half by REST, half by tRPC.
    const edits = Array.from({ length: EDITS }, (_, i) => ({
      i,
      student: students[i % STUDENTS]!,
      address: `Edit ${i} of ${stamp}`,
      driverId: driverIds[i % driverIds.length]!,
    }));
    const responses = await Promise.all(
      edits.map(({ i, student, address, driverId }) => {
        const form = {
          firstName: 'Edited',
          fathersName: 'Many',
          lastName: `Times ${i % STUDENTS}`,
          grade: '3',
          class: null,
          studentSchoolId: `EDIT-${stamp}-${i % STUDENTS}`,
          schoolId: choices.schoolId,
          areaId: choices.areaId,
          roundabout: null,
          serviceType: 'BOTH',
          contactNumber1: '36000000',
          contactNumber2: '',
          address,
          block: '1',
          road: '2',
          houseBuilding: '3',
          flatHome: '',
          address2: '',
          locationLink: '',
          priceBhd: '25.00',
          paymentStatus: 'unpaid',
          driverId,
        };
        const admin = admins[i % admins.length]!;
        return i % 2 === 0 ? admin.put(`/api/admin/students/${student.id}`, form) : admin.post('/trpc/admin.students.update', { ...form, id: student.id });
      }),
    );
    expect(responses.filter((r) => r.status !== 200).map((r) => [r.status, r.body])).toEqual([]);
    expect(await studentCount()).toBe(countBefore);

    for (const student of students) {
      const mine = edits.filter((edit) => edit.student === student);
      const audits = await t.db
        .selectFrom('auditLogs')
        .select('diff')
        .where('entityType', '=', 'student')
        .where('entityId', '=', student.id)
        .where('action', '=', 'update')
        .execute();
      const diffs = audits.map(
        (row) => (typeof row.diff === 'string' ? JSON.parse(row.diff) : row.diff) as Record<string, { from: unknown; to: unknown } | undefined>,
      );
      // One audit row per acknowledged edit (each changed the address).
      expect(diffs).toHaveLength(mine.length);
      // The edits ran one after another: each row's 'from' is the previous row's 'to', from the original address to the stored one.
      const next = new Map(diffs.map((diff) => [diff.address!.from, diff.address!.to]));
      expect(next.size).toBe(mine.length);
      const chain: unknown[] = [];
      for (let address: unknown = student.address; next.has(address); address = next.get(address)) chain.push(next.get(address));
      expect(chain).toHaveLength(mine.length);
      expect([...chain].sort()).toEqual(mine.map((edit) => edit.address).sort());
      const stored = await t.db.selectFrom('students').select(['address', 'driverId']).where('id', '=', student.id).executeTakeFirstOrThrow();
      expect(stored.address).toBe(chain.at(-1));
      expect(stored.driverId).toBe(mine.find((edit) => edit.address === stored.address)!.driverId);
      // Every change of driver sent its messages once, and nothing else did.
      const driverChanges = diffs.filter((diff) => diff.driverId !== undefined);
      const messages = await t.db
        .selectFrom('notifications')
        .select('templateKey')
        .where(sql<boolean>`payload->>'automatedId' = ${student.automatedId}`)
        .execute();
      const count = (key: string) => messages.filter((m) => m.templateKey === key).length;
      expect(count('driver_assigned')).toBe(driverChanges.filter((diff) => diff.driverId!.to !== null).length);
      expect(count('student_assigned')).toBe(count('driver_assigned'));
      expect(count('driver_removed')).toBe(driverChanges.filter((diff) => diff.driverId!.to === null).length);
    }
  });
});
