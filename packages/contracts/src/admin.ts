import { z } from 'zod';
import { ADMIN_MESSAGES, MESSAGES } from './messages.js';
import { USER_STATUSES } from './options.js';
import { moneyInput } from './money.js';
import { overCapacityField } from './seats.js';
import { newPassword, optionalPhoneNumber, optionalText, phoneNumber, nameText, requiredText } from './fields.js';
import { trackerIdInput } from './trackers.js';

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
  .pipe(z.number({ error: MESSAGES.roundaboutCountInvalid }).int(MESSAGES.roundaboutCountInvalid).min(0, MESSAGES.roundaboutCountInvalid).max(99, MESSAGES.roundaboutCountInvalid));

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

export interface AdminArea {
  id: string;
  name: string;
  price: string;
  roundaboutCount: number;
  active: boolean;
  /** Students registered in the area: whom a price change may apply to. */
  studentCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminDriver {
  id: string;
  userId: string;
  name: string;
  phone: string;
  licenseNo: string;
  status: (typeof USER_STATUSES)[number];
  areaIds: string[];
  vehicle: { plate: string | null; seats: number | null; trackerId: string | null };
  studentCount: number;
  /** Riders of each run, to set against the vehicle's seats ('22 / 24'). */
  riders: { morning: number; afternoon: number };
  createdAt: string;
  updatedAt: string;
}

export interface AdminOverview {
  totalStudents: number;
  paidStudents: number;
  /** Students (not deleted) without a driver. */
  unassignedStudents: number;
  schools: number;
  areas: number;
  drivers: number;
}
