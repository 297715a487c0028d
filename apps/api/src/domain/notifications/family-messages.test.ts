import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  FAMILY_MESSAGE_MESSAGES,
  type AdminNotification,
  type FamilyMessagePreview,
  type FamilyMessageResult,
  type Language,
  type ServiceType,
} from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent } from '../../test/factories.js';
import { DEFAULT_WORKER_SETTINGS } from './config.js';

/**
 * The office's message to families over HTTP: who it reaches (a run, a school, every family; one
 * message per family), in each family's language, the hourly cap (FAMILY_MESSAGES_PER_HOUR=3 here)
 * holding the rest, and the audit row.
 */
let t: TestServer;
let asAdmin: HttpClient;
let adminId: string;
let driver: Awaited<ReturnType<typeof createDriver>>;
let otherDriver: Awaited<ReturnType<typeof createDriver>>;
let zahra: { id: string };
let noor: { id: string };
let emptySchool: { id: string };
let area: { id: string };

/** A family (its account's phone and language) with children on the given schools, drivers and services. */
async function family(
  phone: string,
  language: Language,
  children: { school: { id: string }; driverId: string | null; serviceType: ServiceType; deleted?: boolean }[],
) {
  const parent = await createParent(t.db);
  await t.db.updateTable('users').set({ phone, language }).where('id', '=', parent.id).execute();
  for (const child of children) {
    await createStudent(t.db, {
      schoolId: child.school.id,
      areaId: area.id,
      parentId: parent.parentId,
      driverId: child.driverId,
      serviceType: child.serviceType,
      deletedAt: child.deleted ? new Date() : null,
    });
  }
  return parent;
}

const preview = (query: string) => asAdmin.get<FamilyMessagePreview & { message?: string }>(`/api/admin/family-messages/preview?${query}`);
const send = (body: Record<string, unknown>) =>
  asAdmin.post<FamilyMessageResult & { message?: string; issues?: Record<string, string> }>('/api/admin/family-messages', body);
const officeMessages = async () =>
  (await asAdmin.get<{ notifications: AdminNotification[] }>('/api/admin/notifications?templateKey=family_message&pageSize=100')).body.notifications;

beforeAll(async () => {
  t = await startTestServer({ outbox: { transport: { kind: 'log' }, worker: { ...DEFAULT_WORKER_SETTINGS, enabled: false }, familyMessagesPerHour: 3 } });
  const admin = await createAdmin(t.db);
  adminId = admin.id;
  asAdmin = await t.signIn(admin);
  driver = await createDriver(t.db);
  otherDriver = await createDriver(t.db);
  zahra = await createSchool(t.db, 'Zahra School');
  noor = await createSchool(t.db, 'Noor School');
  emptySchool = await createSchool(t.db, 'Empty School');
  area = await createArea(t.db);
  // Two children both ways on the driver's runs: one family, one message.
  await family('36100001', 'en', [
    { school: zahra, driverId: driver.driverId, serviceType: 'BOTH' },
    { school: zahra, driverId: driver.driverId, serviceType: 'BOTH' },
  ]);
  await family('36100002', 'ar', [{ school: zahra, driverId: driver.driverId, serviceType: 'HOME_TO_SCHOOL' }]);
  await family('36100003', 'en', [{ school: zahra, driverId: driver.driverId, serviceType: 'SCHOOL_TO_HOME' }]);
  await family('36100004', 'ar', [{ school: noor, driverId: otherDriver.driverId, serviceType: 'BOTH' }]);
  // A deleted student's family hears nothing.
  await family('36100005', 'en', [{ school: noor, driverId: driver.driverId, serviceType: 'BOTH', deleted: true }]);
});
afterAll(() => t.close());

describe('the count before sending', () => {
  it("counts one family per parent on a driver's morning run, by language", async () => {
    const answer = await preview(`audience=run&driverId=${driver.driverId}&run=morning`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ families: 2, english: 1, arabic: 1, sendNow: 2, held: 0 });
  });

  it("counts the afternoon run's families, a school's, and every family's (deleted students left out)", async () => {
    expect((await preview(`audience=run&driverId=${driver.driverId}&run=afternoon`)).body).toMatchObject({ families: 2, english: 2, arabic: 0 });
    expect((await preview(`audience=school&schoolId=${zahra.id}`)).body).toMatchObject({ families: 3, english: 2, arabic: 1 });
    expect((await preview(`audience=school&schoolId=${noor.id}`)).body).toMatchObject({ families: 1, english: 0, arabic: 1 });
    expect((await preview('audience=all')).body).toEqual({ families: 4, english: 2, arabic: 2, sendNow: 3, held: 1 });
  });

  it('refuses a run without its driver (400), an unknown school or driver (404)', async () => {
    const noDriver = await preview('audience=run&run=morning');
    expect(noDriver.status).toBe(400);
    expect(noDriver.body.message).toBe(FAMILY_MESSAGE_MESSAGES.driverRequired);
    const unknownSchool = await preview('audience=school&schoolId=00000000-0000-4000-8000-000000000000');
    expect(unknownSchool.status).toBe(404);
    expect(unknownSchool.body.message).toBe(ADMIN_MESSAGES.schoolNotFound);
    const unknownDriver = await preview('audience=run&run=morning&driverId=not-a-driver');
    expect(unknownDriver.status).toBe(404);
    expect(unknownDriver.body.message).toBe(ADMIN_MESSAGES.driverNotFound);
  });
});

describe('sending', () => {
  it('refuses a message without English, and a choice that reaches nobody, writing nothing', async () => {
    const noText = await send({ audience: 'all', textEn: '   ', textAr: 'نص' });
    expect(noText.status).toBe(400);
    expect(noText.body.issues).toEqual({ textEn: FAMILY_MESSAGE_MESSAGES.textRequired });
    const nobody = await send({ audience: 'school', schoolId: emptySchool.id, textEn: 'Hello' });
    expect(nobody.status).toBe(409);
    expect(nobody.body.message).toBe(FAMILY_MESSAGE_MESSAGES.noFamilies);
    expect(await officeMessages()).toEqual([]);
  });

  it("writes one message per family of the run in the family's language, audited in the same transaction", async () => {
    const answer = await send({
      audience: 'run',
      driverId: driver.driverId,
      run: 'morning',
      textEn: 'Bus 12 is running 15 minutes late',
      textAr: 'الحافلة 12 متأخرة 15 دقيقة',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({ families: 2, queued: 2, held: 0 });
    const messages = await officeMessages();
    expect(messages.map((message) => [message.recipient, message.language, message.status, message.text]).sort()).toEqual([
      ['36100001', 'en', 'pending', 'Bus 12 is running 15 minutes late'],
      ['36100002', 'ar', 'pending', 'الحافلة 12 متأخرة 15 دقيقة'],
    ]);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['actorUserId', 'entityType', 'action', 'diff'])
      .where('entityType', '=', 'familyMessage')
      .execute();
    expect(audit).toEqual([
      {
        actorUserId: adminId,
        entityType: 'familyMessage',
        action: 'send',
        diff: {
          audience: 'run',
          driverId: driver.driverId,
          run: 'morning',
          textEn: 'Bus 12 is running 15 minutes late',
          textAr: 'الحافلة 12 متأخرة 15 دقيقة',
          families: 2,
          queued: 2,
          held: 0,
        },
      },
    ]);
  });

  it('holds the messages beyond the hourly cap until the office releases them; without Arabic, Arabic readers get the English', async () => {
    // Two of the hour's three are taken: the count says one goes now and three wait.
    expect((await preview('audience=all')).body).toEqual({ families: 4, english: 2, arabic: 2, sendNow: 1, held: 3 });
    const answer = await send({ audience: 'all', textEn: 'No service tomorrow: flooding', textAr: '' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ families: 4, queued: 1, held: 3 });
    const latest = (await officeMessages()).filter((message) => message.text.includes('flooding'));
    expect(latest.map((message) => message.status).sort()).toEqual(['held', 'held', 'held', 'pending']);
    expect(latest.filter((message) => message.language === 'ar').map((message) => message.text)).toEqual([
      'No service tomorrow: flooding',
      'No service tomorrow: flooding',
    ]);
    expect((await asAdmin.get<{ count: number }>('/api/admin/notifications/held-count')).body).toEqual({ count: 3 });
    // The hour is used up: the next message is held whole.
    expect((await preview(`audience=school&schoolId=${noor.id}`)).body).toMatchObject({ sendNow: 0, held: 1 });
    const released = await asAdmin.post<{ released: number }>('/api/admin/notifications/release-held');
    expect(released.body.released).toBe(3);
    expect((await officeMessages()).every((message) => message.status === 'pending')).toBe(true);
  });

  it('is refused to a parent and a driver', async () => {
    const asParent = await t.signIn(await createParent(t.db));
    expect((await asParent.post('/api/admin/family-messages', { audience: 'all', textEn: 'Hi' })).status).toBe(403);
    expect((await t.client().get('/api/admin/family-messages/preview?audience=all')).status).toBe(401);
  });
});
