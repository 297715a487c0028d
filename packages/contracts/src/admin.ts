import { z } from 'zod';
import { ADMIN_MESSAGES, MESSAGES } from './messages.js';
import { USER_STATUSES } from './options.js';
import { moneyInput } from './money.js';
import { overCapacityField } from './seats.js';
import { newPassword, optionalPhoneNumber, optionalText, phoneNumber, nameText, requiredText } from './fields.js';
import { trackerIdInput } from './trackers.js';
import { companySettingsView } from './settings.js';
import { termsVersionView } from './registration.js';
import { driverProfile, driverStudent } from './driver.js';

/** Admin inputs for the office's reference data: schools, areas, drivers, terms versions. */

export const entityId = z.object({ id: z.string().trim().min(1).max(64) });
/** Restoring a deleted student puts them back on their bus, which may be full by now. */
export const studentRestore = entityId.extend(overCapacityField);

export const schoolInput = z.object({
  schoolCode: requiredText(MESSAGES.schoolCodeRequired, 30),
  name: nameText(MESSAGES.nameRequired, 120),
  address: optionalText(300),
  contactName: optionalText(120),
  contactPhone: optionalPhoneNumber,
});
export type SchoolInput = z.input<typeof schoolInput>;

/**
 * Editing replaces the school's details (an empty optional field clears it); `active` is only
 * changed when given, so deactivating and reactivating never touch the rest.
 */
export const schoolUpdate = entityId.extend({
  ...schoolInput.shape,
  active: z.boolean().optional(),
});
export type SchoolUpdate = z.input<typeof schoolUpdate>;

const roundaboutCount = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => (value === '' || value === null || value === undefined ? 0 : Number(value)))
  .pipe(
    z
      .number({ error: MESSAGES.roundaboutCountInvalid })
      .int(MESSAGES.roundaboutCountInvalid)
      .min(0, MESSAGES.roundaboutCountInvalid)
      .max(99, MESSAGES.roundaboutCountInvalid),
  );

export const areaInput = z.object({
  name: nameText(MESSAGES.nameRequired, 120),
  price: moneyInput,
  roundaboutCount,
});
export type AreaInput = z.input<typeof areaInput>;

/**
 * Editing an area. When the price changes the admin says whether the area's registered students
 * move to the new price (applyPriceToStudents); without that choice their fee stays as it was.
 */
export const areaUpdate = entityId.extend({
  ...areaInput.shape,
  active: z.boolean().optional(),
  applyPriceToStudents: z.boolean().optional().default(false),
});
export type AreaUpdate = z.input<typeof areaUpdate>;

export const vehicleInput = z.object({
  plate: optionalText(20),
  /** The bus's tracker: omitted, unchanged; null or empty, none. */
  trackerId: trackerIdInput,
  seats: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? undefined : Number(value)))
    .pipe(z.number({ error: MESSAGES.seatsInvalid }).int(MESSAGES.seatsInvalid).min(1, MESSAGES.seatsInvalid).max(100, MESSAGES.seatsInvalid).optional()),
});

const areaIds = z.array(z.string().trim().min(1).max(64)).max(200);

export const driverInput = z.object({
  name: nameText(MESSAGES.nameRequired, 120),
  phone: phoneNumber,
  licenseNo: requiredText(MESSAGES.licenseNoRequired, 40),
  password: newPassword,
  areaIds: areaIds.optional().default([]),
  vehicle: vehicleInput.optional(),
  status: z.enum(USER_STATUSES).optional().default('active'),
});
export type DriverInput = z.input<typeof driverInput>;

/**
 * Editing a driver replaces name, phone and license number. The password is only changed when the
 * admin types a new one; areas, vehicle and status only when given.
 */
export const driverUpdate = entityId.extend({
  ...driverInput.shape,
  password: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(newPassword.optional()),
  areaIds: areaIds.optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type DriverUpdate = z.input<typeof driverUpdate>;

/**
 * A terms version: its English text, and its Arabic one, which may follow later (termsArabicInput).
 * A parent accepts the text in the page's language, so a version takes effect only with both.
 */
export const termsVersionInput = z
  .object({
    content: requiredText(MESSAGES.contentRequired, 20000),
    contentAr: optionalText(20000),
    activate: z.boolean().optional().default(false),
  })
  .refine((version) => !version.activate || version.contentAr !== undefined, { path: ['contentAr'], message: ADMIN_MESSAGES.termsBothTextsRequired });
export type TermsVersionInput = z.input<typeof termsVersionInput>;

/** The Arabic text of a version written without one. */
export const termsArabicInput = entityId.extend({
  contentAr: requiredText(MESSAGES.contentRequired, 20000),
});
export type TermsArabicInput = z.input<typeof termsArabicInput>;

/** Answers of the admin procedures (and of the REST paths that call them). */
export const adminSchool = z.object({
  id: z.string(),
  schoolCode: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** Children up to this grade leave the afternoon bus only into a named adult's hands (KG below grade 1); null: no rule. */
  handoverUpToGrade: z.string().nullable(),
  active: z.boolean(),
  studentCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSchool = z.output<typeof adminSchool>;
export const schoolsAnswer = z.object({ schools: z.array(adminSchool) });
export const schoolAnswer = z.object({ school: adminSchool });

export const adminArea = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  roundaboutCount: z.number(),
  active: z.boolean(),
  /** Students registered in the area: whom a price change may apply to. */
  studentCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminArea = z.output<typeof adminArea>;
export const areasAnswer = z.object({ areas: z.array(adminArea) });
export const areaAnswer = z.object({ area: adminArea });

export const adminDriver = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  phone: z.string(),
  licenseNo: z.string(),
  status: z.enum(USER_STATUSES),
  areaIds: z.array(z.string()),
  vehicle: z.object({ plate: z.string().nullable(), seats: z.number().nullable(), trackerId: z.string().nullable() }),
  studentCount: z.number(),
  /** Riders of each run, to set against the vehicle's seats ('22 / 24'). */
  riders: z.object({ morning: z.number(), afternoon: z.number() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminDriver = z.output<typeof adminDriver>;
export const driversAnswer = z.object({ drivers: z.array(adminDriver) });
export const driverAnswer = z.object({ driver: adminDriver });

export const adminOverview = z.object({
  totalStudents: z.number(),
  paidStudents: z.number(),
  /** Students (not deleted) without a driver. */
  unassignedStudents: z.number(),
  schools: z.number(),
  areas: z.number(),
  drivers: z.number(),
});
export type AdminOverview = z.output<typeof adminOverview>;

export const termsVersionsAnswer = z.object({ terms: z.array(termsVersionView) });
export const termsVersionAnswer = z.object({ termsVersion: termsVersionView });

/** What an office action that changes nothing the screen shows answers: its message for the toast (a code sent). */
export const messageAnswer = z.object({ message: z.string() });
/** A parent's or driver's sign-in lock cleared: the message for the toast, and no lock any more. */
export const signInLockCleared = messageAnswer.extend({ lockedUntil: z.null() });
/** The admin's Settings tab: the company's settings, read or saved. */
export const adminSettingsAnswer = z.object({ settings: companySettingsView });
/** Any driver's card and list as the driver sees them, for the office (read-only). */
export const adminDriverStudentsAnswer = z.object({ driver: driverProfile, students: z.array(driverStudent) });
