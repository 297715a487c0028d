import { z } from 'zod';
import { fullRun } from './seats.js';
import { DRIVER_RUNS } from './driver.js';
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
      .refine(
        (text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
        ANALYTICS_MESSAGES.dateInvalid,
      )
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
export const statisticsGroup = z.object({
  id: z.string(),
  name: z.string(),
  /** Inactive areas, schools and drivers still show while students are attached to them. */
  active: z.boolean(),
  students: z.number(),
  paidStudents: z.number(),
  /** Sum of the monthly fees of the group's students, "1234.50". */
  monthlyRevenue: z.string(),
});
export type StatisticsGroup = z.output<typeof statisticsGroup>;

export const adminStatistics = z.object({
  /** Students not deleted; paidStudents + unpaidStudents = totalStudents. */
  totalStudents: z.number(),
  paidStudents: z.number(),
  unpaidStudents: z.number(),
  unassignedStudents: z.number(),
  /** Active schools and drivers, as the dashboard cards count them. */
  schools: z.number(),
  drivers: z.number(),
  /** Expected monthly revenue: the sum of every (not deleted) student's monthly fee, "1234.50". */
  monthlyRevenue: z.string(),
  /** Of which the fees of students marked paid, and of those still pending. */
  paidRevenue: z.string(),
  pendingRevenue: z.string(),
  /** Registered (created) in the current and the previous calendar month, Bahrain time. */
  studentsThisMonth: z.number(),
  studentsLastMonth: z.number(),
  /** (this − last) / last × 100, one decimal; null when last month had no registrations (no base to grow from). */
  growthPercent: z.number().nullable(),
  /** First days of the two months, YYYY-MM-DD, so the screen can name them. */
  thisMonthStart: z.string(),
  lastMonthStart: z.string(),
  byArea: z.array(statisticsGroup),
  bySchool: z.array(statisticsGroup),
  byDriver: z.array(statisticsGroup),
});
export type AdminStatistics = z.output<typeof adminStatistics>;

export const unassignedStudent = z.object({
  id: z.string(),
  automatedId: z.string(),
  firstName: z.string(),
  fathersName: z.string(),
  lastName: z.string(),
  school: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type UnassignedStudent = z.output<typeof unassignedStudent>;

/**
 * A child on a bus whom no single run of that bus takes one way: no run serves their school, or
 * two do (the kindergarten's and the rest of the school's). They wait with the unassigned until
 * the office places them on a run by hand.
 */
export const studentToPlace = unassignedStudent.extend({
  ways: z.array(
    z.object({
      direction: z.enum(DRIVER_RUNS),
      /** The bus that way (the bus home for the afternoon when it differs). */
      driver: z.object({ id: z.string(), name: z.string() }),
      /** The bus's runs that way serving the child's school: none, or two or more to choose from. */
      runs: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type StudentToPlace = z.output<typeof studentToPlace>;

export const unassignedStudents = z.object({
  students: z.array(unassignedStudent),
  total: z.number(),
  /** The runs with no seat left, so the office knows which buses cannot take them. */
  fullRuns: z.array(fullRun),
  /** Children to place on a run by hand, newest first (at most the limit asked for), and how many in all. */
  toPlace: z.array(studentToPlace),
  toPlaceTotal: z.number(),
});
export type UnassignedStudents = z.output<typeof unassignedStudents>;

/** Who did what in the audit log, and whom the filters offer. */
const auditActor = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });

export const auditLogEntry = z.object({
  id: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  /** What the row is about, in words (a school's name, a student's name and ID), when it still exists. */
  entityLabel: z.string().nullable(),
  action: z.string(),
  diff: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
  actor: auditActor.nullable(),
});
export type AuditLogEntry = z.output<typeof auditLogEntry>;

export const auditLogPage = z.object({
  auditLogs: z.array(auditLogEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditLogPage = z.output<typeof auditLogPage>;

export const auditLogFilterChoices = z.object({
  entityTypes: z.array(z.string()),
  actions: z.array(z.string()),
  actors: z.array(auditActor),
});
export type AuditLogFilterChoices = z.output<typeof auditLogFilterChoices>;
