import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { type BusNearSetting, type DriverRun } from '@school-transport/contracts';
import { enqueueNotification } from '../notifications/outbox.js';
import { findFamilyStudent } from './student-bus.js';
import type { LiveBusReader } from './reader.js';

/**
 * 'Bus is near': a family may ask to be told when the bus is about 5 or 10 minutes from their
 * child's stop (off by default: each message costs money). Looked at when the bus's position
 * moves; sent when the low end of the ETA range reaches the chosen minutes (early rather than
 * after the bus has gone), never while the ETA is withheld, and once per child and run: the
 * outbox's key for the run and child keeps one message however many processes look at once.
 */
export async function sendBusNearMessages(db: Kysely<Database>, reader: LiveBusReader, now: Date, busDriverId: string, date: string, run: DriverRun): Promise<number> {
  const wanting = await db
    .selectFrom('busNearSettings')
    .innerJoin('students', 'students.id', 'busNearSettings.studentId')
    .innerJoin('schoolRuns', (join) => join.onRef('schoolRuns.driverId', '=', 'students.driverId').on('schoolRuns.date', '=', date).on('schoolRuns.run', '=', run))
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .leftJoin('notifications', (join) => join.on(sql<boolean>`notifications.idempotency_key = 'bus_near:' || school_runs.id::text || ':' || students.id::text`))
    .select([
      'students.id',
      'students.driverId',
      'students.serviceType',
      'students.firstName',
      'students.lastName',
      'students.contactNumber1',
      'schoolRuns.id as runId',
      'busNearSettings.minutes',
      'parents.whatsappNumber',
      'users.phone as parentPhone',
      'users.language',
    ])
    .where('students.deletedAt', 'is', null)
    .where('schoolRuns.startedAt', 'is not', null)
    .where('schoolRuns.endedAt', 'is', null)
    .where((eb) => eb.or([eb('schoolRuns.driverId', '=', busDriverId), eb('schoolRuns.substituteDriverId', '=', busDriverId)]))
    .where('notifications.id', 'is', null)
    .execute();
  let sent = 0;
  for (const student of wanting) {
    const { bus } = await reader.busOf(now, student);
    if (bus.status !== 'on_the_way' || !bus.eta || bus.eta.minMinutes > student.minutes) continue;
    await enqueueNotification(db, {
      recipient: student.parentPhone ?? student.whatsappNumber ?? student.contactNumber1,
      language: student.language,
      templateKey: 'bus_near',
      payload: { studentName: `${student.firstName} ${student.lastName}`, minutes: student.minutes },
      idempotencyKey: `bus_near:${student.runId}:${student.id}`,
    });
    sent++;
  }
  return sent;
}

/** The family's choice for their own student (another family's: 404). */
export async function readBusNear(db: Kysely<Database>, userId: string, studentId: string): Promise<BusNearSetting> {
  const student = await findFamilyStudent(db, userId, studentId);
  const row = await db.selectFrom('busNearSettings').select('minutes').where('studentId', '=', student.id).executeTakeFirst();
  return { minutes: row?.minutes ?? null };
}

export async function setBusNear(db: Kysely<Database>, userId: string, studentId: string, minutes: 5 | 10 | null): Promise<BusNearSetting> {
  const student = await findFamilyStudent(db, userId, studentId);
  if (minutes === null) await db.deleteFrom('busNearSettings').where('studentId', '=', student.id).execute();
  else {
    await db
      .insertInto('busNearSettings')
      .values({ studentId: student.id, minutes })
      .onConflict((oc) => oc.column('studentId').doUpdateSet({ minutes, updatedAt: new Date() }))
      .execute();
  }
  return { minutes };
}

