import { z } from 'zod';
import { ATTENDANCE_MESSAGES } from './messages.js';

/**
 * The monthly attendance report: for each student, the month's school days with service (those
 * that have come, up to today), and per run the rides taken, the absences reported and the
 * no-shows; for each school the same totals.
 */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const attendanceQuery = z.object({
  month: z.string({ error: ATTENDANCE_MESSAGES.monthInvalid }).trim().regex(MONTH, ATTENDANCE_MESSAGES.monthInvalid),
});
export type AttendanceQuery = z.input<typeof attendanceQuery>;

/** GET /api/admin/attendance.csv: one row per student (default) or per school. */
export const ATTENDANCE_CSV_ROWS = ['student', 'school'] as const;
export const attendanceCsvQuery = attendanceQuery.extend({
  by: z.enum(ATTENDANCE_CSV_ROWS, { error: ATTENDANCE_MESSAGES.byInvalid }).optional().transform((value) => value ?? 'student'),
});

/** One run's month for one student: null when the student does not ride that run. */
export interface RunAttendance {
  /** Days the student boarded this run. */
  rides: number;
  /** School days the family (or the office) reported the student absent from this run, and who did not ride. */
  absences: number;
  /** Days the driver marked the student not there, and who did not board after all. */
  noShows: number;
}

export interface StudentAttendance {
  id: string;
  automatedId: string;
  firstName: string;
  lastName: string;
  schoolId: string;
  schoolName: string;
  driverName: string | null;
  morning: RunAttendance | null;
  afternoon: RunAttendance | null;
}

export interface SchoolAttendance {
  schoolId: string;
  schoolName: string;
  students: number;
  rides: number;
  absences: number;
  noShows: number;
}

/** GET /api/admin/attendance?month=2026-12. */
export interface AttendanceReport {
  month: string;
  /** The month's school days with service, up to today (Bahrain): weekends and no-service dates left out. */
  schoolDays: number;
  students: StudentAttendance[];
  schools: SchoolAttendance[];
}
