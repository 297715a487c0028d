import { stringify } from 'csv-stringify/sync';
import {
  CSV_BYTE_ORDER_MARK,
  safeCsvCell,
  type AttendanceCsvRows,
  type AttendanceReport,
  type DriverRun,
  type Language,
  type RunAttendance,
  type StudentAttendance,
} from '@school-transport/contracts';
import { RECEIVER_RELATIONS, RUN_LABELS, formatTime } from '../notifications/templates.js';

/**
 * The attendance report as a CSV file, like the students export: UTF-8 with a byte-order mark so
 * Excel shows Arabic names, formula-like cells made harmless, headers in the language of the admin
 * who downloads it (the Attendance tab's words, apps/web/src/i18n/{en,ar}/attendance.ts). A run the
 * student does not ride is an empty cell, not a 0. The per-student file keeps its first columns
 * where they were (spreadsheets built on it go on working) and names the student's runs after them.
 */
const TEXTS: Record<Language, Record<AttendanceCsvRows, string[]> & { unassigned: string }> = {
  en: {
    student: [
      'Student ID',
      'First Name',
      'Last Name',
      'School',
      'Driver',
      'School days',
      'Morning rides',
      'Morning absences',
      'Morning no-shows',
      'Afternoon rides',
      'Afternoon absences',
      'Afternoon no-shows',
      'Morning run',
      'Afternoon run',
    ],
    school: ['School', 'Students', 'School days', 'Rides', 'Absences', 'No-shows'],
    run: ['Run', 'Direction', 'Driver', 'Students', 'School days', 'Rides', 'Absences', 'No-shows'],
    handover: ['Date', 'Time', 'Student ID', 'First Name', 'Last Name', 'Run', 'Received by', 'Relation'],
    unassigned: 'Unassigned',
  },
  ar: {
    student: [
      'رقم الطالب',
      'الاسم الأول',
      'اسم العائلة',
      'المدرسة',
      'السائق',
      'أيام الدراسة',
      'رحلات الصباح',
      'غياب الصباح',
      'عدم الحضور صباحًا',
      'رحلات الظهر',
      'غياب الظهر',
      'عدم الحضور ظهرًا',
      'رحلة الصباح',
      'رحلة الظهر',
    ],
    school: ['المدرسة', 'الطلاب', 'أيام الدراسة', 'الرحلات', 'الغياب', 'عدم الحضور'],
    run: ['الرحلة', 'الاتجاه', 'السائق', 'الطلاب', 'أيام الدراسة', 'الرحلات', 'الغياب', 'عدم الحضور'],
    handover: ['التاريخ', 'الوقت', 'رقم الطالب', 'الاسم الأول', 'اسم العائلة', 'الرحلة', 'استلمه', 'الصلة'],
    unassigned: 'غير معيّن',
  },
};

const runCells = (run: RunAttendance | null) => (run ? [run.rides, run.absences, run.noShows] : [null, null, null]);

/** The names of the runs a student took (or rides now) one way, in planned order; empty when none. */
const runNames = (row: StudentAttendance, direction: DriverRun) =>
  row.runs
    .filter((run) => run.direction === direction)
    .map((run) => run.name)
    .join(', ') || null;

export function attendanceCsv(report: AttendanceReport, by: AttendanceCsvRows, language: Language): string {
  const words = TEXTS[language];
  const rows: (string | number | null)[][] = {
    student: () =>
      report.students.map((row) => [
        row.automatedId,
        row.firstName,
        row.lastName,
        row.schoolName,
        row.driverName ?? words.unassigned,
        report.schoolDays,
        ...runCells(row.morning),
        ...runCells(row.afternoon),
        runNames(row, 'morning'),
        runNames(row, 'afternoon'),
      ]),
    school: () => report.schools.map((row) => [row.schoolName, row.students, report.schoolDays, row.rides, row.absences, row.noShows]),
    run: () =>
      report.runs.map((row) => [
        row.name,
        RUN_LABELS[row.direction][language],
        row.driverName,
        row.students,
        report.schoolDays,
        row.rides,
        row.absences,
        row.noShows,
      ]),
    handover: () =>
      report.handovers.map((row) => [
        row.date,
        formatTime(row.at, language),
        row.automatedId,
        row.firstName,
        row.lastName,
        row.runName,
        row.receivedBy.name,
        RECEIVER_RELATIONS[row.receivedBy.relation][language],
      ]),
  }[by]();
  return CSV_BYTE_ORDER_MARK + stringify([words[by], ...rows.map((cells) => cells.map((cell) => safeCsvCell(cell)))]);
}
