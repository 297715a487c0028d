import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { DRIVER_RUNS, RUN_SERVICE_TYPES, addDays, bahrainInstant, bahrainToday, isSchoolDay, notRidingReply } from '@school-transport/contracts';
import { enqueueNotification } from '../notifications/outbox.js';
import { readSchoolDaySettings } from './settings.js';
import { absenceFor, absencesOnDate } from './riders.js';

/**
 * The evening message about tomorrow's bus, for families who turned it on (it costs money; off by
 * default) and only when the outbox sends by WhatsApp, whose 'Not riding' reply button records the
 * absence (whatsapp-replies.ts): from TOMORROW_MESSAGES_FROM (Bahrain) on the eve of a school day,
 * one per child who rides tomorrow and is not already reported absent for every run they ride.
 * Each is written once per child and day (its idempotency key), however often the job runs.
 */
export const TOMORROW_MESSAGES_FROM = '18:00';

export async function writeTomorrowMessages(db: Kysely<Database>, now: Date): Promise<number> {
  const today = bahrainToday(now);
  if (now.getTime() < bahrainInstant(today, TOMORROW_MESSAGES_FROM).getTime()) return 0;
  const tomorrow = addDays(today, 1);
  const settings = await readSchoolDaySettings(db);
  if (!isSchoolDay(settings, tomorrow)) return 0;
  const students = await db
    .selectFrom('students')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select([
      'students.id',
      'students.firstName',
      'students.lastName',
      'students.serviceType',
      'students.contactNumber1',
      'parents.whatsappNumber',
      'users.phone',
      'users.language',
    ])
    .where('parents.tomorrowMessages', '=', true)
    .where('users.status', '=', 'active')
    .where('students.deletedAt', 'is', null)
    .where('students.driverId', 'is not', null)
    .orderBy('students.createdAt')
    .execute();
  if (students.length === 0) return 0;
  const absences = await absencesOnDate(
    db,
    tomorrow,
    students.map((student) => student.id),
  );
  let written = 0;
  for (const student of students) {
    const runs = DRIVER_RUNS.filter((run) => RUN_SERVICE_TYPES[run].includes(student.serviceType));
    if (runs.every((run) => absenceFor(absences, student.id, run))) continue;
    await enqueueNotification(db, {
      recipient: student.phone ?? student.whatsappNumber ?? student.contactNumber1,
      language: student.language,
      templateKey: 'tomorrow_bus',
      payload: {
        studentName: `${student.firstName} ${student.lastName}`,
        date: tomorrow,
        notRidingReply: notRidingReply({ studentId: student.id, date: tomorrow, run: 'both' }),
      },
      idempotencyKey: `tomorrow_bus:${student.id}:${tomorrow}`,
    });
    written += 1;
  }
  return written;
}

/** Runs writeTomorrowMessages every few minutes in this process; answers a function that stops it. */
export function startTomorrowMessagesJob(
  db: Kysely<Database>,
  clock: { now(): Date },
  options: { intervalMs?: number; log?: (error: unknown) => void } = {},
): () => void {
  let running = false;
  const every = setInterval(
    () => {
      if (running) return;
      running = true;
      writeTomorrowMessages(db, clock.now())
        .catch((error: unknown) => options.log?.(error))
        .finally(() => {
          running = false;
        });
    },
    options.intervalMs ?? 5 * 60 * 1000,
  );
  every.unref();
  return () => clearInterval(every);
}
