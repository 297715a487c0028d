import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import type { markInput } from '@school-transport/contracts';
import {
  MARK_CLOCK_SKEW_MINUTES,
  MARK_MAX_AGE_HOURS,
  SCHOOL_DAY_MESSAGES,
  bahrainToday,
  type MarkEvent,
  type RiderStatus,
  type RunMark,
} from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit } from '../audit.js';
import { readSchoolDaySettings } from './settings.js';
import { absenceFor, absencesOnDate, ridersOfDrivers, ridersOfPlannedRun, riderStatus, type MarkRow } from './riders.js';
import { actorUserId, assertRecentDate, assertRunDay, drivenRuns, lockRun, markedByRole, type RunActor } from './runs.js';
import { plannedRunsOfDrivers, type PlannedRunRow } from '../planned-runs/read.js';
import { enqueueMarkMessage } from './mark-messages.js';
import { announceBusChange } from '../live-bus/channel.js';
import { undoMark, undoOfClientId } from './mark-undo.js';
import { countWrongCode, receivedByColumns, receiverOfMark, WrongHandoverCode } from '../handover/receiver.js';

/**
 * A mark: what happened to one child on one run, sent from the driver's phone (often queued while
 * offline and sent later, with the time it was made) or by the office for a driver. Each mark is
 * recorded once per id from the phone: the same id again answers the mark already recorded, even
 * when both arrive at the same moment (the run's row is locked, and the (run, id) key is unique).
 */
type MarkFields = z.output<typeof markInput>;

const STUDENT_NOT_ON_RUN = () => new AppError('NOT_FOUND', SCHOOL_DAY_MESSAGES.studentNotOnRun);

/** What a mark may follow. A child can board late after a no-show, or ride after all when reported absent. */
function refusal(event: MarkEvent, status: RiderStatus, run: 'morning' | 'afternoon'): string | null {
  switch (event) {
    case 'boarded':
      if (status === 'expected' || status === 'absent' || status === 'no_show') return null;
      return status === 'boarded' ? SCHOOL_DAY_MESSAGES.alreadyOnBus : SCHOOL_DAY_MESSAGES.alreadyMarked;
    case 'no_show':
      if (status === 'expected') return null;
      return status === 'absent' ? SCHOOL_DAY_MESSAGES.absentReported : SCHOOL_DAY_MESSAGES.alreadyMarked;
    case 'dropped':
    case 'returned_to_school':
      if (event === 'returned_to_school' && run !== 'afternoon') return SCHOOL_DAY_MESSAGES.returnOnlyAfternoon;
      if (status === 'boarded') return null;
      return status === 'dropped' || status === 'returned_to_school' ? SCHOOL_DAY_MESSAGES.alreadyMarked : SCHOOL_DAY_MESSAGES.boardFirst;
  }
}

function toMark(
  row: Omit<MarkRow, 'markedByRole' | 'markedByName' | 'receivedByName' | 'receivedByRelation'>,
  date: string,
  run: 'morning' | 'afternoon',
  status: RiderStatus,
): RunMark {
  return {
    id: row.id,
    studentId: row.studentId,
    run,
    date,
    event: row.event,
    undoes: null,
    at: row.at.toISOString(),
    clientId: row.clientId,
    position: row.position,
    status,
  };
}

/** The mark's own time: within the last 24 hours, and not ahead of the server by more than a few minutes. */
function markTime(now: Date, at: string | undefined): Date {
  if (!at) return now;
  const instant = new Date(at);
  const oldest = now.getTime() - MARK_MAX_AGE_HOURS * 3_600_000;
  const latest = now.getTime() + MARK_CLOCK_SKEW_MINUTES * 60_000;
  if (instant.getTime() < oldest || instant.getTime() > latest)
    throw new AppError('BAD_REQUEST', SCHOOL_DAY_MESSAGES.markTimeInvalid, { at: SCHOOL_DAY_MESSAGES.markTimeInvalid });
  // A phone a little ahead of the server: the mark cannot have happened later than now.
  return instant.getTime() > now.getTime() ? now : instant;
}

/**
 * Which run the mark is on: of the runs the reference names that the asker drives that day (their
 * own not handed away, and any they cover), the one the child rides. A child of no such run is not
 * on the asker's run (404); the asker's own run handed to a substitute is 409.
 */
async function runOfMark(db: Db, who: RunActor, studentId: string, date: string, ref: string): Promise<PlannedRunRow> {
  const runs = await drivenRuns(db, who, date, ref);
  if (runs.length === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runHandedOver);
  const owners = [...new Set(runs.map((run) => run.driverId))];
  const [settings, riders, busRuns] = await Promise.all([readSchoolDaySettings(db), ridersOfDrivers(db, owners), plannedRunsOfDrivers(db, owners)]);
  const child = riders.filter((rider) => rider.id === studentId);
  const run = runs.find(
    (entry) => ridersOfPlannedRun(child, entry, busRuns.some((known) => known.id === entry.id) ? busRuns : [...busRuns, entry], settings, date).length > 0,
  );
  if (!run) throw STUDENT_NOT_ON_RUN();
  return run;
}

export async function recordMark(db: Kysely<Database>, now: Date, who: RunActor, input: MarkFields): Promise<{ mark: RunMark; created: boolean }> {
  const date = input.date ?? bahrainToday(now);
  assertRecentDate(now, date);
  const at = markTime(now, input.at);
  if (!isUuid(input.studentId)) throw STUDENT_NOT_ON_RUN();
  return recordMarkOnce(db, now, who, input, date, at).catch(async (error: unknown) => {
    if (error instanceof WrongHandoverCode) await countWrongCode(db, now, error);
    throw error;
  });
}

async function recordMarkOnce(
  db: Kysely<Database>,
  now: Date,
  who: RunActor,
  input: MarkFields,
  date: string,
  at: Date,
): Promise<{ mark: RunMark; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const settings = await readSchoolDaySettings(trx);
    assertRunDay(settings, date);
    const student = await trx
      .selectFrom('students')
      .innerJoin('schools', 'schools.id', 'students.schoolId')
      .innerJoin('parents', 'parents.id', 'students.parentId')
      .innerJoin('users', 'users.id', 'parents.userId')
      .select([
        'students.id',
        'students.firstName',
        'students.lastName',
        'students.serviceType',
        'students.driverId',
        'students.contactNumber1',
        'schools.name as schoolName',
        'parents.whatsappNumber',
        'parents.boardedDroppedMessages',
        'users.phone as parentPhone',
        'users.language as parentLanguage',
      ])
      .where('students.id', '=', input.studentId)
      .where('students.deletedAt', 'is', null)
      .executeTakeFirst();
    if (!student) throw STUDENT_NOT_ON_RUN();
    const plannedRun = await runOfMark(trx, who, student.id, date, input.run);
    const owner = plannedRun.driverId;
    const direction = plannedRun.direction;
    const runRow = await lockRun(trx, plannedRun, date);

    const columns = ['id', 'runId', 'studentId', 'event', 'at', 'clientId', 'position'] as const;
    const absence = absenceFor(await absencesOnDate(trx, date, [student.id]), student.id, direction);
    const statusNow = async () =>
      riderStatus(
        await trx
          .selectFrom('runMarks')
          .select(['event'])
          .where('runId', '=', runRow.id)
          .where('studentId', '=', student.id)
          .where('undoneAt', 'is', null)
          .orderBy('at')
          .orderBy('createdAt')
          .execute(),
        absence,
      );
    const earlier = await trx.selectFrom('runMarks').select(columns).where('runId', '=', runRow.id).where('clientId', '=', input.clientId).executeTakeFirst();
    if (earlier) return { mark: toMark(earlier, date, direction, await statusNow()), created: false };
    const earlierUndo = await undoOfClientId(trx, runRow.id, input.clientId);
    if (earlierUndo) return { mark: { ...earlierUndo, studentId: student.id, run: direction, date, status: await statusNow() }, created: false };

    if (input.event === 'undo') {
      const undo = await undoMark(trx, now, who, { runRow, owner, student, date, run: direction, markId: input.undoes ?? '', clientId: input.clientId, at });
      if (!undo.created) return { mark: { ...undo.mark, studentId: student.id, run: direction, date, status: await statusNow() }, created: false };
      return { mark: { ...undo.mark, studentId: student.id, run: direction, date, status: await statusNow() }, created: true };
    }
    const event = input.event;

    // A mark queued on the phone while the run was open still counts after the run has ended.
    if (runRow.endedAt && at.getTime() > runRow.endedAt.getTime()) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runEnded);
    const before = await statusNow();
    const refused = refusal(event, before, direction);
    if (refused) throw new AppError('CONFLICT', refused);
    // A young child leaves the bus only into the hands of an adult the family named.
    const receiver = await receiverOfMark(trx, { studentId: student.id, date, run: direction, event, receivedBy: input.receivedBy });

    // The first mark starts a run the driver forgot to start.
    if (!runRow.startedAt)
      await trx
        .updateTable('schoolRuns')
        .set({ startedAt: at < now ? at : now, updatedAt: now })
        .where('id', '=', runRow.id)
        .execute();
    const inserted = await trx
      .insertInto('runMarks')
      .values({
        runId: runRow.id,
        studentId: student.id,
        event,
        at,
        clientId: input.clientId,
        position: input.position ? JSON.stringify(input.position) : null,
        recordedBy: actorUserId(who),
        markedByRole: markedByRole(who),
        createdAt: now,
        ...receivedByColumns(receiver),
      })
      .onConflict((oc) => oc.columns(['runId', 'clientId']).doNothing())
      .returning(columns)
      .executeTakeFirst();
    if (!inserted) {
      const same = await trx
        .selectFrom('runMarks')
        .select(columns)
        .where('runId', '=', runRow.id)
        .where('clientId', '=', input.clientId)
        .executeTakeFirstOrThrow();
      return { mark: toMark(same, date, direction, await statusNow()), created: false };
    }
    // The family is told who drives the bus today: the substitute, when the office named one.
    await enqueueMarkMessage(trx, { ...student, date, driverId: runRow.substituteDriverId ?? owner, markId: inserted.id, event, run: direction, at, receiver });
    // A family following the bus sees at once that their child was picked up or dropped.
    await announceBusChange(trx, runRow.substituteDriverId ?? owner);
    if (who.kind === 'office') {
      await recordAudit(trx, who.actor, {
        entityType: 'run',
        entityId: runRow.id,
        action: 'mark',
        diff: { driverId: owner, date, run: direction, studentId: student.id, event, at: at.toISOString(), markedBy: who.officeName },
      });
    }
    return { mark: toMark(inserted, date, direction, await statusNow()), created: true };
  });
}
