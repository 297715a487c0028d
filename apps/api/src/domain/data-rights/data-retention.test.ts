import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testEngine } from '@school-transport/db/testing';
import { eventually, startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createParent, createSchool, createStaff, createStudent } from '../../test/factories.js';
import { applyDataRetention } from './retention.js';

/**
 * Nothing is kept longer than its purpose: on a fixed clock, the daily job erases a family inactive
 * for the set months and keeps an active one, and removes old counters, codes and message texts.
 * And the office's views of a child are logged (after the answer) for admins and the family.
 */
let t: TestServer;
let schoolId: string;
let areaId: string;
const NOW = new Date('2026-12-03T06:00:00Z');

async function familySince(createdAt: Date, label: string) {
  const parent = await createParent(t.db);
  // created_at is never written by the app (its type says so): the test sets the account's age directly.
  await sql`UPDATE users SET created_at = ${createdAt}, name = ${`Family ${label}`}, phone = NULL WHERE id = ${parent.id}`.execute(t.db);
  await t.db.updateTable('parents').set({ whatsappNumber: null }).where('id', '=', parent.parentId).execute();
  const student = await createStudent(t.db, { schoolId, areaId, parentId: parent.parentId, firstName: `Child${label}`, createdAt });
  return { ...parent, studentId: student.id };
}

beforeAll(async () => {
  t = await startTestServer();
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db)).id;
}, 120_000);
afterAll(() => t?.close());

describe(`data retention on ${testEngine()}`, () => {
  it('erases a family with no fee row or ride for 24 months, keeps one with a recent fee row, and removes old counters, codes and texts', async () => {
    const gone = await familySince(new Date('2024-10-01T00:00:00Z'), 'Gone');
    const paying = await familySince(new Date('2024-10-01T00:00:00Z'), 'Paying');
    await t.db
      .insertInto('fees')
      .values({
        studentId: paying.studentId,
        month: '2025-09',
        amount: '30.00',
        dueFrom: '2025-09-01',
        dueDate: '2025-09-10',
        createdAt: new Date('2025-08-26T00:00:00Z'),
      })
      .execute();
    await t.db
      .insertInto('fees')
      .values({
        studentId: gone.studentId,
        month: '2024-10',
        amount: '30.00',
        dueFrom: '2024-10-01',
        dueDate: '2024-10-10',
        createdAt: new Date('2024-09-26T00:00:00Z'),
      })
      .execute();
    await t.db
      .insertInto('signInAttempts')
      .values([
        { scope: 'address', key: '10.0.0.1', attempts: 3, windowStartedAt: new Date('2026-12-01T00:00:00Z') },
        { scope: 'address', key: '10.0.0.2', attempts: 1, windowStartedAt: new Date('2026-12-03T05:50:00Z') },
      ])
      .execute();
    const old = await t.db
      .insertInto('notifications')
      .values({
        recipientType: 'sms',
        recipient: '39001122',
        templateKey: 'bus_near',
        payload: JSON.stringify({ studentName: 'Ali', minutes: 5 }),
        status: 'sent',
        sentAt: new Date('2025-11-01T00:00:00Z'),
        body: 'The bus is 5 minutes away',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await t.db
      .insertInto('notifications')
      .values({
        recipientType: 'sms',
        recipient: '39001122',
        templateKey: 'bus_near',
        payload: JSON.stringify({ studentName: 'Ali', minutes: 5 }),
        status: 'sent',
        sentAt: new Date('2026-11-01T00:00:00Z'),
        body: 'The bus is 5 minutes away',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const result = await applyDataRetention(t.db, NOW, 24);
    expect(result).toMatchObject({ familiesErased: 1, countersDeleted: 1, messageTextsRemoved: 1 });

    const names = await t.db.selectFrom('users').select(['id', 'name', 'status']).where('id', 'in', [gone.id, paying.id]).orderBy('name').execute();
    expect(names.map((row) => [row.id === gone.id ? 'gone' : 'paying', row.name, row.status])).toEqual([
      ['gone', 'Erased family 1001', 'inactive'],
      ['paying', 'Family Paying', 'active'],
    ]);
    expect((await t.db.selectFrom('students').select('firstName').where('id', '=', gone.studentId).executeTakeFirstOrThrow()).firstName).toBe('Erased');
    // Its fee row stays, for the tax records.
    expect(await t.db.selectFrom('fees').select('amount').where('studentId', '=', gone.studentId).execute()).toEqual([{ amount: '30.00' }]);
    expect((await t.db.selectFrom('signInAttempts').select('key').execute()).map((row) => row.key)).toEqual(['10.0.0.2']);
    expect(await t.db.selectFrom('notifications').select(['id', 'body']).where('id', 'in', [old.id, recent.id]).orderBy('sentAt').execute()).toEqual([
      { id: old.id, body: null },
      { id: recent.id, body: 'The bus is 5 minutes away' },
    ]);
    expect((await t.db.selectFrom('auditLogs').select('diff').where('action', '=', 'erase').executeTakeFirstOrThrow()).diff).toMatchObject({
      reason: 'retention',
    });

    // A second run finds nothing more to do.
    expect(await applyDataRetention(t.db, NOW, 24)).toEqual({ familiesErased: 0, countersDeleted: 0, codesDeleted: 0, messageTextsRemoved: 0 });
  });

  it("logs the office's views of a child for admins (by person and child) and for the family's My data", async () => {
    const family = await familySince(new Date('2026-09-01T00:00:00Z'), 'Viewed');
    const other = await familySince(new Date('2026-09-01T00:00:00Z'), 'NotViewed');
    const adminAccount = await createAdmin(t.db);
    const admin: HttpClient = await t.signIn(adminAccount);
    const staffAccount = await createStaff(t.db, 'test-staff-pass', 'Fatima Staff');
    const staff = await t.signIn(staffAccount);
    expect((await staff.get(`/api/admin/students/${family.studentId}`)).status).toBe(200);
    expect((await staff.get(`/api/admin/students/${family.studentId}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/students/${other.studentId}`)).status).toBe(200);

    // Written after the answers, in one batch; the same view again soon after is one view.
    expect(await eventually(async () => (await t.db.selectFrom('recordViews').select('id').execute()).length === 2)).toBe(true);
    const byChild = await admin.get<{ views: { what: string; viewer: { name: string }; student: { id: string } }[]; total: number }>(
      `/api/admin/record-views?studentId=${family.studentId}`,
    );
    expect(byChild.status).toBe(200);
    expect(byChild.body).toMatchObject({ total: 1, views: [{ what: 'record', viewer: { name: 'Fatima Staff' }, student: { id: family.studentId } }] });
    const byPerson = await admin.get<{ total: number }>(`/api/admin/record-views?viewerUserId=${adminAccount.id}`);
    expect(byPerson.body.total).toBe(1);
    expect((await staff.get('/api/admin/record-views')).status).toBe(403);

    const parent = await t.signIn(family);
    const response = await fetch(`${t.url}/api/parent/my-data`, { headers: { cookie: parent.cookie ?? '' } });
    const { unzipSync, strFromU8 } = await import('fflate');
    const views = JSON.parse(strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))['office-views.json']!)) as {
      studentId: string;
      viewer: string;
      what: string;
    }[];
    expect(views).toEqual([expect.objectContaining({ studentId: family.studentId, viewer: 'Fatima Staff', what: 'record' })]);
  });
});
