import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { SCHOOL_DAY_MESSAGES, parseNotRidingReply } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { recordAbsence } from './absences.js';

/**
 * A family's tap on a 'Not riding' reply button, as the WhatsApp Cloud API's webhook delivers it:
 * an absence for that student, date and run, as if the parent had reported it in the portal (the
 * same cut-off, the same overlap rule), and a reply saying what was done. Each tap is recorded
 * once by WhatsApp's message id, in the absence's own transaction: a delivery repeated (Meta
 * retries until answered 200) records nothing twice and sends no second reply.
 */
export interface ReplyTap {
  /** WhatsApp's id of the inbound message ('wamid.…'). */
  messageId: string;
  /** The sender's number as WhatsApp writes it: country code and number, no '+'. */
  from: string;
  /** The button's payload (notRidingReply). */
  payload: string;
}

interface InboundMessage {
  id?: unknown;
  from?: unknown;
  type?: unknown;
  button?: { payload?: unknown };
  interactive?: { button_reply?: { id?: unknown } };
}

/** The reply taps in a webhook body (template quick-reply buttons and interactive buttons); anything else is left alone. */
export function replyTapsOf(body: unknown): ReplyTap[] {
  const taps: ReplyTap[] = [];
  const entries = (body as { entry?: unknown } | null)?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown }).changes;
    for (const change of Array.isArray(changes) ? changes : []) {
      const messages = (change as { value?: { messages?: unknown } }).value?.messages;
      for (const message of (Array.isArray(messages) ? messages : []) as InboundMessage[]) {
        const payload =
          message.type === 'button' ? message.button?.payload : message.type === 'interactive' ? message.interactive?.button_reply?.id : undefined;
        if (typeof message.id === 'string' && typeof message.from === 'string' && typeof payload === 'string')
          taps.push({ messageId: message.id, from: message.from, payload });
      }
    }
  }
  return taps;
}

/** Bahrain's numbers as the product stores them: 8 digits, without the country code. */
const localNumber = (from: string) => from.replace(/\D/g, '').replace(/^973(?=\d{8}$)/, '');

type Outcome = 'absence_recorded' | 'too_late' | 'already_reported' | 'not_recognised';

/** Records each tap once; answers how many were new. */
export async function recordReplyTaps(db: Kysely<Database>, now: Date, taps: readonly ReplyTap[]): Promise<number> {
  let recorded = 0;
  for (const tap of taps) {
    const fresh = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('whatsappReplies')
        .values({ messageId: tap.messageId.slice(0, 200), fromPhone: tap.from.slice(0, 40), payload: tap.payload.slice(0, 200), outcome: 'not_recognised' })
        .onConflict((oc) => oc.column('messageId').doNothing())
        .returning('messageId')
        .executeTakeFirst();
      if (!row) return false;
      const reply = parseNotRidingReply(tap.payload);
      if (!reply || !isUuid(reply.studentId)) return true;
      const phone = localNumber(tap.from);
      // The tap counts only from the family's own phone: the account's, the family's WhatsApp or the student's contact.
      const family = await trx
        .selectFrom('students')
        .innerJoin('parents', 'parents.id', 'students.parentId')
        .innerJoin('users', 'users.id', 'parents.userId')
        .select(['students.firstName', 'students.lastName', 'users.id as userId', 'users.language'])
        .where('students.id', '=', reply.studentId)
        .where('students.deletedAt', 'is', null)
        .where((eb) =>
          eb.or([
            eb('users.phone', '=', phone),
            eb('parents.whatsappNumber', '=', phone),
            eb('students.contactNumber1', '=', phone),
            eb('students.contactNumber2', '=', phone),
          ]),
        )
        .executeTakeFirst();
      if (!family) return true;
      let outcome: Outcome;
      let absenceId: string | null = null;
      try {
        const absence = await recordAbsence(
          trx,
          now,
          { kind: 'parent', userId: family.userId },
          { studentId: reply.studentId, from: reply.date, to: reply.date, run: reply.run, reason: null },
        );
        outcome = 'absence_recorded';
        absenceId = absence.id;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.message === SCHOOL_DAY_MESSAGES.tooLateForAbsence) outcome = 'too_late';
        else if (error.message === SCHOOL_DAY_MESSAGES.absenceOverlaps) outcome = 'already_reported';
        else return true;
      }
      await trx.updateTable('whatsappReplies').set({ outcome, absenceId }).where('messageId', '=', row.messageId).execute();
      await enqueueNotification(trx, {
        recipient: phone,
        language: family.language,
        templateKey: 'absence_by_reply',
        payload: {
          studentName: `${family.firstName} ${family.lastName}`,
          date: reply.date,
          run: reply.run,
          outcome: outcome === 'absence_recorded' ? 'recorded' : outcome,
        },
        idempotencyKey: `whatsapp_reply:${row.messageId}`,
      });
      return true;
    });
    if (fresh) recorded += 1;
  }
  return recorded;
}
