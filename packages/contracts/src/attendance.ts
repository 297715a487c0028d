import { z } from 'zod';
import { ATTENDANCE_MESSAGES } from './messages.js';
import type { ReceivedBy } from './handover.js';
import type { DriverRun } from './driver.js';

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

/** GET /api/admin/attendance.csv: one row per student (default), per school, per run, or per handover. */
export const ATTENDANCE_CSV_ROWS = ['student', 'school', 'run', 'handover'] as const;
export type AttendanceCsvRows = (typeof ATTENDANCE_CSV_ROWS)[number];
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
  /** The direction's totals over whichever runs the student took that way. */
  morning: RunAttendance | null;
  afternoon: RunAttendance | null;
  /** The same figures run by run: the runs the student rides now and any other they took this month, morning first. */
  runs: StudentRunAttendance[];
}

/** One student's month on one planned run. */
export interface StudentRunAttendance extends RunAttendance {
  /** The planned run's id (GET /api/admin/drivers/{id}/runs). */
  id: string;
  name: string;
  direction: DriverRun;
}

/** One planned run's month: its students' figures added up. */
export interface PlannedRunAttendance extends RunAttendance {
  id: string;
  name: string;
  direction: DriverRun;
  driverName: string;
  students: number;
}

/** A child handed to a named adult at an afternoon drop, as the drop recorded it. */
export interface HandoverAttendance {
  date: string;
  /** When the child was dropped (ISO instant). */
  at: string;
  studentId: string;
  automatedId: string;
  firstName: string;
  lastName: string;
  runId: string;
  runName: string;
  receivedBy: ReceivedBy;
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
  /** One row per planned run, by driver, morning first, in planned-start order. */
  runs: PlannedRunAttendance[];
  /** Every drop this month that named who received the child, in the order they happened. */
  handovers: HandoverAttendance[];
}
