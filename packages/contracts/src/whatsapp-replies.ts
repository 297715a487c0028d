import { z } from 'zod';
import { ABSENCE_RUNS, isIsoDate, type AbsenceRun } from './school-day.js';

/**
 * The 'Not riding' reply button of a WhatsApp message: its payload names the student, the Bahrain
 * date and the run(s), and comes back in the webhook when the family taps it. The webhook checks
 * that the tap came from the student's family's phone, so a payload is no key to anyone's child.
 */
const PREFIX = 'not_riding';

export interface NotRiding {
  studentId: string;
  date: string;
  run: AbsenceRun;
}

export function notRidingReply(reply: NotRiding): string {
  return `${PREFIX}:${reply.studentId}:${reply.date}:${reply.run}`;
}

export function parseNotRidingReply(payload: string): NotRiding | null {
  const [prefix, studentId, date, run, ...rest] = payload.split(':');
  if (prefix !== PREFIX || rest.length > 0 || !studentId || !date || !isIsoDate(date) || !(ABSENCE_RUNS as readonly string[]).includes(run ?? '')) return null;
  return { studentId, date, run: run as AbsenceRun };
}

/** GET /api/webhooks/whatsapp: the subscription handshake's query, as Meta sends it. */
export const whatsappHandshakeQuery = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});
