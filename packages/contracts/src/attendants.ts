import { z } from 'zod';
import { USER_STATUSES } from './options.js';
import { entityId } from './admin.js';
import { ADMIN_MESSAGES, MESSAGES } from './messages.js';
import { newPassword, nameText, phoneNumber } from './fields.js';

/**
 * An attendant of a bus: a supervisor who rides with the children, signs in by phone like the
 * driver (the same phone and password rules) and works the day of the bus of `driverId`.
 */
const busDriverId = z.string({ error: ADMIN_MESSAGES.attendantBusRequired }).trim().min(1, ADMIN_MESSAGES.attendantBusRequired).max(64);

export const attendantInput = z.object({
  name: nameText(MESSAGES.nameRequired, 120),
  phone: phoneNumber,
  password: newPassword,
  driverId: busDriverId,
  status: z.enum(USER_STATUSES).optional().default('active'),
});
export type AttendantInput = z.input<typeof attendantInput>;

/** Editing an attendant: each field changes only when given (the password only when typed); a new driverId moves them to that bus. */
export const attendantUpdate = entityId.extend({
  name: nameText(MESSAGES.nameRequired, 120).optional(),
  phone: phoneNumber.optional(),
  password: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(newPassword.optional()),
  driverId: busDriverId.optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type AttendantUpdate = z.input<typeof attendantUpdate>;

export const adminAttendant = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  /** The driver whose bus they ride. */
  driverId: z.string(),
  status: z.enum(USER_STATUSES),
});
export type AdminAttendant = z.output<typeof adminAttendant>;
export const attendantsAnswer = z.object({ attendants: z.array(adminAttendant) });
export const attendantAnswer = z.object({ attendant: adminAttendant });

/** Who made a mark, as the office's run view and the parent's day show it ('marked by Aisha'). */
export const MARKED_BY_ROLES = ['driver', 'attendant', 'office'] as const;
export type MarkedByRole = (typeof MARKED_BY_ROLES)[number];
export const markedBy = z.object({
  role: z.enum(MARKED_BY_ROLES),
  /** Their name; null where it is not shown (an office member's, to a family) or no longer known. */
  name: z.string().nullable(),
});
export type MarkedBy = z.output<typeof markedBy>;
