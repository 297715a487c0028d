import { stringify } from 'csv-stringify/sync';
import { CSV_BYTE_ORDER_MARK, safeCsvCell, type AttendanceReport, type Language, type RunAttendance } from '@school-transport/contracts';

/**
 * The attendance report as a CSV file, like the students export: UTF-8 with a byte-order mark so
 * Excel shows Arabic names, formula-like cells made harmless, headers in the language of the admin
 * who downloads it (the Attendance tab's words, apps/web/src/i18n/{en,ar}/attendance.ts). A run the
 * student does not ride is an empty cell, not a 0.
 */
const TEXTS: Record<Language, { student: string[]; school: string[]; unassigned: string }> = {
  en: {
    student: ['Student ID', 'First Name', 'Last Name', 'School', 'Driver', 'School days', 'Morning rides', 'Morning absences', 'Morning no-shows', 'Afternoon rides', 'Afternoon absences', 'Afternoon no-shows'],
    school: ['School', 'Students', 'School days', 'Rides', 'Absences', 'No-shows'],
    unassigned: 'Unassigned',
  },
  ar: {
    student: ['رقم الطالب', 'الاسم الأول', 'اسم العائلة', 'المدرسة', 'السائق', 'أيام الدراسة', 'رحلات الصباح', 'غياب الصباح', 'عدم الحضور صباحًا', 'رحلات الظهر', 'غياب الظهر', 'عدم الحضور ظهرًا'],
    school: ['المدرسة', 'الطلاب', 'أيام الدراسة', 'الرحلات', 'الغياب', 'عدم الحضور'],
    unassigned: 'غير معيّن',
  },
};

const runCells = (run: RunAttendance | null) => (run ? [run.rides, run.absences, run.noShows] : [null, null, null]);

export function attendanceCsv(report: AttendanceReport, by: 'student' | 'school', language: Language): string {
  const words = TEXTS[language];
  const rows =
    by === 'student'
      ? report.students.map((row) => [row.automatedId, row.firstName, row.lastName, row.schoolName, row.driverName ?? words.unassigned, report.schoolDays, ...runCells(row.morning), ...runCells(row.afternoon)])
      : report.schools.map((row) => [row.schoolName, row.students, report.schoolDays, row.rides, row.absences, row.noShows]);
  return CSV_BYTE_ORDER_MARK + stringify([words[by], ...rows.map((cells) => cells.map((cell) => safeCsvCell(cell)))]);
}
