import { z } from 'zod';
import { MESSAGES, OFFICE_ACCOUNT_MESSAGES } from './messages.js';
import { entityId } from './admin.js';
import { emailAddress, optionalPhoneNumber, nameText } from './fields.js';
import { OFFICE_ROLES, STAFF_PASSWORD_MIN_LENGTH } from './options.js';

/** The office's own accounts: admins and staff, as the Users tab lists them. No password hash, ever. */
export const officeUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(OFFICE_ROLES),
  active: z.boolean(),
  /** ISO time of the last sign-in; null: never signed in. */
  lastSignInAt: z.string().nullable(),
});
export type OfficeUser = z.output<typeof officeUser>;
export const officeUsersAnswer = z.object({ users: z.array(officeUser) });
export const officeUserAnswer = z.object({ user: officeUser });

const officeRole = z.enum(OFFICE_ROLES, { error: OFFICE_ACCOUNT_MESSAGES.roleInvalid });

/**
 * A new admin or staff member with the initial password the admin gives them: 12 characters at
 * least, as for every office account (the server also refuses the most common passwords).
 */
export const officeUserCreate = z.object({
  name: nameText(MESSAGES.nameRequired, 120),
  email: emailAddress(),
  phone: optionalPhoneNumber,
  role: officeRole,
  password: z.string({ error: MESSAGES.staffPasswordMin }).min(STAFF_PASSWORD_MIN_LENGTH, MESSAGES.staffPasswordMin).max(200, MESSAGES.tooLong),
});
export type OfficeUserCreate = z.input<typeof officeUserCreate>;

/** Renaming, changing the role, deactivating (which signs the person out at once) or reactivating: each only when given. */
export const officeUserUpdate = entityId.extend({
  name: nameText(MESSAGES.nameRequired, 120).optional(),
  role: officeRole.optional(),
  active: z.boolean().optional(),
});
export type OfficeUserUpdate = z.input<typeof officeUserUpdate>;
