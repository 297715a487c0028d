import type { Db } from '@school-transport/db';
import {
  DRIVER_RUNS,
  addDays,
  bahrainToday,
  ridesOnRun,
  schoolDaysBetween,
  type AttendanceReport,
  type DriverRun,
  type RunAttendance,
  type SchoolAttendance,
  type StudentAttendance,
} from '@school-transport/contracts';
import { readSchoolDaySettings } from './settings.js';

/**
 * The monthly attendance report. A month's days count up to today (Bahrain): days still to come
 * have neither rides nor no-shows yet, so counting them would make every student look absent.
 * Per student and run:
 * - a ride is a school day the student boarded the run (a late boarding after a no-show is a ride);
 * - a no-show is a day the driver marked the student not there and they did not board after all;
 * - an absence is a school day an absence (not cancelled) covered the run and the student did not
 *   board it anyway.
 * The students are those on the books now (not deleted), in the order of the driver's list.
 */

const monthEnd = (month: string): string => addDays(`${month}-01`, new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate() - 1);

const emptyRun = (): RunAttendance => ({ rides: 0, absences: 0, noShows: 0 });

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
    .select(['students.id', 'students.automatedId', 'students.firstName', 'students.lastName', 'students.serviceType', 'schools.id as schoolId', 'schools.name as schoolName', 'drivers.name as driverName'])
    .where('students.deletedAt', 'is', null)
    .orderBy('schools.name')
    .orderBy('students.firstName')
    .orderBy('students.lastName')
    .orderBy('students.automatedId')
    .execute();

  // Each student's last mark per run and day: what finally happened to them that day.
  const marks =
    days.length === 0
      ? []
      : await db
          .selectFrom('runMarks')
          .innerJoin('schoolRuns', 'schoolRuns.id', 'runMarks.runId')
          .select(['runMarks.studentId', 'schoolRuns.date', 'schoolRuns.run', 'runMarks.event'])
          .where('schoolRuns.date', '>=', first)
          .where('schoolRuns.date', '<=', last)
          // An undone mark was a wrong tap: it is kept in the records but says nothing of the child's day.
          .where('runMarks.undoneAt', 'is', null)
          .orderBy('runMarks.at')
          .orderBy('runMarks.createdAt')
          .execute();
  const boarded = new Set<string>();
  const noShow = new Set<string>();
  for (const mark of marks) {
    const key = `${mark.studentId}:${mark.date}:${mark.run}`;
    if (mark.event === 'no_show') noShow.add(key);
    else boarded.add(key);
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

  const runOf = (studentId: string, run: DriverRun): RunAttendance => {
    const figures = emptyRun();
    for (const day of days) {
      const key = `${studentId}:${day}:${run}`;
      if (boarded.has(key)) figures.rides += 1;
      else if (noShow.has(key)) figures.noShows += 1;
      else if (absent.has(key)) figures.absences += 1;
    }
    return figures;
  };

  const rows: StudentAttendance[] = students.map((student) => ({
    id: student.id,
    automatedId: student.automatedId,
    firstName: student.firstName,
    lastName: student.lastName,
    schoolId: student.schoolId,
    schoolName: student.schoolName,
    driverName: student.driverName,
    morning: ridesOnRun(student.serviceType, 'morning') ? runOf(student.id, 'morning') : null,
    afternoon: ridesOnRun(student.serviceType, 'afternoon') ? runOf(student.id, 'afternoon') : null,
  }));

  const schools = new Map<string, SchoolAttendance>();
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
  }
  return { month, schoolDays: days.length, students: rows, schools: [...schools.values()] };
}
