import type { Db } from '@school-transport/db';
import { notRidingReply, ridesOnRun, type Language, type MarkEvent, type ServiceType } from '@school-transport/contracts';
import { enqueueNotification } from '../notifications/outbox.js';
import type { Receiver } from '../handover/receiver.js';
import { readSchoolDaySettings } from './settings.js';

/**
 * The family's message about a mark, written in the mark's own transaction: a no-show and a return
 * to school always (the family must act), boarded and dropped only when the family turned them on
 * (each message costs money). One message per mark, whatever happens to the request.
 */
export interface MarkedStudent {
  id: string;
  serviceType: ServiceType;
  /** The run's Bahrain date. */
  date: string;
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
  /** Who received the child at the stop, when the family named them (safe handover). */
  receiver?: Receiver | null;
}

export async function enqueueMarkMessage(trx: Db, mark: MarkedStudent): Promise<void> {
  if (mark.event === 'returned_to_school') await alertOffice(trx, mark);
  const recipient = mark.parentPhone ?? mark.whatsappNumber ?? mark.contactNumber1;
  // The family is told every time who received their child, whatever their choice of dropped messages.
  if (mark.event === 'dropped' && mark.receiver) {
    const payload = { studentName: mark.firstName, receiverName: mark.receiver.name, relation: mark.receiver.relation, at: mark.at.toISOString() };
    await enqueueNotification(trx, {
      recipient,
      language: mark.parentLanguage,
      idempotencyKey: `run_mark:${mark.markId}`,
      templateKey: 'student_handed_over',
      payload,
    });
    return;
  }
  const always = mark.event === 'no_show' || mark.event === 'returned_to_school';
  if (!always && !mark.boardedDroppedMessages) return;
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
    // Not at the morning bus: the family can tell the afternoon bus not to wait, with one tap on WhatsApp.
    const reply =
      mark.run === 'morning' && ridesOnRun(mark.serviceType, 'afternoon') ? notRidingReply({ studentId: mark.id, date: mark.date, run: 'afternoon' }) : null;
    await enqueueNotification(trx, {
      ...common,
      templateKey: 'student_no_show',
      payload: { studentName, run: mark.run, at, driverName: driver.name, driverPhone: driver.phone, notRidingReply: reply },
    });
    return;
  }
  await enqueueNotification(trx, {
    ...common,
    templateKey: 'student_returned_to_school',
    payload: { studentName, at, schoolName: mark.schoolName, driverName: driver.name, driverPhone: driver.phone },
  });
}

/** A child taken back to school: the office's alert phone is told as well, so that someone at school expects the child. */
async function alertOffice(trx: Db, mark: MarkedStudent): Promise<void> {
  const { officeAlertPhone } = await readSchoolDaySettings(trx);
  if (!officeAlertPhone) return;
  const driver = await trx.selectFrom('drivers').select(['name', 'phone']).where('id', '=', mark.driverId).executeTakeFirstOrThrow();
  await enqueueNotification(trx, {
    recipient: officeAlertPhone,
    templateKey: 'returned_to_school_office',
    payload: {
      studentName: `${mark.firstName} ${mark.lastName}`,
      schoolName: mark.schoolName,
      at: mark.at.toISOString(),
      driverName: driver.name,
      driverPhone: driver.phone,
    },
    idempotencyKey: `run_mark_office:${mark.markId}`,
  });
}
