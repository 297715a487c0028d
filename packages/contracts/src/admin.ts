import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { USER_STATUSES } from './options.js';
import { moneyInput } from './money.js';
import { newPassword, optionalPhoneNumber, optionalText, phoneNumber, requiredText } from './fields.js';

/** Admin inputs for the office's reference data: schools, areas, drivers, terms versions. */

export const entityId = z.object({ id: z.string().trim().min(1).max(64) });

export const schoolInput = z.object({
  schoolCode: requiredText(MESSAGES.schoolCodeRequired, 30),
  name: requiredText(MESSAGES.nameRequired, 120),
  address: optionalText(300),
  contactName: optionalText(120),
  contactPhone: optionalPhoneNumber,
});
export type SchoolInput = z.input<typeof schoolInput>;

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
  name: requiredText(MESSAGES.nameRequired, 120),
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
  seats: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? undefined : Number(value)))
    .pipe(z.number({ error: MESSAGES.seatsInvalid }).int(MESSAGES.seatsInvalid).min(1, MESSAGES.seatsInvalid).max(100, MESSAGES.seatsInvalid).optional()),
});

export const driverInput = z.object({
  name: requiredText(MESSAGES.nameRequired, 120),
  phone: phoneNumber,
  licenseNo: requiredText(MESSAGES.licenseNoRequired, 40),
  password: newPassword,
  areaIds: z.array(z.string().trim().min(1).max(64)).max(200).optional().default([]),
  vehicle: vehicleInput.optional(),
  status: z.enum(USER_STATUSES).optional().default('active'),
});
export type DriverInput = z.input<typeof driverInput>;

/** Editing a driver: the password is only changed when the admin types a new one. */
export const driverUpdate = entityId.extend({
  ...driverInput.shape,
  password: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(newPassword.optional()),
});
export type DriverUpdate = z.input<typeof driverUpdate>;

export const termsVersionInput = z.object({
  content: requiredText(MESSAGES.contentRequired, 20000),
  activate: z.boolean().optional().default(false),
});
export type TermsVersionInput = z.input<typeof termsVersionInput>;
