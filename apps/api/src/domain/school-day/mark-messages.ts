import type { Db } from '@school-transport/db';
import type { Language, MarkEvent } from '@school-transport/contracts';
import { enqueueNotification } from '../notifications/outbox.js';

/**
 * The family's message about a mark, written in the mark's own transaction: a no-show and a return
 * to school always (the family must act), boarded and dropped only when the family turned them on
 * (each message costs money). One message per mark, whatever happens to the request.
 */
export interface MarkedStudent {
  firstName: string;
  lastName: string;
  schoolName: string;
  contactNumber1: string;
  whatsappNumber: string | null;
  parentPhone: string | null;
  parentLanguage: Language;
  boardedDroppedMessages: boolean;
  driverId: string;
  markId: string;
  event: MarkEvent;
  run: 'morning' | 'afternoon';
  at: Date;
}

export async function enqueueMarkMessage(trx: Db, mark: MarkedStudent): Promise<void> {
  const always = mark.event === 'no_show' || mark.event === 'returned_to_school';
  if (!always && !mark.boardedDroppedMessages) return;
  const recipient = mark.parentPhone ?? mark.whatsappNumber ?? mark.contactNumber1;
  const studentName = `${mark.firstName} ${mark.lastName}`;
  const at = mark.at.toISOString();
  const common = { recipient, language: mark.parentLanguage, idempotencyKey: `run_mark:${mark.markId}` };
  if (mark.event === 'boarded') {
    await enqueueNotification(trx, { ...common, templateKey: 'student_boarded', payload: { studentName, run: mark.run, at } });
    return;
  }
  if (mark.event === 'dropped') {
    await enqueueNotification(trx, { ...common, templateKey: 'student_dropped', payload: { studentName, run: mark.run, at, schoolName: mark.schoolName } });
    return;
  }
  const driver = await trx.selectFrom('drivers').select(['name', 'phone']).where('id', '=', mark.driverId).executeTakeFirstOrThrow();
  if (mark.event === 'no_show') {
    await enqueueNotification(trx, { ...common, templateKey: 'student_no_show', payload: { studentName, run: mark.run, at, driverName: driver.name, driverPhone: driver.phone } });
    return;
  }
  await enqueueNotification(trx, { ...common, templateKey: 'student_returned_to_school', payload: { studentName, at, schoolName: mark.schoolName, driverName: driver.name, driverPhone: driver.phone } });
}
