import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_MESSAGES, SERVER_MESSAGES, type AdminNotification, type AdminNotificationList, type RegistrationInput } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type HttpResponse, type TestServer } from '../../test/harness.js';
import { createAdmin, createParent } from '../../test/factories.js';
import { OutboxWorker, type WorkerLogger } from '../notifications/worker.js';
import type { DeliveryMessage, Transport } from '../notifications/transports.js';
import type { OutboxWorkerSettings } from '../notifications/config.js';

/**
 * The texts the public registration form sends are limited, so that a script filling in the form
 * cannot make the company pay for thousands of SMS or WhatsApp messages: 3 per phone number per
 * Bahrain day, and REGISTRATION_TEXTS_PER_HOUR across the service, beyond which they are held for
 * the office. The registration's answer is the same whatever happened to its text.
 */

const quiet: WorkerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const WORKER: OutboxWorkerSettings = { enabled: false, intervalMs: 50, maxAttempts: 5, retryBaseMs: 10, leaseMs: 60_000, batchSize: 25 };
const PASSWORD = 'a-long-parent-passphrase-42';
let counter = 0;
const uniquePhone = () => `3${String(Date.now() + counter++).slice(-7)}`;

function recordingTransport(delivered: DeliveryMessage[]): Transport {
  return {
    name: 'recording',
    async send(message) {
      delivered.push(message);
    },
  };
}

async function registrationChoices(t: TestServer) {
  const stamp = `${Date.now().toString(36)}${counter++}`;
  const schoolId = (
    await t.db
      .insertInto('schools')
      .values({ schoolCode: `RT-${stamp}`, name: 'Texts School' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const areaId = (
    await t.db
      .insertInto('areas')
      .values({ name: `Texts ${stamp}`, price: '27.50' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const termsVersionId = (await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
  return { schoolId, areaId, termsVersionId };
}

/** A parent registers a child through the public form, from a browser of their own. */
async function register(
  t: TestServer,
  choices: { schoolId: string; areaId: string; termsVersionId: string },
  phone: string,
  email = `texts-${counter++}-${Date.now()}@example.com`,
): Promise<HttpResponse> {
  const input: RegistrationInput = {
    firstName: 'Maryam',
    fathersName: 'Hassan',
    lastName: `Ali ${counter++}`,
    grade: '3',
    studentSchoolId: `RT-${counter++}`,
    parentName: 'Fatima Ali',
    parentEmail: email,
    parentPhone: phone,
    password: PASSWORD,
    serviceType: 'BOTH',
    block: '901',
    road: '12',
    houseBuilding: '34',
    termsAccepted: true,
    ...choices,
  };
  return t.client().post('/api/registrations', input);
}

/** What the registrant sees of the answer: the status, the body and the headers that could differ. */
const seen = (response: HttpResponse) => ({
  status: response.status,
  body: response.body,
  type: response.headers.get('content-type'),
  length: response.headers.get('content-length'),
});

const textsTo = (t: TestServer, phone: string) =>
  t.db
    .selectFrom('notifications')
    .selectAll()
    .where('recipient', '=', phone)
    .where('templateKey', 'in', ['registration_received', 'registration_email_in_use'])
    .orderBy('createdAt')
    .execute();

describe('registration texts to one phone number', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('at most 3 a day: the 4th registration with the same phone sends no text, and is answered the same', async () => {
    const choices = await registrationChoices(t);
    const phone = uniquePhone();
    const answers: HttpResponse[] = [];
    for (let i = 0; i < 4; i++) answers.push(await register(t, choices, phone));

    // Every registration is made and answered alike.
    expect(answers.map(seen)).toEqual(Array(4).fill(seen(answers[0]!)));
    expect(answers[0]).toMatchObject({ status: 201, body: { message: SERVER_MESSAGES.registrationReceived, redirectTo: '/parent-login' } });
    expect(await t.db.selectFrom('students').select('id').where('contactNumber1', '=', phone).execute()).toHaveLength(4);
    // Only the first three wrote a text.
    const texts = await textsTo(t, phone);
    expect(texts).toHaveLength(3);
    expect(texts.every((text) => text.status === 'pending' && text.templateKey === 'registration_received')).toBe(true);

    // Another number the same day is not affected.
    const other = uniquePhone();
    expect((await register(t, choices, other)).status).toBe(201);
    expect(await textsTo(t, other)).toHaveLength(1);
  });

  it('count the notices to the owner of an email used without its password too', async () => {
    const choices = await registrationChoices(t);
    const owner = await createParent(t.db);
    const phone = uniquePhone();
    await t.db.updateTable('users').set({ phone }).where('id', '=', owner.id).execute();
    for (let i = 0; i < 3; i++) expect((await register(t, choices, phone)).status).toBe(201);
    // The owner's phone has had its 3 texts today: the notice of a 4th registration naming their email is not written.
    const intruder = await register(t, choices, uniquePhone(), owner.email);
    expect(intruder.status).toBe(201);
    expect((await textsTo(t, phone)).map((text) => text.templateKey)).toEqual(['registration_received', 'registration_received', 'registration_received']);
  });
});

describe('registration texts across the service (REGISTRATION_TEXTS_PER_HOUR=2)', () => {
  let t: TestServer;
  let admin: HttpClient;
  let adminId: string;
  const delivered: DeliveryMessage[] = [];
  let worker: OutboxWorker;
  beforeAll(async () => {
    // The server's own worker is off: the test runs the rounds itself.
    t = await startTestServer({ outbox: { transport: { kind: 'log' }, worker: WORKER, registrationTextsPerHour: 2 } });
    const account = await createAdmin(t.db);
    adminId = account.id;
    admin = t.client();
    expect((await admin.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    worker = new OutboxWorker(t.db, recordingTransport(delivered), { ...WORKER, enabled: true }, quiet);
  });
  afterAll(() => t.close());

  it('the third text in an hour is held, answered the same, sent only once the office releases it (audited)', async () => {
    const choices = await registrationChoices(t);
    const phones = [uniquePhone(), uniquePhone(), uniquePhone()];
    const answers: HttpResponse[] = [];
    for (const phone of phones) answers.push(await register(t, choices, phone));
    expect(answers.map(seen)).toEqual(Array(3).fill(seen(answers[0]!)));
    expect(answers[0]!.status).toBe(201);

    const statuses = await Promise.all(phones.map(async (phone) => (await textsTo(t, phone)).map((text) => text.status)));
    expect(statuses).toEqual([['pending'], ['pending'], ['held']]);
    const [held] = await textsTo(t, phones[2]!);
    expect((await admin.get<{ count: number }>('/api/admin/notifications/held-count')).body).toEqual({ count: 1 });
    const list = await admin.get<AdminNotificationList>('/api/admin/notifications?status=held');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      total: 1,
      notifications: [
        {
          id: held!.id,
          status: 'held',
          recipient: phones[2],
          sending: false,
          nextAttemptAt: null,
          text: expect.stringContaining('School bus registration received'),
        },
      ],
    });

    // The worker sends the two pending texts and leaves the held one.
    await worker.drain();
    expect(delivered.map((message) => message.to).sort()).toEqual([`+973${phones[0]}`, `+973${phones[1]}`].sort());
    expect((await textsTo(t, phones[2]!))[0]).toMatchObject({ status: 'held', attempts: 0 });

    // The office releases it: it becomes pending, the release is audited, and the next round sends it.
    const released = await admin.post<{ notification: AdminNotification }>(`/api/admin/notifications/${held!.id}/release`);
    expect(released.status).toBe(200);
    expect(released.body.notification).toMatchObject({ id: held!.id, status: 'pending' });
    const audit = await t.db.selectFrom('auditLogs').selectAll().where('entityType', '=', 'notification').where('entityId', '=', held!.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: adminId,
      action: 'release',
      diff: expect.objectContaining({ status: { from: 'held', to: 'pending' }, recipient: phones[2] }),
    });
    expect((await admin.get<{ count: number }>('/api/admin/notifications/held-count')).body).toEqual({ count: 0 });
    await worker.drain();
    expect(delivered.filter((message) => message.id === held!.id)).toHaveLength(1);
    expect((await textsTo(t, phones[2]!))[0]).toMatchObject({ status: 'sent', attempts: 1 });

    // Only a held message can be released.
    const again = await admin.post(`/api/admin/notifications/${held!.id}/release`);
    expect(again).toMatchObject({ status: 409, body: { message: OUTBOX_MESSAGES.onlyHeldReleased } });
    expect((await admin.post('/api/admin/notifications/00000000-0000-4000-8000-000000000000/release')).body).toEqual({
      message: OUTBOX_MESSAGES.notificationNotFound,
      code: 'outbox.notificationNotFound',
    });
  });

  it('releases every held text at once, one audit row each, and only the admin may', async () => {
    const choices = await registrationChoices(t);
    // The hour's two places are taken (and a released text counts as sent): both of these are held.
    const phones = [uniquePhone(), uniquePhone()];
    for (const phone of phones) expect((await register(t, choices, phone)).status).toBe(201);
    const held = (await Promise.all(phones.map((phone) => textsTo(t, phone)))).flat();
    expect(held.map((text) => text.status)).toEqual(['held', 'held']);

    const parent = await createParent(t.db);
    const parentClient = t.client();
    await parentClient.post('/api/auth/login', { email: parent.email, password: parent.password });
    expect((await parentClient.post('/api/admin/notifications/release-held')).status).toBe(403);
    expect((await parentClient.post(`/api/admin/notifications/${held[0]!.id}/release`)).status).toBe(403);
    expect((await t.client().get('/api/admin/notifications/held-count')).status).toBe(401);

    const response = await admin.post<{ released: number }>('/api/admin/notifications/release-held');
    expect(response).toMatchObject({ status: 200, body: { released: 2 } });
    expect((await Promise.all(phones.map((phone) => textsTo(t, phone)))).flat().map((text) => text.status)).toEqual(['pending', 'pending']);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['entityId', 'action', 'actorUserId'])
      .where('entityType', '=', 'notification')
      .where(
        'entityId',
        'in',
        held.map((text) => text.id),
      )
      .execute();
    expect(audit.map((row) => row.entityId).sort()).toEqual(held.map((text) => text.id).sort());
    expect(audit.every((row) => row.action === 'release' && row.actorUserId === adminId)).toBe(true);
    await worker.drain();
    expect(delivered.filter((message) => held.some((text) => text.id === message.id))).toHaveLength(2);
  });
});
