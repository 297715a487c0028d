import type { Db } from '@school-transport/db';
import {
  ADMIN_MESSAGES,
  DRIVER_RUNS,
  PARENT_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  bahrainToday,
  isSchoolDay,
  noServiceName,
  plannedEnd,
  plannedStart,
  ridesOnRun,
  type DriverRun,
  type DriverToday,
  type DriverTodayRun,
  type StudentRunToday,
  type StudentToday,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { readSchoolDaySettings } from './settings.js';
import { absenceFor, absencesOnDate, markAuthor, marksByRider, marksOfRuns, ridersOfDrivers, ridersOfRun, riderStatus, RUN_COLUMNS, type RunRow } from './riders.js';
import { assertRunDay, toRunSummary } from './runs.js';
import { orderedStopsOfRuns } from '../routes/stop-order.js';
import { busAttendant } from '../driver/bus-attendant.js';

/**
 * What the driver's screen opens on: today's two runs, each with its children in stop order and
 * where each stands. Read in three round trips whatever the number of children: the settings (a
 * weekend or a no-service date ends there), then the runs, students, absences and marks at once,
 * then the runs' stops (one more to add the stop of a newly assigned child). The runs the driver
 * covers for another driver today come after their own; their own run handed to a substitute is
 * still listed, with who drives it.
 */
export async function readDriverToday(db: Db, now: Date, driverId: string): Promise<DriverToday> {
  return readDriverDay(db, bahrainToday(now), driverId);
}

/**
 * The office acting for a driver (a dead phone) sees one of the driver's own runs of a date (today
 * by default) exactly as the driver's screen would: each child with their status. A date without
 * runs is refused as Start and End refuse it.
 */
export async function readOfficeRun(db: Db, now: Date, driverId: string, run: DriverRun, date = bahrainToday(now)): Promise<DriverTodayRun> {
  if (!isUuid(driverId)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
  const driver = await db.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst();
  if (!driver) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
  const day = await readDriverDay(db, date, driverId);
  const own = day.runs.find((entry) => entry.run === run && entry.coveringFor === null);
  if (!own) {
    assertRunDay(await readSchoolDaySettings(db), date);
    throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.noRunOnDate);
  }
  return own;
}

/** A driver's runs of a Bahrain date: the driver's today answer, for any date. */
async function readDriverDay(db: Db, date: string, driverId: string): Promise<DriverToday> {
  const settings = await readSchoolDaySettings(db);
  const noService = noServiceName(settings, date);
  if (!isSchoolDay(settings, date) || !isUuid(driverId)) return { date, noService, attendant: null, runs: [] };

  // Subqueries rather than ids read first, so that the four queries need not wait for each other.
  const coveredDrivers = db.selectFrom('schoolRuns').select('schoolRuns.driverId').where('schoolRuns.date', '=', date).where('schoolRuns.substituteDriverId', '=', driverId);
  const drivenRuns = db.selectFrom('schoolRuns').select('schoolRuns.id').where('schoolRuns.date', '=', date).where((eb) => eb.or([eb('schoolRuns.driverId', '=', driverId), eb('schoolRuns.substituteDriverId', '=', driverId)]));
  const [runRows, riders, absences, markRows, attendant] = await Promise.all([
    db
      .selectFrom('schoolRuns')
      .innerJoin('drivers as owner', 'owner.id', 'schoolRuns.driverId')
      .leftJoin('drivers as substitute', 'substitute.id', 'schoolRuns.substituteDriverId')
      .select([...RUN_COLUMNS, 'owner.name as ownerName', 'substitute.name as substituteName'])
      .where('schoolRuns.date', '=', date)
      .where((eb) => eb.or([eb('schoolRuns.driverId', '=', driverId), eb('schoolRuns.substituteDriverId', '=', driverId)]))
      .orderBy('schoolRuns.createdAt')
      .execute(),
    ridersOfDrivers(db, [driverId], coveredDrivers),
    absencesOnDate(db, date, { driverId, coveredDrivers }),
    marksOfRuns(db, drivenRuns),
    busAttendant(db, driverId),
  ]);
  const covered = runRows.filter((row) => row.driverId !== driverId);
  const marks = marksByRider(markRows);
  // The children in the order the bus stops for them, each with their stop's number.
  const owners = [...new Set([driverId, ...covered.map((row) => row.driverId)])];
  const runsOfOwners = owners.flatMap((owner) => DRIVER_RUNS.map((run) => ({ driverId: owner, run, riders: ridersOfRun(riders, owner, run) })));
  const stopsOfRuns = await orderedStopsOfRuns(db, runsOfOwners);
  const inStopOrder = (owner: string, run: DriverRun) =>
    stopsOfRuns[runsOfOwners.findIndex((entry) => entry.driverId === owner && entry.run === run)]!.flatMap((stop, index) => stop.riders.map((rider) => ({ rider, stop: { id: stop.id, number: index + 1 } })));

  const entry = (owner: string, run: DriverRun, row: (RunRow & { ownerName: string; substituteName: string | null }) | undefined): DriverTodayRun => ({
    ...toRunSummary(row, date, run),
    plannedStart: plannedStart(settings, date, run).toISOString(),
    plannedEnd: plannedEnd(settings, date, run).toISOString(),
    coveringFor: owner === driverId || !row ? null : { id: owner, name: row.ownerName },
    handedTo: owner === driverId && row?.substituteDriverId && row.substituteDriverId !== driverId ? { id: row.substituteDriverId, name: row.substituteName ?? '' } : null,
    students: inStopOrder(owner, run).map(({ rider, stop }) => {
      const absence = absenceFor(absences, rider.id, run);
      return {
        id: rider.id,
        automatedId: rider.automatedId,
        firstName: rider.firstName,
        lastName: rider.lastName,
        schoolName: rider.schoolName,
        address: rider.address,
        contactNumber1: rider.contactNumber1,
        status: riderStatus(row ? (marks.get(`${row.id}:${rider.id}`) ?? []) : [], absence),
        absenceReason: absence?.reason ?? null,
        stop,
        markedBy: markAuthor(row ? marks.get(`${row.id}:${rider.id}`)?.at(-1) : undefined),
      };
    }),
  });

  const own = DRIVER_RUNS.map((run) =>
    entry(
      driverId,
      run,
      runRows.find((row) => row.driverId === driverId && row.run === run),
    ),
  );
  const others = DRIVER_RUNS.flatMap((run) => covered.filter((row) => row.run === run).map((row) => entry(row.driverId, run, row)));
  return { date, noService, attendant, runs: [...own, ...others] };
}

/** A student's day as the family's card shows it ('Boarded 06:42 · At school 07:15'); another family's student is 404. */
export async function readStudentToday(db: Db, now: Date, userId: string, studentId: string): Promise<StudentToday> {
  if (!isUuid(studentId)) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
  const student = await db
    .selectFrom('students')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .select(['students.id', 'students.driverId', 'students.serviceType'])
    .where('students.id', '=', studentId)
    .where('parents.userId', '=', userId)
    .where('students.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!student) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
  const date = bahrainToday(now);
  const settings = await readSchoolDaySettings(db);
  if (!isSchoolDay(settings, date)) return { date, morning: null, afternoon: null };

  const runRows = student.driverId ? await db.selectFrom('schoolRuns').select(['id', 'run']).where('driverId', '=', student.driverId).where('date', '=', date).execute() : [];
  const marks = await marksOfRuns(
    db,
    runRows.map((row) => row.id),
  );
  const absences = await absencesOnDate(db, date, [student.id]);
  const runToday = (run: DriverRun): StudentRunToday | null => {
    if (!ridesOnRun(student.serviceType, run)) return null;
    const runId = runRows.find((row) => row.run === run)?.id;
    const own = marks.filter((mark) => mark.runId === runId && mark.studentId === student.id);
    const absence = absenceFor(absences, student.id, run);
    return { status: riderStatus(own, absence), absenceReason: absence?.reason ?? null, events: own.map((mark) => ({ event: mark.event, at: mark.at.toISOString(), markedBy: markAuthor(mark, false) })) };
  };
  return { date, morning: runToday('morning'), afternoon: runToday('afternoon') };
}
