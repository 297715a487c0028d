import type { Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { enqueueNotification } from '../../notifications/outbox.js';
import { parentPhoneOf, studentName, studentsWithNames } from './view.js';

export interface BeforeChange {
  driverId: string | null;
}

/**
 * The messages a student change sends, written in the change's transaction: a new or changed
 * driver (to the parent and to the driver), and a removed driver (to the parent). A fee marked
 * paid is told by the fee ledger's payment message (with its receipt number), so the parent gets
 * one message for it, not two.
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
      await enqueueNotification(trx, {
        recipient: parentPhone,
        language: row.parentLanguage,
        templateKey: 'driver_removed',
        payload: { automatedId: row.automatedId, studentName: name },
      });
    }
  }
}
