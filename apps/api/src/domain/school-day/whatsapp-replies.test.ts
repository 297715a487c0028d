import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, notRidingReply, type Absence, type AdminNotification } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent } from '../../test/factories.js';
import { SetClock } from '../clock.js';
import { writeTomorrowMessages } from './tomorrow-messages.js';

/**
 * The WhatsApp webhook over HTTP on a clock set to Tuesday 1 December 2026 in Bahrain: the
 * handshake, the signature over the raw body (valid, wrong, none), a tap on 'Not riding' recorded
 * as the family's absence with a reply, a delivery repeated, a tap after the cut-off, and the
 * evening message about tomorrow's bus.
 */
const APP_SECRET = 'test-whatsapp-app-secret';
const VERIFY_TOKEN = 'test-verify-token';
const bh = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);
const clock = new SetClock(bh('2026-12-01', '05:00'));
const FAMILY_PHONE = '36200001';

let t: TestServer;
let asAdmin: HttpClient;
let asParent: HttpClient;
let asDriver: HttpClient;
let studentId: string;
let taps = 0;

/** A webhook body as the Cloud API sends it: one inbound quick-reply tap. */
function tapBody(payload: string, from = `973${FAMILY_PHONE}`, messageId = `wamid.test-${taps++}`): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              messages: [{ from, id: messageId, timestamp: '1764558000', type: 'button', button: { payload, text: 'Not riding' } }],
            },
          },
        ],
      },
    ],
  });
}

const sign = (body: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

async function deliver(body: string, signature?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['x-hub-signature-256'] = signature;
  const response = await fetch(`${t.url}/api/webhooks/whatsapp`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const absences = async () => (await asParent.get<{ absences: Absence[] }>('/api/parent/absences')).body.absences;
const replies = async () =>
  (await asAdmin.get<{ notifications: AdminNotification[] }>('/api/admin/notifications?templateKey=absence_by_reply&pageSize=100')).body.notifications;
const recordedTaps = async () => t.db.selectFrom('whatsappReplies').select(['messageId', 'outcome']).orderBy('createdAt').execute();

beforeAll(async () => {
  t = await startTestServer({ clock, whatsappWebhook: { appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN } });
  asAdmin = await t.signIn(await createAdmin(t.db));
  const driver = await createDriver(t.db);
  asDriver = await t.signIn(driver);
  const school = await createSchool(t.db);
  const area = await createArea(t.db);
  const parent = await createParent(t.db);
  await t.db.updateTable('users').set({ phone: FAMILY_PHONE, language: 'ar' }).where('id', '=', parent.id).execute();
  asParent = await t.signIn(parent);
  studentId = (
    await createStudent(t.db, {
      schoolId: school.id,
      areaId: area.id,
      parentId: parent.parentId,
      driverId: driver.driverId,
      firstName: 'Ali',
      lastName: 'Hasan',
    })
  ).id;
});
afterAll(() => t.close());

describe('the subscription handshake', () => {
  it('echoes the challenge for our verify token, and refuses any other with 403', async () => {
    const ok = await fetch(`${t.url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(`${t.url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ message: WEBHOOK_MESSAGES.verifyTokenInvalid });
    expect((await fetch(`${t.url}/api/webhooks/whatsapp?hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).status).toBe(403);
  });
});

describe('a tap on Not riding', () => {
  const afternoonToday = () => notRidingReply({ studentId, date: '2026-12-01', run: 'afternoon' });

  it('unsigned or signed with another secret: 401, and nothing is recorded', async () => {
    const body = tapBody(afternoonToday());
    const unsigned = await deliver(body);
    expect(unsigned).toEqual({ status: 401, body: { message: WEBHOOK_MESSAGES.signatureInvalid, code: 'webhooks.signatureInvalid' } });
    expect((await deliver(body, sign(body, 'another-secret'))).status).toBe(401);
    // The signature of other bytes (the same JSON with a space more) does not sign these.
    expect((await deliver(body, sign(`${body} `))).status).toBe(401);
    expect(await recordedTaps()).toEqual([]);
    expect(await absences()).toEqual([]);
    expect(await replies()).toEqual([]);
  });

  it("signed: records the family's absence for that run and replies in the family's language", async () => {
    const body = tapBody(afternoonToday(), `973${FAMILY_PHONE}`, 'wamid.first');
    const answer = await deliver(body, sign(body));
    expect(answer).toEqual({ status: 200, body: { received: 1 } });
    expect((await absences()).map(({ studentId: student, from, to, run }) => ({ student, from, to, run }))).toEqual([
      { student: studentId, from: '2026-12-01', to: '2026-12-01', run: 'afternoon' },
    ]);
    const [reply] = await replies();
    expect(reply).toMatchObject({
      recipient: FAMILY_PHONE,
      language: 'ar',
      status: 'pending',
      text: 'تم التسجيل: لن يركب Ali Hasan حافلة الظهر يوم 1 ديسمبر 2026.',
    });
    expect(await recordedTaps()).toEqual([{ messageId: 'wamid.first', outcome: 'absence_recorded' }]);
  });

  it('delivered again (Meta retries): nothing recorded twice, no second reply', async () => {
    const body = tapBody(afternoonToday(), `973${FAMILY_PHONE}`, 'wamid.first');
    expect(await deliver(body, sign(body))).toEqual({ status: 200, body: { received: 0 } });
    expect(await absences()).toHaveLength(1);
    expect(await replies()).toHaveLength(1);
  });

  it('from a phone that is not the family’s: nothing is recorded', async () => {
    const body = tapBody(notRidingReply({ studentId, date: '2026-12-02', run: 'both' }), '97339999999');
    expect((await deliver(body, sign(body))).status).toBe(200);
    expect(await absences()).toHaveLength(1);
    expect(await replies()).toHaveLength(1);
  });

  it('after the cut-off: no absence, and the reply says it is too late', async () => {
    clock.set(bh('2026-12-01', '06:30'));
    const body = tapBody(notRidingReply({ studentId, date: '2026-12-01', run: 'morning' }), `973${FAMILY_PHONE}`, 'wamid.late');
    expect(await deliver(body, sign(body))).toEqual({ status: 200, body: { received: 1 } });
    expect((await absences()).map((absence) => absence.run)).toEqual(['afternoon']);
    expect((await recordedTaps()).find((tap) => tap.messageId === 'wamid.late')?.outcome).toBe('too_late');
    expect((await replies()).map((reply) => reply.text)).toContain(
      'فات وقت الإبلاغ عن غياب Ali Hasan يوم 1 ديسمبر 2026: انطلقت الحافلة. يرجى الاتصال بالسائق.',
    );
  });
});

describe('the no-show message', () => {
  it("carries the Not riding reply for this afternoon's bus when a child misses the morning bus", async () => {
    clock.set(bh('2026-12-02', '06:30'));
    const marked = await asDriver.post('/api/driver/runs/morning/marks', { studentId, event: 'no_show', clientId: 'phone-no-show-1' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(201);
    const row = await t.db.selectFrom('notifications').select('payload').where('templateKey', '=', 'student_no_show').executeTakeFirstOrThrow();
    expect(row.payload).toMatchObject({ notRidingReply: notRidingReply({ studentId, date: '2026-12-02', run: 'afternoon' }) });
    // The family taps it: the afternoon run of that day, before its cut-off.
    const body = tapBody(row.payload.notRidingReply as string);
    expect(await deliver(body, sign(body))).toEqual({ status: 200, body: { received: 1 } });
    expect((await absences()).filter((absence) => absence.from === '2026-12-02').map((absence) => absence.run)).toEqual(['afternoon']);
  });
});

describe("the evening message about tomorrow's bus", () => {
  const tomorrowMessages = async () =>
    t.db.selectFrom('notifications').select(['recipient', 'payload', 'language']).where('templateKey', '=', 'tomorrow_bus').execute();

  it('is off by default, and the family turns it on without touching its other choice', async () => {
    expect((await asParent.get<{ messages: unknown }>('/api/parent/school-day-messages')).body.messages).toEqual({ boardedAndDropped: false, tomorrow: false });
    expect(await writeTomorrowMessages(t.db, bh('2026-12-02', '18:30'))).toBe(0);
    const saved = await asParent.put<{ messages: unknown }>('/api/parent/school-day-messages', { boardedAndDropped: false, tomorrow: true });
    expect(saved.body.messages).toEqual({ boardedAndDropped: false, tomorrow: true });
    expect((await asParent.put<{ messages: unknown }>('/api/parent/school-day-messages', { boardedAndDropped: true })).body.messages).toEqual({
      boardedAndDropped: true,
      tomorrow: true,
    });
  });

  it('is written from 18:00 on the eve of a school day, once per child, with the Not riding reply for both runs', async () => {
    expect(await writeTomorrowMessages(t.db, bh('2026-12-02', '17:59'))).toBe(0);
    expect(await writeTomorrowMessages(t.db, bh('2026-12-02', '18:05'))).toBe(1);
    await writeTomorrowMessages(t.db, bh('2026-12-02', '18:10'));
    const reply = notRidingReply({ studentId, date: '2026-12-03', run: 'both' });
    expect(await tomorrowMessages()).toEqual([
      { recipient: FAMILY_PHONE, language: 'ar', payload: { studentName: 'Ali Hasan', date: '2026-12-03', notRidingReply: reply } },
    ]);
    // Thursday evening: Friday has no bus.
    expect(await writeTomorrowMessages(t.db, bh('2026-12-03', '19:00'))).toBe(0);
    // The family taps Not riding that evening: Thursday's absence, both runs.
    clock.set(bh('2026-12-02', '18:20'));
    const body = tapBody(reply);
    expect(await deliver(body, sign(body))).toEqual({ status: 200, body: { received: 1 } });
    expect((await absences()).filter((absence) => absence.from === '2026-12-03').map((absence) => absence.run)).toEqual(['both']);
  });

  it('is not written for a child already reported absent from every run tomorrow', async () => {
    // Sunday the 6th: reported absent already (both runs).
    clock.set(bh('2026-12-03', '12:00'));
    expect((await asParent.post('/api/parent/absences', { studentId, from: '2026-12-06', to: '2026-12-06', run: 'both' })).status).toBe(201);
    expect(await writeTomorrowMessages(t.db, bh('2026-12-05', '18:30'))).toBe(0);
  });
});
