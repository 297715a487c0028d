import type { Db } from '@school-transport/db';
import {
  PARENT_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  bahrainToday,
  isSchoolDay,
  noServiceName,
  bahrainInstant,
  busOfChild,
  DRIVER_RUNS,
  runOfChild,
  weekdayOf,
  ridesOnRun,
  TRACKER_PRECEDENCE_S,
  type DriverRun,
  type DriverToday,
  type DriverTodayRun,
  type StudentRunToday,
  type StudentToday,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { readSchoolDaySettings } from './settings.js';
import {
  absenceFor,
  absencesOnDate,
  markAuthor,
  marksByRider,
  marksOfRuns,
  receivedByOf,
  ridersOfDrivers,
  ridersOfPlannedRun,
  riderStatus,
  RUN_COLUMNS,
  type RunRow,
} from './riders.js';
import { handoversOfRiders } from '../handover/riders.js';
import { assertBus, operatesOn, ownRunOn } from '../planned-runs/day-runs.js';
import { findPlannedRun, plannedRunsOfDrivers, type PlannedRunRow } from '../planned-runs/read.js';
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
  const [day, positionFromTracker] = await Promise.all([readDriverDay(db, bahrainToday(now), driverId), trackerReporting(db, now, driverId)]);
  return { ...day, positionFromTracker };
}

/** Whether the bus's latest position is a tracker's fix of the last TRACKER_PRECEDENCE_S (the statement lets no browser fix replace it then). */
async function trackerReporting(db: Db, now: Date, driverId: string): Promise<boolean> {
  if (!isUuid(driverId)) return false;
  const row = await db
    .selectFrom('busPositions')
    .select('driverId')
    .where('driverId', '=', driverId)
    .where('source', '<>', 'browser')
    .where('at', '>=', new Date(now.getTime() - TRACKER_PRECEDENCE_S * 1000))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The office acting for a driver (a dead phone) sees one of the driver's own runs of a date (today
 * by default) exactly as the driver's screen would: each child with their status. The run is named
 * by its id or its direction (the one run that way that day). A date without runs is refused as
 * Start and End refuse it.
 */
export async function readOfficeRun(db: Db, now: Date, driverId: string, ref: string, date = bahrainToday(now)): Promise<DriverTodayRun> {
  await assertBus(db, driverId);
  const settings = await readSchoolDaySettings(db);
  assertRunDay(settings, date);
  const run = await ownRunOn(db, driverId, ref, settings, date);
  const day = await readDriverDay(db, date, driverId);
  const own = day.runs.find((entry) => entry.id === run.id && entry.coveringFor === null);
  if (!own) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.noRunOnDate);
  return own;
}

type DayRunRow = RunRow & { ownerName: string; substituteName: string | null };

/**
 * A driver's runs of a Bahrain date: the driver's today answer, for any date. Their own runs
 * operating that day, then those they cover for another driver, each in planned-start order.
 */
async function readDriverDay(db: Db, date: string, driverId: string): Promise<Omit<DriverToday, 'positionFromTracker'>> {
  const settings = await readSchoolDaySettings(db);
  const noService = noServiceName(settings, date);
  if (!isSchoolDay(settings, date) || !isUuid(driverId)) return { date, noService, attendant: null, runs: [] };

  // Subqueries rather than ids read first, so that the queries need not wait for each other.
  const coveredDrivers = db
    .selectFrom('schoolRuns')
    .select('schoolRuns.driverId')
    .where('schoolRuns.date', '=', date)
    .where('schoolRuns.substituteDriverId', '=', driverId);
  const drivenRunIds = db
    .selectFrom('schoolRuns')
    .select('schoolRuns.id')
    .where('schoolRuns.date', '=', date)
    .where((eb) => eb.or([eb('schoolRuns.driverId', '=', driverId), eb('schoolRuns.substituteDriverId', '=', driverId)]));
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
    marksOfRuns(db, drivenRunIds),
    busAttendant(db, driverId),
  ]);
  const coveredRows = runRows.filter((row) => row.driverId !== driverId);
  const owners = [...new Set([driverId, ...coveredRows.map((row) => row.driverId)])];
  const busRuns = await plannedRunsOfDrivers(db, owners);
  const ownRuns = busRuns.filter((run) => run.driverId === driverId && operatesOn(run, settings, date));
  // A covered run removed from the plan since the office handed it over is still driven that day.
  const coveredRuns: PlannedRunRow[] = [];
  for (const row of coveredRows) {
    const run = busRuns.find((entry) => entry.id === row.plannedRunId) ?? (await findPlannedRun(db, row.plannedRunId, { withRemoved: true }));
    if (run) coveredRuns.push(run);
  }
  const marks = marksByRider(markRows);
  const ridersOf = (run: PlannedRunRow) =>
    ridersOfPlannedRun(riders, run, busRuns.some((entry) => entry.id === run.id) ? busRuns : [...busRuns, run], settings, date);
  const driven = [...ownRuns, ...coveredRuns.sort((a, b) => a.plannedStart.localeCompare(b.plannedStart))];
  const handovers = await handoversOfRiders(db, [
    ...new Set(driven.filter((run) => run.direction === 'afternoon').flatMap((run) => ridersOf(run).map((rider) => rider.id))),
  ]);
  // The children in the order the bus stops for them, each with their stop's number.
  const stopsOfRuns = await orderedStopsOfRuns(
    db,
    driven.map((run) => ({ plannedRunId: run.id, driverId: run.driverId, run: run.direction, riders: ridersOf(run) })),
  );

  const entry = (run: PlannedRunRow, index: number): DriverTodayRun => {
    const row: DayRunRow | undefined = runRows.find((candidate) => candidate.plannedRunId === run.id);
    const owner = run.driverId;
    const inStopOrder = stopsOfRuns[index]!.flatMap((stop, number) => stop.riders.map((rider) => ({ rider, stop: { id: stop.id, number: number + 1 } })));
    return {
      ...toRunSummary(row, date, run),
      plannedStart: bahrainInstant(date, run.plannedStart).toISOString(),
      plannedEnd: bahrainInstant(date, run.plannedEnd).toISOString(),
      coveringFor: owner === driverId || !row ? null : { id: owner, name: row.ownerName },
      handedTo:
        owner === driverId && row?.substituteDriverId && row.substituteDriverId !== driverId
          ? { id: row.substituteDriverId, name: row.substituteName ?? '' }
          : null,
      students: inStopOrder.map(({ rider, stop }) => {
        const absence = absenceFor(absences, rider.id, run.direction);
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
          handover: run.direction === 'afternoon' ? (handovers.get(rider.id) ?? null) : null,
          receivedBy: receivedByOf(row ? marks.get(`${row.id}:${rider.id}`)?.at(-1) : undefined),
        };
      }),
    };
  };
  return { date, noService, attendant, runs: driven.map(entry) };
}

/** A student's day as the family's card shows it ('Boarded 06:42 · At school 07:15'); another family's student is 404. */
export async function readStudentToday(db: Db, now: Date, userId: string, studentId: string): Promise<StudentToday> {
  if (!isUuid(studentId)) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
  const student = await db
    .selectFrom('students')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .select([
      'students.id',
      'students.driverId',
      'students.serviceType',
      'students.schoolId',
      'students.afternoonDriverId',
      'students.morningRunId',
      'students.afternoonRunId',
    ])
    .where('students.id', '=', studentId)
    .where('parents.userId', '=', userId)
    .where('students.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!student) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
  const date = bahrainToday(now);
  const settings = await readSchoolDaySettings(db);
  if (!isSchoolDay(settings, date)) return { date, morning: null, afternoon: null };

  // The child's run each way today: placed by hand, or by their school, on the bus of that direction.
  const buses = [...new Set([student.driverId, student.afternoonDriverId].filter((id): id is string => id !== null))];
  const [busRuns, busNames] = await Promise.all([
    plannedRunsOfDrivers(db, buses),
    buses.length > 0 ? db.selectFrom('drivers').select(['id', 'name']).where('id', 'in', buses).execute() : [],
  ]);
  const weekday = weekdayOf(date);
  const todays = busRuns.filter((run) => operatesOn(run, settings, date));
  const runOf = (run: DriverRun) => runOfChild(todays, student, run, weekday, settings.schoolDays);
  const placed = DRIVER_RUNS.map(runOf).filter((run): run is PlannedRunRow => run !== null);
  const runRows =
    placed.length > 0
      ? await db
          .selectFrom('schoolRuns')
          .select(['id', 'plannedRunId'])
          .where(
            'plannedRunId',
            'in',
            placed.map((run) => run.id),
          )
          .where('date', '=', date)
          .execute()
      : [];
  const marks = await marksOfRuns(
    db,
    runRows.map((row) => row.id),
  );
  const absences = await absencesOnDate(db, date, [student.id]);
  const runToday = (run: DriverRun): StudentRunToday | null => {
    if (!ridesOnRun(student.serviceType, run)) return null;
    const planned = runOf(run);
    const runId = planned ? runRows.find((row) => row.plannedRunId === planned.id)?.id : undefined;
    const own = marks.filter((mark) => mark.runId === runId && mark.studentId === student.id);
    const absence = absenceFor(absences, student.id, run);
    const bus = busNames.find((driver) => driver.id === busOfChild(student, run));
    return {
      run: planned ? { id: planned.id, name: planned.name } : null,
      bus: bus ? { id: bus.id, name: bus.name } : null,
      status: riderStatus(own, absence),
      absenceReason: absence?.reason ?? null,
      events: own.map((mark) => ({ event: mark.event, at: mark.at.toISOString(), markedBy: markAuthor(mark, false), receivedBy: receivedByOf(mark) })),
    };
  };
  return { date, morning: runToday('morning'), afternoon: runToday('afternoon') };
}
