import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { companySettings, OUTBOX_MESSAGES, type AdminNotification, type AdminNotificationList, type RegistrationInput } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createParent } from '../../test/factories.js';
import { enqueueNotification } from './outbox.js';
import { OutboxWorker, retryDelayMs, type WorkerLogger } from './worker.js';
import { createTransport, IDEMPOTENCY_HEADER, WEBHOOK_SIGNATURE_HEADER, type DeliveryMessage, type Transport } from './transports.js';
import { toBahrainE164 } from './phone.js';
import { formatBhd, renderMessage } from './templates.js';
import type { OutboxWorkerSettings } from './config.js';
import { loadConfig } from '../../env.js';

const quiet: WorkerLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FAST: OutboxWorkerSettings = { enabled: true, intervalMs: 50, maxAttempts: 5, retryBaseMs: 10, leaseMs: 60_000, batchSize: 25 };
const WEBHOOK_SECRET = 'gateway-shared-secret';

let t: TestServer;
let admin: { id: string; email: string; password: string };
let api: HttpClient;
let counter = 0;
const uniquePhone = () => `3${String(Date.now() + counter++).slice(-7)}`;

beforeAll(async () => {
  t = await startTestServer();
  admin = await createAdmin(t.db);
  api = t.client();
  expect((await api.post('/api/auth/login', { email: admin.email, password: admin.password })).status).toBe(200);
});
afterAll(() => t.close());

/** A real HTTP gateway on 127.0.0.1 that answers each call with the status `answer` picks, after `delayMs`. */
interface Gateway {
  url: string;
  calls: { headers: IncomingHttpHeaders; raw: string; body: Record<string, unknown>; path: string; status: number }[];
  close(): Promise<void>;
}
async function startGateway(answer: (callNumber: number, body: Record<string, unknown>) => number, delayMs = 0): Promise<Gateway> {
  const calls: Gateway['calls'] = [];
  const server: Server = createHttpServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      const status = answer(calls.length + 1, body);
      calls.push({ headers: req.headers, raw, body, path: req.url ?? '', status });
      setTimeout(
        () => res.writeHead(status, { 'content-type': 'application/json' }).end(status < 300 ? '{"ok":true}' : '{"error":{"message":"gateway is down"}}'),
        delayMs,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/send`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function pendingMessage(db: Kysely<Database>, overrides: { recipient?: string; language?: 'en' | 'ar' } = {}) {
  const recipient = overrides.recipient ?? uniquePhone();
  await db.transaction().execute((trx) =>
    enqueueNotification(trx, {
      recipient,
      templateKey: 'driver_removed',
      payload: { automatedId: 'STU-2026-00001', studentName: 'Sara Ali' },
      idempotencyKey: `test-${recipient}-${counter++}`,
      ...(overrides.language ? { language: overrides.language } : {}),
    }),
  );
  return db.selectFrom('notifications').selectAll().where('recipient', '=', recipient).orderBy('createdAt', 'desc').executeTakeFirstOrThrow();
}

const rowOf = (id: string) => t.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Rounds of the worker until the row is no longer pending (retries wait a few milliseconds here). */
async function deliverUntilSettled(worker: OutboxWorker, id: string) {
  for (let round = 0; round < 200; round++) {
    await worker.runOnce();
    const row = await rowOf(id);
    if (row.status !== 'pending') return row;
    await sleep(15);
  }
  throw new Error('the message never settled');
}

function recordingTransport(delivered: DeliveryMessage[], delayMs = 0): Transport {
  return {
    name: 'recording',
    async send(message) {
      if (delayMs) await sleep(Math.random() * delayMs);
      delivered.push(message);
    },
  };
}

function registration(phone: string, email: string, schoolId: string, areaId: string, termsVersionId: string): RegistrationInput {
  return {
    firstName: 'Maryam',
    fathersName: 'Hassan',
    lastName: 'Ali',
    grade: '3',
    schoolId,
    studentSchoolId: `OB-${counter++}`,
    parentName: 'Fatima Ali',
    parentEmail: email,
    parentPhone: phone,
    password: 'secret-1',
    serviceType: 'BOTH',
    areaId,
    block: '901',
    road: '12',
    houseBuilding: '34',
    termsAccepted: true,
    termsVersionId,
  };
}

async function registrationChoices() {
  const stamp = `${Date.now().toString(36)}${counter++}`;
  const schoolId = (
    await t.db
      .insertInto('schools')
      .values({ schoolCode: `OB-${stamp}`, name: 'Outbox School' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const areaId = (
    await t.db
      .insertInto('areas')
      .values({ name: `Outbox ${stamp}`, price: '27.50' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const termsVersionId = (await t.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
  return { schoolId, areaId, termsVersionId };
}

describe('phone numbers', () => {
  it('are sent as +973 E.164', () => {
    expect(toBahrainE164('36001122')).toBe('+97336001122');
    expect(toBahrainE164('+97336001122')).toBe('+97336001122');
    expect(toBahrainE164('973 3600 1122')).toBe('+97336001122');
    expect(toBahrainE164('0097336001122')).toBe('+97336001122');
    expect(toBahrainE164('97312345')).toBe('+97397312345');
    expect(toBahrainE164('3600112')).toBeNull();
    expect(toBahrainE164('+447700900123')).toBeNull();
    expect(toBahrainE164('')).toBeNull();
  });
});

describe('templates', () => {
  const settings = companySettings.parse({
    companyName: 'Gulf Bus',
    paymentMobileNumber: '39998888',
    paymentBankAccount: 'BH67BMAG00001299123456',
    whatsappNumber: '33334444',
  });

  it('render the registration message with the payment instructions from the settings, in English and Arabic', () => {
    const payload = { automatedId: 'STU-2026-00042', studentName: 'Maryam Ali' };
    const en = renderMessage('registration_received', payload, { language: 'en', settings });
    expect(en.text).toBe(
      'Gulf Bus: School bus registration received for Maryam Ali. Student ID: STU-2026-00042. Pay by mobile payment app to 39998888. Bank transfer to BH67BMAG00001299123456. Monthly fees are due from the 26th to the 30th of the month before the service month. Send the student ID and a screenshot of the transfer by WhatsApp to 33334444.',
    );
    const ar = renderMessage('registration_received', payload, { language: 'ar', settings });
    expect(ar.text).toContain('رقم الطالب: STU-2026-00042');
    expect(ar.text).toContain('الدفع عبر تطبيق الدفع إلى 39998888');
    expect(ar.text).toContain('واتساب إلى 33334444');
    expect(ar.params).toEqual(['Maryam Ali', 'STU-2026-00042', expect.stringContaining('تحويل بنكي إلى BH67BMAG00001299123456')]);
    // Settings not filled in leave their lines out.
    const bare = renderMessage('registration_received', payload, { language: 'en', settings: companySettings.parse({}) });
    expect(bare.text).not.toMatch(/mobile payment|Bank transfer|WhatsApp/);
    expect(bare.text).toMatch(/^School bus registration received/);
  });

  it('format amounts in BHD with the product’s two decimals, and the month in the recipient’s language', () => {
    expect(formatBhd('25.5', 'en')).toBe('BHD 25.50');
    expect(formatBhd('1234', 'en')).toBe('BHD 1,234.00');
    expect(formatBhd('25.50', 'ar')).toContain('25.50');
    expect(formatBhd('25.50', 'ar')).toContain('د.ب');
    const payload = { automatedId: 'STU-2026-00042', studentName: 'Maryam Ali', amountBhd: '27.5', month: '2026-11' };
    const plain = companySettings.parse({});
    expect(renderMessage('payment_received', payload, { language: 'en', settings: plain }).text).toBe(
      'Payment received for Maryam Ali (STU-2026-00042): BHD 27.50 for November 2026. Thank you.',
    );
    const ar = renderMessage('payment_received', payload, { language: 'ar', settings: plain }).text;
    expect(ar).toContain('نوفمبر 2026');
    expect(ar).toContain('27.50');
  });

  it('exist in both languages for every event, with the note of a decision', () => {
    const plain = companySettings.parse({});
    const payloads = {
      driver_assigned: { automatedId: 'STU-1', studentName: 'Sara', driverName: 'Ahmed', driverPhone: '33000001' },
      driver_removed: { automatedId: 'STU-1', studentName: 'Sara' },
      student_assigned: {
        automatedId: 'STU-1',
        studentName: 'Sara',
        schoolName: 'Ibn Khuldoon',
        areaName: 'Riffa',
        address: 'Block 1',
        contactNumber1: '36001122',
        serviceType: 'HOME_TO_SCHOOL',
      },
      modification_approved: { studentName: 'Sara', adminNote: 'New address from Sunday' },
      modification_rejected: { studentName: 'Sara', adminNote: null },
    };
    for (const [key, payload] of Object.entries(payloads)) {
      const en = renderMessage(key, payload, { language: 'en', settings: plain }).text;
      const ar = renderMessage(key, payload, { language: 'ar', settings: plain }).text;
      expect(en).toContain('Sara');
      expect(ar).toContain('Sara');
      expect(ar).toMatch(/[\u0600-\u06FF]/);
      expect(en).not.toMatch(/[\u0600-\u06FF]/);
    }
    expect(renderMessage('driver_assigned', payloads.driver_assigned, { language: 'en', settings: plain }).text).toBe(
      'Sara (STU-1) now rides with driver Ahmed, phone 33000001.',
    );
    expect(renderMessage('student_assigned', payloads.student_assigned, { language: 'ar', settings: plain }).text).toContain('من المنزل إلى المدرسة');
    expect(renderMessage('modification_approved', payloads.modification_approved, { language: 'en', settings: plain }).text).toBe(
      'Your change request for Sara was approved. Note: New address from Sunday',
    );
    expect(renderMessage('modification_rejected', payloads.modification_rejected, { language: 'en', settings: plain }).text).toBe(
      'Your change request for Sara was rejected.',
    );
    expect(() => renderMessage('no_such_key', {}, { language: 'en', settings: plain })).toThrow(/No message template/);
  });
});

describe('writing messages', () => {
  it('a registration writes its message in its own transaction: rolled back at commit, it leaves no message', async () => {
    const choices = await registrationChoices();
    const phone = uniquePhone();
    // Fails at COMMIT, after the student and the outbox row were both written in the transaction.
    await sql`CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused at commit'; END $$`.execute(t.db);
    await sql`CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON students DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()`.execute(
      t.db,
    );
    try {
      const response = await t
        .client()
        .post('/api/registrations', registration(phone, `rollback-${phone}@example.com`, choices.schoolId, choices.areaId, choices.termsVersionId));
      expect(response.status).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_at_commit ON students`.execute(t.db);
      await sql`DROP FUNCTION refuse_at_commit()`.execute(t.db);
    }
    expect(await t.db.selectFrom('notifications').select('id').where('recipient', '=', phone).execute()).toHaveLength(0);

    const response = await t
      .client()
      .post('/api/registrations', registration(phone, `rollback-${phone}@example.com`, choices.schoolId, choices.areaId, choices.termsVersionId));
    expect(response.status).toBe(201);
    const student = await t.db.selectFrom('students').select('automatedId').where('contactNumber1', '=', phone).executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('notifications').selectAll().where('recipient', '=', phone).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      templateKey: 'registration_received',
      status: 'pending',
      attempts: 0,
      language: 'en',
      payload: { automatedId: student.automatedId, studentName: 'Maryam Ali' },
    });
  });

  it('takes the recipient’s language from their account, and one idempotency key makes one message', async () => {
    const parent = await createParent(t.db);
    const phone = uniquePhone();
    await t.db.updateTable('users').set({ phone, language: 'ar' }).where('id', '=', parent.id).execute();
    const message = {
      recipient: phone,
      templateKey: 'payment_received' as const,
      payload: { automatedId: 'STU-1', studentName: 'Sara', amountBhd: '25.00', month: '2026-11' },
      idempotencyKey: `payment:${phone}:2026-11`,
    };
    await t.db.transaction().execute((trx) => enqueueNotification(trx, message));
    await t.db.transaction().execute((trx) => enqueueNotification(trx, message));
    const rows = await t.db.selectFrom('notifications').selectAll().where('recipient', '=', phone).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.language).toBe('ar');

    // A transaction that fails after writing its message leaves none.
    const other = uniquePhone();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueNotification(trx, { recipient: other, templateKey: 'driver_removed', payload: { automatedId: 'STU-1', studentName: 'Sara' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.selectFrom('notifications').select('id').where('recipient', '=', other).execute()).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('webhook: a gateway that fails the first two calls receives the message, signed, and it is sent once', async () => {
    const gateway = await startGateway((call) => (call <= 2 ? 503 : 200));
    try {
      // Only this test's message is due: earlier rows are parked for the moment.
      const row = await pendingMessage(t.db, { language: 'ar' });
      await t.db
        .updateTable('notifications')
        .set({ nextAttemptAt: sql<Date>`now() + interval '1 hour'` })
        .where('status', '=', 'pending')
        .where('id', '!=', row.id)
        .execute();
      const worker = new OutboxWorker(t.db, createTransport({ kind: 'webhook', url: gateway.url, secret: WEBHOOK_SECRET }, quiet), FAST, quiet);
      const settled = await deliverUntilSettled(worker, row.id);

      expect(settled).toMatchObject({ status: 'sent', attempts: 3, errorMsg: null, lockedBy: null, lockedUntil: null });
      expect(settled.sentAt).toBeInstanceOf(Date);
      expect(gateway.calls.map((call) => call.status)).toEqual([503, 503, 200]);
      expect(gateway.calls.filter((call) => call.status === 200)).toHaveLength(1);
      const delivered = gateway.calls[2]!;
      expect(delivered.body).toEqual({
        channel: 'sms',
        to: `+973${row.recipient}`,
        text: settled.body,
        templateKey: 'driver_removed',
        payload: { automatedId: 'STU-2026-00001', studentName: 'Sara Ali' },
        id: row.id,
      });
      expect(settled.body).toContain('لم يعد للطالب Sara Ali');
      // Every try carries the same idempotency key, and the signature verifies against the raw body.
      expect(gateway.calls.map((call) => call.headers[IDEMPOTENCY_HEADER])).toEqual([row.id, row.id, row.id]);
      const expected = Buffer.from(`sha256=${createHmac('sha256', WEBHOOK_SECRET).update(delivered.raw).digest('hex')}`);
      const signature = Buffer.from(String(delivered.headers[WEBHOOK_SIGNATURE_HEADER]));
      expect(signature.length).toBe(expected.length);
      expect(timingSafeEqual(signature, expected)).toBe(true);
      const forged = Buffer.from(`sha256=${createHmac('sha256', 'another-secret').update(delivered.raw).digest('hex')}`);
      expect(timingSafeEqual(signature, forged)).toBe(false);
    } finally {
      await t.db.updateTable('notifications').set({ nextAttemptAt: sql<Date>`now()` }).where('status', '=', 'pending').execute();
      await gateway.close();
    }
  });

  it('a gateway that keeps failing leaves the message failed after 5 tries, with the error kept', async () => {
    const gateway = await startGateway(() => 500);
    try {
      const row = await pendingMessage(t.db);
      const worker = new OutboxWorker(t.db, createTransport({ kind: 'webhook', url: gateway.url, secret: WEBHOOK_SECRET }, quiet), FAST, quiet);
      const settled = await deliverUntilSettled(worker, row.id);
      expect(settled).toMatchObject({ status: 'failed', attempts: 5, errorMsg: 'Gateway answered 500: {"error":{"message":"gateway is down"}}', sentAt: null });
      expect(gateway.calls.filter((call) => call.body.id === row.id)).toHaveLength(5);
      // Failed is final: further rounds leave it alone.
      await worker.runOnce();
      expect(gateway.calls.filter((call) => call.body.id === row.id)).toHaveLength(5);
    } finally {
      await gateway.close();
    }
  });

  it('waits longer after each failed try (exponential backoff)', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('a number that is not a Bahrain phone fails at once with the reason', async () => {
    const row = await pendingMessage(t.db, { recipient: '12345' });
    const delivered: DeliveryMessage[] = [];
    const settled = await deliverUntilSettled(new OutboxWorker(t.db, recordingTransport(delivered), FAST, quiet), row.id);
    expect(settled).toMatchObject({ status: 'failed', attempts: 1, errorMsg: 'Not a Bahrain phone number: 12345' });
    expect(delivered.filter((message) => message.id === row.id)).toHaveLength(0);
  });

  it('a message whose lease ran out (its process died) is taken again by another worker', async () => {
    const row = await pendingMessage(t.db);
    let release: () => void = () => undefined;
    const stuck: Transport = {
      name: 'stuck',
      send: (message) => (message.id === row.id ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()),
    };
    const dying = new OutboxWorker(t.db, stuck, { ...FAST, leaseMs: 400, batchSize: 500 }, quiet, 'dying-worker');
    const delivered: DeliveryMessage[] = [];
    const survivor = new OutboxWorker(t.db, recordingTransport(delivered), FAST, quiet, 'surviving-worker');

    const hung = dying.runOnce();
    for (let i = 0; i < 100 && (await rowOf(row.id)).lockedBy !== 'dying-worker'; i++) await sleep(10);
    expect(await rowOf(row.id)).toMatchObject({ status: 'pending', lockedBy: 'dying-worker', attempts: 1 });
    // While the lease holds, nobody else takes it.
    await survivor.runOnce();
    expect(delivered.filter((message) => message.id === row.id)).toHaveLength(0);

    await sleep(500);
    await survivor.runOnce();
    expect(delivered.filter((message) => message.id === row.id)).toHaveLength(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2, lockedBy: null });

    // The first process finishing late does not overwrite the outcome the other one recorded.
    release();
    await hung;
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2, lockedBy: null });
  });

  it('two workers on separate connections deliver 500 pending messages exactly once each', async () => {
    const ids = (
      await t.db
        .insertInto('notifications')
        .values(
          Array.from({ length: 500 }, (_, index) => ({
            recipientType: 'sms' as const,
            recipient: `3${String(9_000_000 + index).padStart(7, '0')}`,
            templateKey: 'driver_removed',
            payload: JSON.stringify({ automatedId: `STU-2026-${index}`, studentName: 'Bulk Student' }),
          })),
        )
        .returning('id')
        .execute()
    ).map((row) => row.id);
    const other = await t.database.openAnother();
    const delivered: { worker: string; id: string }[] = [];
    const transportFor = (worker: string): Transport => ({
      name: worker,
      async send(message) {
        await sleep(Math.random() * 2);
        delivered.push({ worker, id: message.id });
      },
    });
    const settings = { ...FAST, batchSize: 20 };
    const first = new OutboxWorker(t.db, transportFor('first'), settings, quiet, 'first');
    const second = new OutboxWorker(other.db, transportFor('second'), settings, quiet, 'second');
    try {
      await Promise.all([first.drain(), second.drain()]);
    } finally {
      await other.close();
    }
    const mine = delivered.filter((entry) => ids.includes(entry.id));
    expect(mine).toHaveLength(500);
    expect(new Set(mine.map((entry) => entry.id)).size).toBe(500);
    const rows = await t.db.selectFrom('notifications').select(['status', 'attempts']).where('id', 'in', ids).execute();
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    if (t.database.engine === 'postgres') {
      // Both processes took part: the claims interleaved rather than one worker doing everything.
      expect(mine.some((entry) => entry.worker === 'first')).toBe(true);
      expect(mine.some((entry) => entry.worker === 'second')).toBe(true);
    }
  });

  it('a gateway slower than the lease: with two workers on two connections each message reaches it once', async () => {
    // Each answer takes 300 ms; the first worker claims six messages with a lease of 1 s, so its
    // batch (1.8 s) outlasts the lease it took at the claim, and the second worker (another
    // process, looking every 100 ms) may claim the rest meanwhile.
    const gateway = await startGateway(() => 200, 300);
    const other = await t.database.openAnother();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 6; i++) ids.push((await pendingMessage(t.db)).id);
      // Only this test's messages are due: earlier rows are parked for the moment.
      await t.db
        .updateTable('notifications')
        .set({ nextAttemptAt: sql<Date>`now() + interval '1 hour'` })
        .where('status', '=', 'pending')
        .where('id', 'not in', ids)
        .execute();
      const transport = createTransport({ kind: 'webhook', url: gateway.url, secret: WEBHOOK_SECRET }, quiet);
      const first = new OutboxWorker(t.db, transport, { ...FAST, leaseMs: 1000, batchSize: 6 }, quiet, 'slow-first');
      const second = new OutboxWorker(other.db, transport, { ...FAST, leaseMs: 1000, batchSize: 1 }, quiet, 'slow-second');

      let firstDone = false;
      const firstRound = first.runOnce().finally(() => (firstDone = true));
      const claimedByFirst = async () =>
        (await t.db.selectFrom('notifications').select('id').where('id', 'in', ids).where('lockedBy', '=', 'slow-first').execute()).length;
      for (let i = 0; i < 100 && (await claimedByFirst()) < 6; i++) await sleep(5);
      const secondRounds = (async () => {
        const total = { claimed: 0, sent: 0 };
        while (!firstDone) {
          const round = await second.runOnce();
          total.claimed += round.claimed;
          total.sent += round.sent;
          await sleep(100);
        }
        return total;
      })();
      const [firstOutcome, secondOutcome] = await Promise.all([firstRound, secondRounds]);

      const calls = gateway.calls.filter((call) => ids.includes(call.body.id as string));
      expect(calls.map((call) => call.body.id).sort()).toEqual([...ids].sort());
      // The second worker did take over messages whose first lease had run out, and the first one skipped them.
      expect(secondOutcome.sent).toBeGreaterThan(0);
      expect(firstOutcome.skipped).toBe(secondOutcome.sent);
      expect(firstOutcome.sent + secondOutcome.sent).toBe(6);
      const rows = await t.db.selectFrom('notifications').select(['status', 'attempts', 'lockedBy']).where('id', 'in', ids).execute();
      expect(rows.every((row) => row.status === 'sent' && row.lockedBy === null)).toBe(true);
    } finally {
      await t.db.updateTable('notifications').set({ nextAttemptAt: sql<Date>`now()` }).where('status', '=', 'pending').execute();
      await other.close();
      await gateway.close();
    }
  });

  it('WhatsApp: a template message in the recipient’s language with the rendered facts as parameters', async () => {
    const gateway = await startGateway(() => 200);
    try {
      const row = await pendingMessage(t.db, { language: 'ar' });
      const transport = createTransport(
        {
          kind: 'whatsapp',
          apiUrl: gateway.url.replace('/send', '/v21.0'),
          token: 'cloud-api-token',
          phoneNumberId: '1234567890',
          templateNames: { driver_removed: 'bus_driver_removed' },
          languageCodes: { en: 'en_US', ar: 'ar' },
        },
        quiet,
      );
      const settled = await deliverUntilSettled(new OutboxWorker(t.db, transport, FAST, quiet), row.id);
      expect(settled.status).toBe('sent');
      const call = gateway.calls.find((entry) => (entry.body.to as string) === `973${row.recipient}`)!;
      expect(call.path).toBe('/v21.0/1234567890/messages');
      expect(call.headers.authorization).toBe('Bearer cloud-api-token');
      expect(call.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: `973${row.recipient}`,
        // The Cloud API has no idempotency key; the outbox id comes back in its status webhooks.
        biz_opaque_callback_data: row.id,
        type: 'template',
        template: {
          name: 'bus_driver_removed',
          language: { code: 'ar' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Sara Ali' },
                { type: 'text', text: 'STU-2026-00001' },
              ],
            },
          ],
        },
      });
    } finally {
      await gateway.close();
    }
  });

  it("WhatsApp: a morning no-show carries its 'Not riding' quick-reply button, with the payload the webhook reads back", async () => {
    const gateway = await startGateway(() => 200);
    try {
      const recipient = uniquePhone();
      const reply = 'not_riding:00000000-0000-4000-8000-000000000001:2026-12-02:afternoon';
      await t.db.transaction().execute((trx) =>
        enqueueNotification(trx, {
          recipient,
          templateKey: 'student_no_show',
          payload: {
            studentName: 'Sara Ali',
            run: 'morning',
            at: '2026-12-02T03:40:00.000Z',
            driverName: 'Hassan',
            driverPhone: '33001122',
            notRidingReply: reply,
          },
          idempotencyKey: `test-no-show-${recipient}`,
        }),
      );
      const row = await t.db.selectFrom('notifications').selectAll().where('recipient', '=', recipient).executeTakeFirstOrThrow();
      const transport = createTransport(
        {
          kind: 'whatsapp',
          apiUrl: gateway.url.replace('/send', '/v21.0'),
          token: 'cloud-api-token',
          phoneNumberId: '1234567890',
          templateNames: {},
          languageCodes: { en: 'en_US', ar: 'ar' },
        },
        quiet,
      );
      expect((await deliverUntilSettled(new OutboxWorker(t.db, transport, FAST, quiet), row.id)).status).toBe('sent');
      const call = gateway.calls.find((entry) => (entry.body.to as string) === `973${recipient}`)!;
      const components = (call.body.template as { components: { type: string }[] }).components;
      expect(components[0]!.type).toBe('body');
      expect(components[1]).toEqual({ type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: reply }] });
    } finally {
      await gateway.close();
    }
  });

  it('the server’s own worker sends a registration’s message through the configured webhook, and stops with the server', async () => {
    const gateway = await startGateway(() => 200);
    const started = await t.startAnother({
      outbox: { transport: { kind: 'webhook', url: gateway.url, secret: WEBHOOK_SECRET }, worker: { ...FAST, intervalMs: 50 } },
    });
    try {
      expect(started.server.outbox).toBeDefined();
      const choices = await registrationChoices();
      const phone = uniquePhone();
      const response = await t
        .client()
        .post('/api/registrations', registration(phone, `worker-${phone}@example.com`, choices.schoolId, choices.areaId, choices.termsVersionId));
      expect(response.status).toBe(201);
      const student = await t.db.selectFrom('students').select('automatedId').where('contactNumber1', '=', phone).executeTakeFirstOrThrow();
      for (let i = 0; i < 200 && !gateway.calls.some((call) => call.body.to === `+973${phone}`); i++) await sleep(25);
      const call = gateway.calls.find((entry) => entry.body.to === `+973${phone}`);
      expect(call?.body).toMatchObject({ templateKey: 'registration_received', text: expect.stringContaining(`Student ID: ${student.automatedId}`) });
    } finally {
      await started.server.stop();
      await gateway.close();
    }
    // Stopped: the worker sends nothing more.
    const calls = gateway.calls.length;
    await pendingMessage(t.db);
    await sleep(150);
    expect(gateway.calls.length).toBe(calls);
  });
});

describe('admin Outbox', () => {
  async function failedMessage() {
    const row = await pendingMessage(t.db);
    await t.db.updateTable('notifications').set({ status: 'failed', attempts: 5, errorMsg: 'Gateway answered 500' }).where('id', '=', row.id).execute();
    return row;
  }

  it('lists messages with their text, tries and errors, filtered and paged on the server', async () => {
    const failed = await failedMessage();
    const all = await api.get<AdminNotificationList>('/api/admin/notifications');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThan(500);
    expect(all.body.notifications).toHaveLength(20);

    const byRecipient = await api.get<AdminNotificationList>(`/api/admin/notifications?status=failed&recipient=${failed.recipient}`);
    expect(byRecipient.body).toEqual({
      total: 1,
      notifications: [
        expect.objectContaining({
          id: failed.id,
          status: 'failed',
          recipient: failed.recipient,
          templateKey: 'driver_removed',
          text: 'Sara Ali (STU-2026-00001) has no driver assigned any more. The office will tell you when a new driver is assigned.',
          attempts: 5,
          maxAttempts: 5,
          errorMsg: 'Gateway answered 500',
          sentAt: null,
          nextAttemptAt: null,
        }),
      ],
    });

    const page2 = await api.get<AdminNotificationList>('/api/admin/notifications?status=sent&templateKey=driver_removed&page=2&pageSize=10');
    expect(page2.body.notifications).toHaveLength(10);
    expect(page2.body.notifications.every((n) => n.status === 'sent' && n.templateKey === 'driver_removed' && n.sentAt !== null)).toBe(true);
    const page1 = await api.get<AdminNotificationList>('/api/admin/notifications?status=sent&templateKey=driver_removed&page=1&pageSize=10');
    expect(page1.body.total).toBe(page2.body.total);
    expect(page1.body.notifications.map((n) => n.id)).not.toContain(page2.body.notifications[0]!.id);

    const bad = await api.get('/api/admin/notifications?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: OUTBOX_MESSAGES.statusInvalid });
    expect((await api.get('/api/admin/notifications?templateKey=spam')).body).toMatchObject({ message: OUTBOX_MESSAGES.templateInvalid });
  });

  it('retries one failed message (audited), and refuses others', async () => {
    const failed = await failedMessage();
    const count = await api.get<{ count: number }>('/api/admin/notifications/failed-count');
    expect(count.body.count).toBeGreaterThanOrEqual(1);

    const response = await api.post<{ notification: AdminNotification }>(`/api/admin/notifications/${failed.id}/retry`);
    expect(response.status).toBe(200);
    expect(response.body.notification).toMatchObject({ id: failed.id, status: 'pending', attempts: 0, errorMsg: 'Gateway answered 500' });
    expect(await rowOf(failed.id)).toMatchObject({ status: 'pending', attempts: 0 });
    const audit = await t.db.selectFrom('auditLogs').selectAll().where('entityType', '=', 'notification').where('entityId', '=', failed.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: admin.id,
      action: 'retry',
      diff: expect.objectContaining({ status: { from: 'failed', to: 'pending' }, errorMsg: 'Gateway answered 500' }),
    });
    expect((await api.get<{ count: number }>('/api/admin/notifications/failed-count')).body.count).toBe(count.body.count - 1);

    // Retried, it is delivered by the next round.
    const delivered: DeliveryMessage[] = [];
    expect(await deliverUntilSettled(new OutboxWorker(t.db, recordingTransport(delivered), FAST, quiet), failed.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      errorMsg: null,
    });

    const again = await api.post(`/api/admin/notifications/${failed.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: OUTBOX_MESSAGES.onlyFailedRetried, code: 'outbox.onlyFailedRetried' });
    expect((await api.post('/api/admin/notifications/00000000-0000-4000-8000-000000000000/retry')).body).toEqual({
      message: OUTBOX_MESSAGES.notificationNotFound,
      code: 'outbox.notificationNotFound',
    });
    expect((await api.post('/api/admin/notifications/not-an-id/retry')).status).toBe(404);
  });

  it('retries every failed message at once, and only the admin may', async () => {
    await failedMessage();
    await failedMessage();
    const before = (await api.get<{ count: number }>('/api/admin/notifications/failed-count')).body.count;
    expect(before).toBeGreaterThanOrEqual(2);
    const response = await api.post<{ retried: number }>('/api/admin/notifications/retry-failed');
    expect(response.status).toBe(200);
    expect(response.body.retried).toBe(before);
    expect((await api.get<{ count: number }>('/api/admin/notifications/failed-count')).body.count).toBe(0);

    const parent = await createParent(t.db);
    const parentClient = t.client();
    await parentClient.post('/api/auth/login', { email: parent.email, password: parent.password });
    expect((await parentClient.get('/api/admin/notifications')).status).toBe(403);
    expect((await parentClient.post('/api/admin/notifications/retry-failed')).status).toBe(403);
    expect((await t.client().get('/api/admin/notifications')).status).toBe(401);
  });
});

describe('configuration', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'outbox-env-'));
  it('logs messages by default outside production and names what a chosen transport is missing', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.outbox.transport).toEqual({ kind: 'log', maskPhones: false });
    expect(config.outbox.worker).toMatchObject({ enabled: true, maxAttempts: 5, intervalMs: 5000 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), NOTIFY_TRANSPORT: 'webhook' })).toThrow(/NOTIFY_WEBHOOK_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), NOTIFY_TRANSPORT: 'whatsapp', WHATSAPP_TOKEN: 'x' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), NOTIFY_TRANSPORT: 'whatsapp', WHATSAPP_TOKEN: 'x', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_TEMPLATES: 'nope=x' }),
    ).toThrow(/WHATSAPP_TEMPLATES/);
    const whatsapp = loadConfig({
      DATA_DIR: dataDir(),
      NOTIFY_TRANSPORT: 'whatsapp',
      WHATSAPP_TOKEN: 'x',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_TEMPLATES: 'registration_received=bus_welcome, payment_received=bus_paid',
      OUTBOX_MAX_ATTEMPTS: '3',
    });
    expect(whatsapp.outbox.transport).toMatchObject({
      kind: 'whatsapp',
      templateNames: { registration_received: 'bus_welcome', payment_received: 'bus_paid' },
      languageCodes: { en: 'en', ar: 'ar' },
    });
    expect(whatsapp.outbox.worker.maxAttempts).toBe(3);
  });
  it('refuses a lease that does not outlast the gateway’s timeout (another process could send the message again)', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), OUTBOX_LEASE_MS: '15000' })).toThrow(
      /OUTBOX_LEASE_MS \(15000\) must be at least NOTIFY_TIMEOUT_MS \(10000\) \+ 10000 ms/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), OUTBOX_LEASE_MS: '120000', NOTIFY_TIMEOUT_MS: '115000' })).toThrow(/OUTBOX_LEASE_MS/);
    const webhook = loadConfig({
      DATA_DIR: dataDir(),
      NOTIFY_TRANSPORT: 'webhook',
      NOTIFY_WEBHOOK_URL: 'http://gateway.test/send',
      OUTBOX_LEASE_MS: '30000',
      NOTIFY_TIMEOUT_MS: '20000',
    });
    expect(webhook.outbox.transport).toMatchObject({ kind: 'webhook', timeoutMs: 20_000 });
    expect(webhook.outbox.worker.leaseMs).toBe(30_000);
  });
});

describe('the log transport', () => {
  const SECRET = 'a-production-secret-of-more-than-32-chars';
  function recordingLog() {
    const lines: { object: Record<string, unknown>; message: string }[] = [];
    return { lines, info: (object: Record<string, unknown>, message: string) => lines.push({ object, message }) };
  }
  const message = (to: string, text: string): DeliveryMessage => ({
    id: 'id-1',
    channel: 'sms',
    to,
    text,
    templateKey: 'student_assigned',
    payload: {},
    language: 'en',
    params: [],
  });

  it('in production writes the template key, the message id and the masked phone, and no name, address or number of the text', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'outbox-env-')),
      NOTIFY_TRANSPORT: 'log',
    });
    const log = recordingLog();
    const transport = createTransport(config.outbox.transport, log);
    await transport.send(
      message('+97336000001', 'New student Sara Al-Khalifa (STU-2026-00042), home: Road 2811, Block 428, Seef. Parent 36000001, driver 33001234.'),
    );
    await transport.send({ ...message('parent.sara@example.com', 'Sara Al-Khalifa was assigned to Bus 4.'), id: 'id-2', channel: 'email' });
    expect(log.lines.map((line) => line.message)).toEqual([
      'SMS to +973****0001: student_assigned (id-1)',
      'EMAIL to ***@example.com: student_assigned (id-2)',
    ]);
    expect(log.lines[0]!.object).toEqual({ notificationId: 'id-1', channel: 'sms', to: '+973****0001', templateKey: 'student_assigned' });
    const written = JSON.stringify(log.lines);
    for (const secret of ['Sara', 'Khalifa', 'Road 2811', 'Block 428', 'Seef', '36000001', '33001234', 'parent.sara']) expect(written).not.toContain(secret);
  });

  it('outside production shows the numbers as they are (demos and development)', async () => {
    const log = recordingLog();
    await createTransport(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'outbox-env-')) }).outbox.transport, log).send(
      message('+97336000001', 'Call 36000001.'),
    );
    expect(log.lines[0]!.message).toBe('SMS to +97336000001: Call 36000001.');
  });
});
