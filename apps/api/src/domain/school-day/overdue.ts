import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { addDays, bahrainInstant, bahrainToday, plannedEnd, type DriverRun, type SchoolDaySettings } from '@school-transport/contracts';
import { enqueueNotification } from '../notifications/outbox.js';
import { readSchoolDaySettings } from './settings.js';
import { marksByRider, marksOfRuns, RUN_COLUMNS } from './riders.js';
import { startRepeatingJob } from '../repeating-job.js';

/**
 * A run still open with a child on board some hours (the settings' overdueAfterHours, 1 by
 * default) after its planned end may mean a child forgotten on the bus: the office's Today tab
 * shows it in red, and the office's alert phone gets one message through the outbox, once per run.
 */
export function isOverdue(
  settings: SchoolDaySettings,
  now: Date,
  run: { date: string; run: DriverRun; startedAt: Date | null; endedAt: Date | null; plannedEnd?: string | null },
  onBoard: number,
): boolean {
  if (!run.startedAt || run.endedAt || onBoard === 0) return false;
  // The planned run's own end ('HH:MM'), else the settings' for its direction.
  const end = run.plannedEnd ? bahrainInstant(run.date, run.plannedEnd) : plannedEnd(settings, run.date, run.run);
  return now.getTime() >= end.getTime() + settings.overdueAfterHours * 3_600_000;
}

/** Alerts the office about every overdue run not yet alerted (today's, and yesterday's left open past midnight); answers how many. */
export async function alertOverdueRuns(db: Kysely<Database>, now: Date): Promise<number> {
  const settings = await readSchoolDaySettings(db);
  if (!settings.officeAlertPhone) return 0;
  const today = bahrainToday(now);
  const open = await db
    .selectFrom('schoolRuns')
    .innerJoin('plannedRuns', 'plannedRuns.id', 'schoolRuns.plannedRunId')
    .select([...RUN_COLUMNS, 'plannedRuns.plannedEnd', 'plannedRuns.name'])
    .where('schoolRuns.date', 'in', [today, addDays(today, -1)])
    .where('schoolRuns.startedAt', 'is not', null)
    .where('schoolRuns.endedAt', 'is', null)
    .where('schoolRuns.overdueAlertedAt', 'is', null)
    .execute();
  if (open.length === 0) return 0;
  const onBoard = new Map<string, string[]>();
  for (const marks of marksByRider(
    await marksOfRuns(
      db,
      open.map((run) => run.id),
    ),
  ).values()) {
    const last = marks.at(-1)!;
    if (last.event === 'boarded') onBoard.set(last.runId, [...(onBoard.get(last.runId) ?? []), last.studentId]);
  }
  let alerted = 0;
  for (const run of open) {
    const studentIds = onBoard.get(run.id) ?? [];
    if (!isOverdue(settings, now, run, studentIds.length)) continue;
    const sent = await db.transaction().execute(async (trx) => {
      // Whichever process claims the run first sends the one alert.
      const claimed = await trx
        .updateTable('schoolRuns')
        .set({ overdueAlertedAt: now })
        .where('id', '=', run.id)
        .where('overdueAlertedAt', 'is', null)
        .where('endedAt', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      const driver = await trx
        .selectFrom('drivers')
        .select(['name', 'phone'])
        .where('id', '=', run.substituteDriverId ?? run.driverId)
        .executeTakeFirstOrThrow();
      const students = await trx
        .selectFrom('students')
        .select(['firstName', 'lastName'])
        .where('id', 'in', studentIds)
        .orderBy('firstName')
        .orderBy('lastName')
        .execute();
      await enqueueNotification(trx, {
        recipient: settings.officeAlertPhone,
        templateKey: 'run_overdue',
        payload: {
          driverName: driver.name,
          driverPhone: driver.phone,
          run: run.run,
          date: run.date,
          studentNames: students.map((student) => `${student.firstName} ${student.lastName}`),
        },
        idempotencyKey: `run_overdue:${run.id}`,
      });
      return true;
    });
    if (sent) alerted++;
  }
  return alerted;
}

/**
 * Checks for overdue runs every few minutes (and shortly after start); answers a stop function.
 * Separate from the outbox's worker, like the fee ledger's daily job.
 */
export function startOverdueRunJob(
  db: Kysely<Database>,
  clock: { now(): Date },
  options: { intervalMs?: number; firstRunMs?: number; log?: (error: unknown) => void; done?: (alerted: number) => void } = {},
): () => void {
  return startRepeatingJob(() => alertOverdueRuns(db, clock.now()), {
    firstRunMs: options.firstRunMs ?? 10_000,
    intervalMs: options.intervalMs ?? 5 * 60 * 1000,
    log: options.log,
    done: options.done,
  });
}
