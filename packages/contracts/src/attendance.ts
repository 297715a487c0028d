import { z } from 'zod';
import { ATTENDANCE_MESSAGES } from './messages.js';
import { receivedBy } from './handover.js';
import { DRIVER_RUNS } from './driver.js';

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
  by: z
    .enum(ATTENDANCE_CSV_ROWS, { error: ATTENDANCE_MESSAGES.byInvalid })
    .optional()
    .transform((value) => value ?? 'student'),
});

/** One run's month for one student: null when the student does not ride that run. */
export const runAttendance = z.object({
  /** Days the student boarded this run. */
  rides: z.number(),
  /** School days the family (or the office) reported the student absent from this run, and who did not ride. */
  absences: z.number(),
  /** Days the driver marked the student not there, and who did not board after all. */
  noShows: z.number(),
});
export type RunAttendance = z.output<typeof runAttendance>;

/** One student's month on one planned run. */
export const studentRunAttendance = runAttendance.extend({
  /** The planned run's id (GET /api/admin/drivers/{id}/runs). */
  id: z.string(),
  name: z.string(),
  direction: z.enum(DRIVER_RUNS),
});
export type StudentRunAttendance = z.output<typeof studentRunAttendance>;

export const studentAttendance = z.object({
  id: z.string(),
  automatedId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  driverName: z.string().nullable(),
  /** The direction's totals over whichever runs the student took that way. */
  morning: runAttendance.nullable(),
  afternoon: runAttendance.nullable(),
  /** The same figures run by run: the runs the student rides now and any other they took this month, morning first. */
  runs: z.array(studentRunAttendance),
});
export type StudentAttendance = z.output<typeof studentAttendance>;

/** One planned run's month: its students' figures added up. */
export const plannedRunAttendance = runAttendance.extend({
  id: z.string(),
  name: z.string(),
  direction: z.enum(DRIVER_RUNS),
  driverName: z.string(),
  students: z.number(),
});
export type PlannedRunAttendance = z.output<typeof plannedRunAttendance>;

/** A child handed to a named adult at an afternoon drop, as the drop recorded it. */
export const handoverAttendance = z.object({
  date: z.string(),
  /** When the child was dropped (ISO instant). */
  at: z.string(),
  studentId: z.string(),
  automatedId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  runId: z.string(),
  runName: z.string(),
  receivedBy,
});
export type HandoverAttendance = z.output<typeof handoverAttendance>;

export const schoolAttendance = z.object({
  schoolId: z.string(),
  schoolName: z.string(),
  students: z.number(),
  rides: z.number(),
  absences: z.number(),
  noShows: z.number(),
});
export type SchoolAttendance = z.output<typeof schoolAttendance>;

/** GET /api/admin/attendance?month=2026-12. */
export const attendanceReport = z.object({
  month: z.string(),
  /** The month's school days with service, up to today (Bahrain): weekends and no-service dates left out. */
  schoolDays: z.number(),
  students: z.array(studentAttendance),
  schools: z.array(schoolAttendance),
  /** One row per planned run, by driver, morning first, in planned-start order. */
  runs: z.array(plannedRunAttendance),
  /** Every drop this month that named who received the child, in the order they happened. */
  handovers: z.array(handoverAttendance),
});
export type AttendanceReport = z.output<typeof attendanceReport>;
