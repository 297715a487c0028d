import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import {
  ADMIN_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  STUDENT_MESSAGES,
  bahrainToday,
  isSchoolDay,
  type AdminRun,
  type RiderStatus,
  type SubstituteInput,
} from '@school-transport/contracts';
import type { z } from 'zod';
import type { substituteInput } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor } from '../audit.js';
import { readSchoolDaySettings } from './settings.js';
import {
  absenceFor,
  absencesOnDate,
  iso,
  marksByRider,
  marksOfRuns,
  ridersOfDrivers,
  ridersOfPlannedRun,
  riderStatus,
  RUN_COLUMNS,
  runStatus,
} from './riders.js';
import { operatesOn, ownRunOn } from '../planned-runs/day-runs.js';
import { findPlannedRun, plannedRunsOfDrivers } from '../planned-runs/read.js';
import { isOverdue } from './overdue.js';
import { silentTrackers } from '../live-bus/tracker-silence.js';
import { assertRunDay } from './runs.js';
import { assertSubstituteSeats, type SeatOptions } from '../routes/seats.js';

/**
 * The office's view of a day: every driver's runs with their status and counts, open runs with
 * children on board first (overdue ones first of all), then runs under way, not started, done.
 * Every active driver with students is listed on a school day; a run that has a row is listed on any day.
 */
export async function listOfficeRuns(db: Db, now: Date, date = bahrainToday(now)): Promise<AdminRun[]> {
  const settings = await readSchoolDaySettings(db);
  const schoolDay = isSchoolDay(settings, date);
  const runRows = await db
    .selectFrom('schoolRuns')
    .leftJoin('drivers as substitute', 'substitute.id', 'schoolRuns.substituteDriverId')
    .select([...RUN_COLUMNS, 'substitute.name as substituteName'])
    .where('schoolRuns.date', '=', date)
    .execute();
  const drivers = await db
    .selectFrom('drivers')
    .select(['drivers.id', 'drivers.name'])
    .where((eb) => {
      const listed = [];
      if (runRows.length > 0)
        listed.push(
          eb(
            'drivers.id',
            'in',
            runRows.map((row) => row.driverId),
          ),
        );
      if (schoolDay) {
        const hasStudents = eb.exists(
          eb.selectFrom('students').select('students.id').whereRef('students.driverId', '=', 'drivers.id').where('students.deletedAt', 'is', null),
        );
        listed.push(eb.and([eb('drivers.status', '=', 'active'), hasStudents]));
      }
      return listed.length > 0 ? eb.or(listed) : eb.lit(false);
    })
    .orderBy('drivers.name')
    .execute();
  const riders = await ridersOfDrivers(
    db,
    drivers.map((driver) => driver.id),
  );
  const absences = await absencesOnDate(db, date);
  const marks = marksByRider(
    await marksOfRuns(
      db,
      runRows.map((row) => row.id),
    ),
  );

  const busRuns = await plannedRunsOfDrivers(
    db,
    drivers.map((driver) => driver.id),
  );
  const trackerSilent = await silentTrackers(
    db,
    now,
    runRows.flatMap((row) =>
      row.startedAt && !row.endedAt ? [{ busDriverId: row.substituteDriverId ?? row.driverId, date, run: row.run, startedAt: row.startedAt }] : [],
    ),
  );
  const runs: AdminRun[] = [];
  for (const driver of drivers) {
    // The bus's runs operating that day, and any other with a record of that day (a run removed or moved since).
    const planned = busRuns.filter(
      (run) => run.driverId === driver.id && (operatesOn(run, settings, date) || runRows.some((row) => row.plannedRunId === run.id)),
    );
    for (const row of runRows.filter((each) => each.driverId === driver.id && !planned.some((run) => run.id === each.plannedRunId))) {
      const removed = await findPlannedRun(db, row.plannedRunId, { withRemoved: true });
      if (removed) planned.push(removed);
    }
    for (const plannedRun of planned) {
      const run = plannedRun.direction;
      const row = runRows.find((each) => each.plannedRunId === plannedRun.id);
      const onRun = ridersOfPlannedRun(
        riders,
        plannedRun,
        busRuns.some((entry) => entry.id === plannedRun.id) ? busRuns : [...busRuns, plannedRun],
        settings,
        date,
      );
      if (!row && (onRun.length === 0 || !schoolDay)) continue;
      const counts: Record<RiderStatus, number> = { expected: 0, absent: 0, boarded: 0, dropped: 0, no_show: 0, returned_to_school: 0 };
      for (const rider of onRun) counts[riderStatus(row ? (marks.get(`${row.id}:${rider.id}`) ?? []) : [], absenceFor(absences, rider.id, run))]++;
      runs.push({
        id: plannedRun.id,
        name: plannedRun.name,
        driver: { id: driver.id, name: driver.name },
        substitute: row?.substituteDriverId ? { id: row.substituteDriverId, name: row.substituteName ?? '' } : null,
        run,
        date,
        status: runStatus(row),
        startedAt: iso(row?.startedAt),
        endedAt: iso(row?.endedAt),
        riders: onRun.length,
        expected: counts.expected,
        boarded: counts.boarded,
        dropped: counts.dropped,
        absent: counts.absent,
        noShow: counts.no_show,
        returnedToSchool: counts.returned_to_school,
        overdue: row ? isOverdue(settings, now, { ...row, plannedEnd: plannedRun.plannedEnd }, counts.boarded) : false,
        trackerSilent: row?.startedAt && !row.endedAt ? trackerSilent({ busDriverId: row.substituteDriverId ?? row.driverId, date, run }) : false,
      });
    }
  }
  const rank = (run: AdminRun) =>
    run.overdue ? 0 : run.status === 'in_progress' && run.boarded > 0 ? 1 : run.status === 'in_progress' ? 2 : run.status === 'not_started' ? 3 : 4;
  // Stable: within a rank, the drivers stay in name order and each bus's runs in planned-start order.
  return runs.sort((a, b) => rank(a) - rank(b));
}

type SubstituteFields = z.output<typeof substituteInput>;
export type { SubstituteInput };

/**
 * Hands one day's run of a driver to another driver (a substitute), who then sees it and acts on
 * it as their own that day; null hands it back. A run already ended cannot change hands, and a
 * substitute whose bus it would put over its seats is refused as any assignment is (seats.ts), unless an
 * admin allows it. Audited.
 */
export async function setRunSubstitute(db: Kysely<Database>, now: Date, actor: Actor, input: SubstituteFields, options: SeatOptions = {}): Promise<AdminRun> {
  // A day gone by has had its run: nobody can drive it any more.
  if (input.date < bahrainToday(now)) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runEnded);
  let plannedRunId = '';
  await db.transaction().execute(async (trx) => {
    const settings = await readSchoolDaySettings(trx);
    assertRunDay(settings, input.date);
    if (!isUuid(input.driverId)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
    const driver = await trx.selectFrom('drivers').select(['id', 'name']).where('id', '=', input.driverId).executeTakeFirst();
    if (!driver) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
    if (input.substituteDriverId !== null) {
      if (input.substituteDriverId === input.driverId)
        throw new AppError('BAD_REQUEST', SCHOOL_DAY_MESSAGES.substituteSameDriver, { substituteDriverId: SCHOOL_DAY_MESSAGES.substituteSameDriver });
      const substitute = isUuid(input.substituteDriverId)
        ? await trx.selectFrom('drivers').select(['id', 'status']).where('id', '=', input.substituteDriverId).executeTakeFirst()
        : undefined;
      if (!substitute) throw new AppError('BAD_REQUEST', STUDENT_MESSAGES.unknownDriver, { substituteDriverId: STUDENT_MESSAGES.unknownDriver });
      if (substitute.status !== 'active')
        throw new AppError('BAD_REQUEST', STUDENT_MESSAGES.inactiveDriver, { substituteDriverId: STUDENT_MESSAGES.inactiveDriver });
    }
    const plannedRun = await ownRunOn(trx, driver.id, input.run, settings, input.date);
    plannedRunId = plannedRun.id;
    await trx
      .insertInto('schoolRuns')
      .values({ plannedRunId, driverId: driver.id, date: input.date, run: plannedRun.direction })
      .onConflict((oc) => oc.columns(['plannedRunId', 'date']).doNothing())
      .execute();
    const row = await trx
      .selectFrom('schoolRuns')
      .select(RUN_COLUMNS)
      .where('plannedRunId', '=', plannedRunId)
      .where('date', '=', input.date)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.endedAt) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runEnded);
    if (row.substituteDriverId === input.substituteDriverId) return;
    if (input.substituteDriverId !== null)
      await assertSubstituteSeats(
        trx,
        actor,
        { coveredDriverId: driver.id, substituteDriverId: input.substituteDriverId, date: input.date, plannedRunId },
        options,
      );
    await trx.updateTable('schoolRuns').set({ substituteDriverId: input.substituteDriverId, updatedAt: now }).where('id', '=', row.id).execute();
    await recordAudit(trx, actor, {
      entityType: 'run',
      entityId: row.id,
      action: 'substitute',
      diff: {
        driverId: driver.id,
        date: input.date,
        run: plannedRun.direction,
        plannedRunId,
        substituteDriverId: { from: row.substituteDriverId, to: input.substituteDriverId },
      },
    });
  });
  const runs = await listOfficeRuns(db, now, input.date);
  return runs.find((run) => run.driver.id === input.driverId && run.id === plannedRunId)!;
}
