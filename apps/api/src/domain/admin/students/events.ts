import type { Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import type { PaymentStatus } from '@school-transport/contracts';
import { enqueueNotification } from '../../notifications/outbox.js';
import { parentPhoneOf, studentName, studentsWithNames } from './view.js';

export interface BeforeChange {
  driverId: string | null;
  paymentStatus: PaymentStatus;
}

/**
 * The messages a student change sends, written in the change's transaction: a new or changed
 * driver (to the parent and to the driver), a removed driver (to the parent), and a fee marked
 * paid (to the parent).
 */
export async function announceStudentChange(trx: Transaction<Database>, studentId: string, before: BeforeChange): Promise<void> {
  const row = await studentsWithNames(trx).where('students.id', '=', studentId).executeTakeFirstOrThrow();
  const parentPhone = parentPhoneOf(row);
  const name = studentName(row);
  if (row.driverId !== before.driverId) {
    if (row.driverId !== null && row.driverName !== null && row.driverPhone !== null) {
      await enqueueNotification(trx, {
        recipient: parentPhone,
        language: row.parentLanguage,
        templateKey: 'driver_assigned',
        payload: { automatedId: row.automatedId, studentName: name, driverName: row.driverName, driverPhone: row.driverPhone },
      });
      await enqueueNotification(trx, {
        recipient: row.driverPhone,
        templateKey: 'student_assigned',
        payload: {
          automatedId: row.automatedId,
          studentName: name,
          schoolName: row.schoolName,
          areaName: row.areaName ?? '',
          address: row.address,
          contactNumber1: row.contactNumber1,
          serviceType: row.serviceType,
        },
      });
    } else if (row.driverId === null) {
      await enqueueNotification(trx, { recipient: parentPhone, language: row.parentLanguage, templateKey: 'driver_removed', payload: { automatedId: row.automatedId, studentName: name } });
    }
  }
  if (row.paymentStatus === 'paid' && before.paymentStatus !== 'paid') {
    await enqueueNotification(trx, {
      recipient: parentPhone,
      language: row.parentLanguage,
      templateKey: 'payment_received',
      payload: { automatedId: row.automatedId, studentName: name, amountBhd: row.priceBhd, month: null },
    });
  }
}
