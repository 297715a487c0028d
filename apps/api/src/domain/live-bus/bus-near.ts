import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { BusNearSetting } from '@school-transport/contracts';
import { enqueueNotification } from '../notifications/outbox.js';
import { FAMILY_STUDENT_COLUMNS, findFamilyStudent } from './student-bus.js';
import type { LiveBusReader } from './reader.js';

/**
 * 'Bus is near': a family may ask to be told when the bus is about 5 or 10 minutes from their
 * child's stop (off by default: each message costs money). Looked at when the bus's position
 * moves; sent when the low end of the ETA range reaches the chosen minutes (early rather than
 * after the bus has gone), never while the ETA is withheld, and once per child and run: the
 * outbox's key for the run and child keeps one message however many processes look at once.
 * The run is the child's own (the reader's busOf): the bus home when it is another bus, the
 * kindergarten's run and not the other afternoon run of the same bus, each with its own stops and ETA.
 */
export async function sendBusNearMessages(db: Kysely<Database>, reader: LiveBusReader, now: Date, busDriverId: string, date: string): Promise<number> {
  // The runs this phone is the bus of now: the driver's own, or those they cover for another.
  const driving = await db
    .selectFrom('schoolRuns')
    .select(['id', 'driverId'])
    .where('date', '=', date)
    .where('startedAt', 'is not', null)
    .where('endedAt', 'is', null)
    .where((eb) => eb.or([eb('driverId', '=', busDriverId), eb('substituteDriverId', '=', busDriverId)]))
    .execute();
  if (driving.length === 0) return 0;
  const owners = [...new Set(driving.map((run) => run.driverId))];
  const wanting = await db
    .selectFrom('busNearSettings')
    .innerJoin('students', 'students.id', 'busNearSettings.studentId')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select([
      ...FAMILY_STUDENT_COLUMNS,
      'students.firstName',
      'students.lastName',
      'students.contactNumber1',
      'busNearSettings.minutes',
      'parents.whatsappNumber',
      'users.phone as parentPhone',
      'users.language',
    ])
    .where('students.deletedAt', 'is', null)
    .where((eb) => eb.or([eb('students.driverId', 'in', owners), eb('students.afternoonDriverId', 'in', owners)]))
    .execute();
  if (wanting.length === 0) return 0;
  const keyOf = (runId: string, studentId: string) => `bus_near:${runId}:${studentId}`;
  const sentBefore = new Set(
    (
      await db
        .selectFrom('notifications')
        .select('idempotencyKey')
        .where(
          'idempotencyKey',
          'in',
          driving.flatMap((run) => wanting.map((student) => keyOf(run.id, student.id))),
        )
        .execute()
    ).map((row) => row.idempotencyKey),
  );
  let sent = 0;
  for (const student of wanting) {
    if (driving.every((run) => sentBefore.has(keyOf(run.id, student.id)))) continue;
    const { bus, schoolRunId } = await reader.busOf(now, student);
    // The child's own run must be one this phone drives, and its message not sent yet.
    if (!schoolRunId || !driving.some((run) => run.id === schoolRunId) || sentBefore.has(keyOf(schoolRunId, student.id))) continue;
    if (bus.status !== 'on_the_way' || !bus.eta || bus.eta.minMinutes > student.minutes) continue;
    await enqueueNotification(db, {
      recipient: student.parentPhone ?? student.whatsappNumber ?? student.contactNumber1,
      language: student.language,
      templateKey: 'bus_near',
      payload: { studentName: `${student.firstName} ${student.lastName}`, minutes: student.minutes },
      idempotencyKey: keyOf(schoolRunId, student.id),
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
