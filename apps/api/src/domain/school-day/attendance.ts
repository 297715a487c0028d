import type { Db } from '@school-transport/db';
import {
  DRIVER_RUNS,
  addDays,
  bahrainToday,
  ridesOnRun,
  runOfChild,
  runsOfChildInWeek,
  schoolDaysBetween,
  weekdayOf,
  type AttendanceReport,
  type DriverRun,
  type HandoverAttendance,
  type PlannedRunAttendance,
  type RunAttendance,
  type SchoolAttendance,
  type StudentAttendance,
  type StudentRunAttendance,
} from '@school-transport/contracts';
import { readSchoolDaySettings } from './settings.js';
import { receivedByOf } from './riders.js';
import { plannedRunsOfDrivers } from '../planned-runs/read.js';

/**
 * The monthly attendance report. A month's days count up to today (Bahrain): days still to come
 * have neither rides nor no-shows yet, so counting them would make every student look absent.
 * Per student and direction, and the same run by run:
 * - a ride is a school day the student boarded the run (a late boarding after a no-show is a ride);
 * - a no-show is a day the driver marked the student not there and they did not board after all;
 * - an absence is a school day an absence (not cancelled) covered the direction and the student did
 *   not board anyway; it counts on the run the student was to ride that day (none when no run of
 *   their bus took them: then only in the direction's totals).
 * A day's marks belong to the run they were made on, even one removed or re-planned since. The
 * students are those on the books now (not deleted), in the order of the driver's list.
 */

const monthEnd = (month: string): string =>
  addDays(`${month}-01`, new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate() - 1);

const emptyRun = (): RunAttendance => ({ rides: 0, absences: 0, noShows: 0 });

/** What a student's marks of one day and direction came to: the runs they boarded, the runs they were marked not there. */
interface DayMarks {
  boarded: Set<string>;
  noShow: Set<string>;
}

interface RunFacts {
  id: string;
  name: string;
  direction: DriverRun;
  driverName: string;
  plannedStart: string;
}

export async function readAttendance(db: Db, now: Date, month: string): Promise<AttendanceReport> {
  const first = `${month}-01`;
  const today = bahrainToday(now);
  const last = monthEnd(month) < today ? monthEnd(month) : today;
  const settings = await readSchoolDaySettings(db);
  const days = first <= last ? schoolDaysBetween(settings, first, last) : [];

  const students = await db
    .selectFrom('students')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .leftJoin('drivers', 'drivers.id', 'students.driverId')
    .select([
      'students.id',
      'students.automatedId',
      'students.firstName',
      'students.lastName',
      'students.serviceType',
      'students.driverId',
      'students.afternoonDriverId',
      'students.morningRunId',
      'students.afternoonRunId',
      'schools.id as schoolId',
      'schools.name as schoolName',
      'drivers.name as driverName',
    ])
    .where('students.deletedAt', 'is', null)
    .orderBy('schools.name')
    .orderBy('students.firstName')
    .orderBy('students.lastName')
    .orderBy('students.automatedId')
    .execute();

  // Each student's marks per day and run (undone ones left out: a wrong tap says nothing of the child's day).
  const marks =
    days.length === 0
      ? []
      : await db
          .selectFrom('runMarks')
          .innerJoin('schoolRuns', 'schoolRuns.id', 'runMarks.runId')
          .select([
            'runMarks.studentId',
            'schoolRuns.date',
            'schoolRuns.run',
            'schoolRuns.plannedRunId',
            'runMarks.event',
            'runMarks.at',
            'runMarks.receivedByName',
            'runMarks.receivedByRelation',
          ])
          .where('schoolRuns.date', '>=', first)
          .where('schoolRuns.date', '<=', last)
          .where('runMarks.undoneAt', 'is', null)
          .orderBy('runMarks.at')
          .orderBy('runMarks.createdAt')
          .execute();
  const dayMarks = new Map<string, DayMarks>();
  for (const mark of marks) {
    const key = `${mark.studentId}:${mark.date}:${mark.run}`;
    const day = dayMarks.get(key) ?? { boarded: new Set<string>(), noShow: new Set<string>() };
    if (mark.event === 'no_show') day.noShow.add(mark.plannedRunId);
    else day.boarded.add(mark.plannedRunId);
    dayMarks.set(key, day);
  }

  const absences =
    days.length === 0
      ? []
      : await db
          .selectFrom('absences')
          .select(['studentId', 'fromDate', 'toDate', 'run'])
          .where('cancelledAt', 'is', null)
          .where('fromDate', '<=', days.at(-1)!)
          .where('toDate', '>=', days[0]!)
          .execute();
  const absent = new Set<string>();
  for (const absence of absences) {
    for (const day of days) {
      if (day < absence.fromDate || day > absence.toDate) continue;
      for (const run of DRIVER_RUNS) if (absence.run === 'both' || absence.run === run) absent.add(`${absence.studentId}:${day}:${run}`);
    }
  }

  const busIds = [...new Set(students.flatMap((student) => [student.driverId, student.afternoonDriverId]).filter((id): id is string => id !== null))];
  const busRuns = await plannedRunsOfDrivers(db, busIds);
  const runs = await runFacts(db, [...busRuns.map((run) => run.id), ...marks.map((mark) => mark.plannedRunId)]);

  const rows: StudentAttendance[] = students.map((student) => {
    const perRun = new Map<string, RunAttendance>();
    const onRun = (runId: string) => perRun.get(runId) ?? perRun.set(runId, emptyRun()).get(runId)!;
    // The runs the student rides now, listed even before their first ride.
    for (const direction of DRIVER_RUNS)
      if (ridesOnRun(student.serviceType, direction)) for (const run of runsOfChildInWeek(busRuns, student, direction, settings.schoolDays)) onRun(run.id);
    const directionOf = (direction: DriverRun): RunAttendance | null => {
      if (!ridesOnRun(student.serviceType, direction)) return null;
      const figures = emptyRun();
      for (const day of days) {
        const key = `${student.id}:${day}:${direction}`;
        const marked = dayMarks.get(key);
        if (marked && marked.boarded.size > 0) {
          figures.rides += 1;
          for (const runId of marked.boarded) onRun(runId).rides += 1;
        } else if (marked && marked.noShow.size > 0) {
          figures.noShows += 1;
          for (const runId of marked.noShow) onRun(runId).noShows += 1;
        } else if (absent.has(key)) {
          figures.absences += 1;
          const planned = runOfChild(busRuns, student, direction, weekdayOf(day), settings.schoolDays);
          if (planned) onRun(planned.id).absences += 1;
        }
      }
      return figures;
    };
    const morning = directionOf('morning');
    const afternoon = directionOf('afternoon');
    const studentRuns: StudentRunAttendance[] = [...perRun.entries()]
      .flatMap(([runId, figures]) => {
        const run = runs.get(runId);
        return run ? [{ id: run.id, name: run.name, direction: run.direction, ...figures }] : [];
      })
      .sort((a, b) => byRunOrder(runs.get(a.id)!, runs.get(b.id)!));
    return {
      id: student.id,
      automatedId: student.automatedId,
      firstName: student.firstName,
      lastName: student.lastName,
      schoolId: student.schoolId,
      schoolName: student.schoolName,
      driverName: student.driverName,
      morning,
      afternoon,
      runs: studentRuns,
    };
  });

  const schools = new Map<string, SchoolAttendance>();
  const runTotals = new Map<string, PlannedRunAttendance>();
  for (const row of rows) {
    const school = schools.get(row.schoolId) ?? { schoolId: row.schoolId, schoolName: row.schoolName, students: 0, rides: 0, absences: 0, noShows: 0 };
    school.students += 1;
    for (const run of [row.morning, row.afternoon]) {
      if (!run) continue;
      school.rides += run.rides;
      school.absences += run.absences;
      school.noShows += run.noShows;
    }
    schools.set(row.schoolId, school);
    for (const run of row.runs) {
      const facts = runs.get(run.id)!;
      const total = runTotals.get(run.id) ?? {
        id: run.id,
        name: run.name,
        direction: run.direction,
        driverName: facts.driverName,
        students: 0,
        rides: 0,
        absences: 0,
        noShows: 0,
      };
      total.students += 1;
      total.rides += run.rides;
      total.absences += run.absences;
      total.noShows += run.noShows;
      runTotals.set(run.id, total);
    }
  }

  const onBooks = new Map(rows.map((row) => [row.id, row]));
  const handovers: HandoverAttendance[] = marks.flatMap((mark) => {
    const receivedBy = mark.event === 'dropped' ? receivedByOf(mark) : null;
    const student = onBooks.get(mark.studentId);
    const run = runs.get(mark.plannedRunId);
    if (!receivedBy || !student || !run) return [];
    return [
      {
        date: mark.date,
        at: mark.at.toISOString(),
        studentId: student.id,
        automatedId: student.automatedId,
        firstName: student.firstName,
        lastName: student.lastName,
        runId: run.id,
        runName: run.name,
        receivedBy,
      },
    ];
  });

  const runRows = [...runTotals.values()].sort((a, b) => byRunOrder(runs.get(a.id)!, runs.get(b.id)!, true));
  return { month, schoolDays: days.length, students: rows, schools: [...schools.values()], runs: runRows, handovers };
}

/** Morning before afternoon, then by planned start; the office's run table groups by driver first. */
function byRunOrder(a: RunFacts, b: RunFacts, byDriver = false): number {
  if (byDriver && a.driverName !== b.driverName) return a.driverName.localeCompare(b.driverName);
  if (a.direction !== b.direction) return a.direction === 'morning' ? -1 : 1;
  return a.plannedStart.localeCompare(b.plannedStart) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** The runs these ids name, removed ones included (their days stay in the records), with their bus's driver. */
async function runFacts(db: Db, ids: readonly string[]): Promise<Map<string, RunFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('plannedRuns')
    .innerJoin('drivers', 'drivers.id', 'plannedRuns.driverId')
    .select(['plannedRuns.id', 'plannedRuns.name', 'plannedRuns.direction', 'plannedRuns.plannedStart', 'drivers.name as driverName'])
    .where('plannedRuns.id', 'in', unique)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
