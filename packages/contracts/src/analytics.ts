import { z } from 'zod';
import type { FullRun } from './seats.js';
import type { DriverRun } from './driver.js';
import { ANALYTICS_MESSAGES } from './messages.js';

/** The admin's statistics, the unassigned-students bell and the audit log: inputs and answers. */

/** The company runs in Bahrain (UTC+3 all year, no daylight saving): its months and days start there. */
export const BUSINESS_UTC_OFFSET_HOURS = 3;

export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_MAX_PAGE_SIZE = 200;
export const UNASSIGNED_LIST_LIMIT = 50;

/** Query parameters arrive as text; '' and missing mean "no filter". */
const optionalFilter = (max = 64) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : undefined));

const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.dateInvalid)
      .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), ANALYTICS_MESSAGES.dateInvalid)
      .optional(),
  );

const wholeNumber = (message: string, min: number, max: number, fallback: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? fallback : Number(value)))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

export const auditLogQuery = z
  .object({
    page: wholeNumber(ANALYTICS_MESSAGES.pageInvalid, 1, 1_000_000, 1),
    pageSize: wholeNumber(ANALYTICS_MESSAGES.pageSizeInvalid, 1, AUDIT_LOG_MAX_PAGE_SIZE, AUDIT_LOG_PAGE_SIZE),
    entityType: optionalFilter(),
    action: optionalFilter(),
    actorUserId: optionalFilter(),
    /** Days in Bahrain time, both included. */
    from: optionalDate,
    to: optionalDate,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: ANALYTICS_MESSAGES.dateRangeInvalid, path: ['to'] });
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const unassignedStudentsQuery = z
  .object({ limit: wholeNumber(ANALYTICS_MESSAGES.pageSizeInvalid, 1, AUDIT_LOG_MAX_PAGE_SIZE, UNASSIGNED_LIST_LIMIT) })
  .optional()
  .transform((value) => value ?? { limit: UNASSIGNED_LIST_LIMIT });

/** One row of a breakdown: students of an area, a school or a driver, and what they pay a month. */
export interface StatisticsGroup {
  id: string;
  name: string;
  /** Inactive areas, schools and drivers still show while students are attached to them. */
  active: boolean;
  students: number;
  paidStudents: number;
  /** Sum of the monthly fees of the group's students, "1234.50". */
  monthlyRevenue: string;
}

export interface AdminStatistics {
  /** Students not deleted; paidStudents + unpaidStudents = totalStudents. */
  totalStudents: number;
  paidStudents: number;
  unpaidStudents: number;
  unassignedStudents: number;
  /** Active schools and drivers, as the dashboard cards count them. */
  schools: number;
  drivers: number;
  /** Expected monthly revenue: the sum of every (not deleted) student's monthly fee, "1234.50". */
  monthlyRevenue: string;
  /** Of which the fees of students marked paid, and of those still pending. */
  paidRevenue: string;
  pendingRevenue: string;
  /** Registered (created) in the current and the previous calendar month, Bahrain time. */
  studentsThisMonth: number;
  studentsLastMonth: number;
  /** (this − last) / last × 100, one decimal; null when last month had no registrations (no base to grow from). */
  growthPercent: number | null;
  /** First days of the two months, YYYY-MM-DD, so the screen can name them. */
  thisMonthStart: string;
  lastMonthStart: string;
  byArea: StatisticsGroup[];
  bySchool: StatisticsGroup[];
  byDriver: StatisticsGroup[];
}

export interface UnassignedStudent {
  id: string;
  automatedId: string;
  firstName: string;
  fathersName: string;
  lastName: string;
  school: { id: string; name: string };
  createdAt: string;
}

/**
 * A child on a bus whom no single run of that bus takes one way: no run serves their school, or
 * two do (the kindergarten's and the rest of the school's). They wait with the unassigned until
 * the office places them on a run by hand.
 */
export interface StudentToPlace extends UnassignedStudent {
  ways: {
    direction: DriverRun;
    /** The bus that way (the bus home for the afternoon when it differs). */
    driver: { id: string; name: string };
    /** The bus's runs that way serving the child's school: none, or two or more to choose from. */
    runs: { id: string; name: string }[];
  }[];
}

export interface UnassignedStudents {
  students: UnassignedStudent[];
  total: number;
  /** The runs with no seat left, so the office knows which buses cannot take them. */
  fullRuns: FullRun[];
  /** Children to place on a run by hand, newest first (at most the limit asked for), and how many in all. */
  toPlace: StudentToPlace[];
  toPlaceTotal: number;
}

export interface AuditLogEntry {
  id: string;
  entityType: string;
  entityId: string;
  /** What the row is about, in words (a school's name, a student's name and ID), when it still exists. */
  entityLabel: string | null;
  action: string;
  diff: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
  actor: { id: string; name: string; email: string | null } | null;
}

export interface AuditLogPage {
  auditLogs: AuditLogEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AuditLogFilterChoices {
  entityTypes: string[];
  actions: string[];
  actors: { id: string; name: string; email: string | null }[];
}
