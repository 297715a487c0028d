import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import type { absenceInput } from '@school-transport/contracts';
import {
  ABSENCE_LIST_DAYS_BACK,
  ABSENCE_MAX_DAYS_AHEAD,
  DRIVER_RUNS,
  PARENT_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  STUDENT_MESSAGES,
  addDays,
  bahrainToday,
  ridesOnRun,
  schoolDaysBetween,
  type Absence,
  type AdminAbsence,
  type ChildToPlace,
  type AbsenceRun,
  type DriverRun,
  type SchoolDaySettings,
  type ServiceType,
} from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor } from '../audit.js';
import { readSchoolDaySettings } from './settings.js';
import { cutOffPassed } from './cut-off.js';

/**
 * Absences: a family reports that a student will not ride (a day or up to 31, the morning run,
 * the afternoon run or both), or the office records it for a family that phoned. Days the buses do
 * not run are skipped, not refused. Reporting and cancelling close for a run when it starts
 * (cut-off.ts). A cancelled absence stays in the table (cancelled_at) for the records.
 */

/** Who is asking: a parent (their own students only; anyone else's is 404) or the office (audited). */
export type AbsenceActor = { kind: 'parent'; userId: string } | { kind: 'office'; actor: Actor };

type AbsenceFields = z.output<typeof absenceInput>;

/** A child an absence is for, with what finds their run each way (the cut-off is their own run's start). */
interface AbsentStudent extends ChildToPlace {
  id: string;
  serviceType: ServiceType;
}

const PLACEMENT_COLUMNS = ['students.schoolId', 'students.driverId', 'students.afternoonDriverId', 'students.morningRunId', 'students.afternoonRunId'] as const;

async function findStudent(db: Db, who: AbsenceActor, studentId: string): Promise<AbsentStudent> {
  const missing = who.kind === 'parent' ? PARENT_MESSAGES.studentNotFound : STUDENT_MESSAGES.studentNotFound;
  if (!isUuid(studentId)) throw new AppError('NOT_FOUND', missing);
  let query = db
    .selectFrom('students')
    .select(['students.id', 'students.serviceType', ...PLACEMENT_COLUMNS])
    .where('students.id', '=', studentId)
    .where('students.deletedAt', 'is', null);
  if (who.kind === 'parent') query = query.innerJoin('parents', 'parents.id', 'students.parentId').where('parents.userId', '=', who.userId);
  const student = await query.executeTakeFirst();
  if (!student) throw new AppError('NOT_FOUND', missing);
  return student;
}

/** The runs an absence covers for this student: 'both' is whichever runs the student rides. */
function coveredRuns(serviceType: ServiceType, run: AbsenceRun): DriverRun[] {
  return DRIVER_RUNS.filter((each) => (run === 'both' || run === each) && ridesOnRun(serviceType, each));
}

/** The (day, run) pairs of an absence whose cut-off has passed, in date order. */
async function daysPastCutOff(
  db: Db,
  settings: SchoolDaySettings,
  now: Date,
  student: AbsentStudent,
  days: readonly string[],
  runs: readonly DriverRun[],
): Promise<string[]> {
  const today = bahrainToday(now);
  const passed: string[] = [];
  for (const day of days) {
    if (day > today) break;
    for (const run of runs) {
      if (await cutOffPassed(db, settings, now, student, day, run)) {
        passed.push(day);
        break;
      }
    }
  }
  return passed;
}

type AbsenceRow = { id: string; studentId: string; fromDate: string; toDate: string; run: AbsenceRun; reason: string | null; createdAt: Date };
const ABSENCE_COLUMNS = [
  'absences.id',
  'absences.studentId',
  'absences.fromDate',
  'absences.toDate',
  'absences.run',
  'absences.reason',
  'absences.createdAt',
] as const;

function toAbsence(row: AbsenceRow): Absence {
  return { id: row.id, studentId: row.studentId, from: row.fromDate, to: row.toDate, run: row.run, reason: row.reason, createdAt: row.createdAt.toISOString() };
}

export async function reportAbsence(db: Kysely<Database>, now: Date, who: AbsenceActor, input: AbsenceFields): Promise<Absence> {
  return db.transaction().execute((trx) => recordAbsence(trx, now, who, input));
}

/** Records an absence inside the caller's transaction (a WhatsApp reply records it with the reply's row). */
export async function recordAbsence(trx: Db, now: Date, who: AbsenceActor, input: AbsenceFields): Promise<Absence> {
  // No day of it more than a year from today (the contract cannot know today; the server's clock does).
  if (input.to > addDays(bahrainToday(now), ABSENCE_MAX_DAYS_AHEAD))
    throw new AppError('BAD_REQUEST', SCHOOL_DAY_MESSAGES.absenceTooFarAhead, { to: SCHOOL_DAY_MESSAGES.absenceTooFarAhead });
  const student = await findStudent(trx, who, input.studentId);
  const runs = coveredRuns(student.serviceType, input.run);
  if (runs.length === 0) throw new AppError('BAD_REQUEST', SCHOOL_DAY_MESSAGES.studentNotOnRun, { run: SCHOOL_DAY_MESSAGES.studentNotOnRun });
  const settings = await readSchoolDaySettings(trx);
  const days = schoolDaysBetween(settings, input.from, input.to);
  if (days.length === 0) throw new AppError('BAD_REQUEST', SCHOOL_DAY_MESSAGES.absenceNoSchoolDay, { from: SCHOOL_DAY_MESSAGES.absenceNoSchoolDay });
  if ((await daysPastCutOff(trx, settings, now, student, days, runs)).length > 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.tooLateForAbsence);
  const overlapping = await trx
    .selectFrom('absences')
    .select('id')
    .where('studentId', '=', student.id)
    .where('cancelledAt', 'is', null)
    .where('fromDate', '<=', input.to)
    .where('toDate', '>=', input.from)
    .where((eb) => (input.run === 'both' ? eb.val(true) : eb('run', 'in', [input.run, 'both'])))
    .executeTakeFirst();
  if (overlapping) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.absenceOverlaps);
  const row = await trx
    .insertInto('absences')
    .values({
      studentId: student.id,
      fromDate: input.from,
      toDate: input.to,
      run: input.run,
      reason: input.reason,
      createdBy: who.kind === 'parent' ? who.userId : who.actor.userId,
    })
    .returning(['id', 'studentId', 'fromDate', 'toDate', 'run', 'reason', 'createdAt'])
    .executeTakeFirstOrThrow();
  if (who.kind === 'office') {
    await recordAudit(trx, who.actor, {
      entityType: 'absence',
      entityId: row.id,
      action: 'create',
      diff: { studentId: student.id, from: input.from, to: input.to, run: input.run, reason: input.reason },
    });
  }
  return toAbsence(row);
}

/**
 * Cancels an absence. One whose runs have not started yet is cancelled whole; one already under
 * way ends early instead (the days before the cut-off stay, the later days ride again), since the
 * days already past happened; one entirely past is too late.
 */
export async function cancelAbsence(db: Kysely<Database>, now: Date, who: AbsenceActor, id: string): Promise<Absence> {
  return db.transaction().execute(async (trx) => {
    if (!isUuid(id)) throw new AppError('NOT_FOUND', SCHOOL_DAY_MESSAGES.absenceNotFound);
    let query = trx
      .selectFrom('absences')
      .innerJoin('students', 'students.id', 'absences.studentId')
      .select([...ABSENCE_COLUMNS, 'students.serviceType', ...PLACEMENT_COLUMNS])
      .where('absences.id', '=', id)
      .where('absences.cancelledAt', 'is', null)
      .where('students.deletedAt', 'is', null)
      .forUpdate('absences');
    if (who.kind === 'parent') query = query.innerJoin('parents', 'parents.id', 'students.parentId').where('parents.userId', '=', who.userId);
    const row = await query.executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', SCHOOL_DAY_MESSAGES.absenceNotFound);
    const settings = await readSchoolDaySettings(trx);
    const student: AbsentStudent = {
      id: row.studentId,
      serviceType: row.serviceType,
      schoolId: row.schoolId,
      driverId: row.driverId,
      afternoonDriverId: row.afternoonDriverId,
      morningRunId: row.morningRunId,
      afternoonRunId: row.afternoonRunId,
    };
    const days = schoolDaysBetween(settings, row.fromDate, row.toDate);
    const passed = await daysPastCutOff(trx, settings, now, student, days, coveredRuns(row.serviceType, row.run));
    const actorUserId = who.kind === 'parent' ? who.userId : who.actor.userId;
    let answer: AbsenceRow;
    if (passed.length === 0) {
      await trx.updateTable('absences').set({ cancelledAt: now, cancelledBy: actorUserId }).where('id', '=', row.id).execute();
      answer = row;
    } else if (passed.length === days.length) {
      throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.tooLateForAbsence);
    } else {
      const lastPassed = passed.at(-1)!;
      await trx.updateTable('absences').set({ toDate: lastPassed }).where('id', '=', row.id).execute();
      answer = { ...row, toDate: lastPassed };
    }
    if (who.kind === 'office') {
      await recordAudit(trx, who.actor, {
        entityType: 'absence',
        entityId: row.id,
        action: passed.length === 0 ? 'cancel' : 'shorten',
        diff:
          passed.length === 0
            ? { studentId: row.studentId, from: row.fromDate, to: row.toDate, run: row.run }
            : { studentId: row.studentId, to: { from: row.toDate, to: answer.toDate } },
      });
    }
    return toAbsence(answer);
  });
}

/** The family's absences that end on or after 30 days ago, soonest first. */
export async function listParentAbsences(db: Db, now: Date, userId: string): Promise<Absence[]> {
  const since = addDays(bahrainToday(now), -ABSENCE_LIST_DAYS_BACK);
  const rows = await db
    .selectFrom('absences')
    .innerJoin('students', 'students.id', 'absences.studentId')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .select(ABSENCE_COLUMNS)
    .where('parents.userId', '=', userId)
    .where('students.deletedAt', 'is', null)
    .where('absences.cancelledAt', 'is', null)
    .where('absences.toDate', '>=', since)
    .orderBy('absences.fromDate')
    .orderBy('absences.createdAt')
    .execute();
  return rows.map(toAbsence);
}

/** The absences in force on a date (today by default), for the office: the student, school and driver of each. */
export async function listAbsencesOnDate(db: Db, now: Date, date = bahrainToday(now)): Promise<AdminAbsence[]> {
  const rows = await db
    .selectFrom('absences')
    .innerJoin('students', 'students.id', 'absences.studentId')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .leftJoin('drivers', 'drivers.id', 'students.driverId')
    .select([
      ...ABSENCE_COLUMNS,
      'students.automatedId',
      'students.firstName',
      'students.lastName',
      'schools.name as schoolName',
      'drivers.id as driverId',
      'drivers.name as driverName',
    ])
    .where('absences.cancelledAt', 'is', null)
    .where('absences.fromDate', '<=', date)
    .where('absences.toDate', '>=', date)
    .where('students.deletedAt', 'is', null)
    .orderBy('students.firstName')
    .orderBy('students.lastName')
    .execute();
  return rows.map((row) => ({
    ...toAbsence(row),
    student: { id: row.studentId, automatedId: row.automatedId, firstName: row.firstName, lastName: row.lastName, schoolName: row.schoolName },
    driver: row.driverId && row.driverName ? { id: row.driverId, name: row.driverName } : null,
  }));
}
