import { z } from 'zod';
import { ACCOUNT_MESSAGES, MESSAGES } from './messages.js';
import { emailAddress, newPassword, optionalPhoneNumber, nameText } from './fields.js';
import { entityId } from './admin.js';

/** Digits of a one-time code. The code sent is ASCII; a phone set to Arabic may type Arabic-Indic digits, which are read as the same code. */
export const ACCOUNT_CODE_LENGTH = 6;

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits as ASCII. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90));
}

/** Who asks: an email (any account), or the 8-digit phone a driver signs in with. */
const accountIdentifier = z
  .string({ error: ACCOUNT_MESSAGES.identifierRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.identifierRequired)
  .max(254, MESSAGES.tooLong)
  .transform((value) => toAsciiDigits(value).toLowerCase());

/** POST /api/auth/password-reset: asks for a code by text message. */
export const passwordResetRequest = z.object({ identifier: accountIdentifier });
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

/** POST /api/auth/password-reset/confirm: a reset or welcome code and the new password. */
export const passwordResetConfirm = z.object({
  identifier: accountIdentifier,
  code: z
    .string({ error: ACCOUNT_MESSAGES.codeFormat })
    .transform((value) => toAsciiDigits(value).replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, ACCOUNT_MESSAGES.codeFormat)),
  newPassword,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirm>;

/** POST /api/auth/change-password: any signed-in user. */
export const passwordChange = z.object({
  currentPassword: z.string({ error: ACCOUNT_MESSAGES.currentPasswordRequired }).min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(200, MESSAGES.tooLong),
  newPassword,
});
export type PasswordChange = z.input<typeof passwordChange>;

/** PUT /api/admin/parents/{id}: the office corrects a parent's name, email and phone. */
export const parentAccountUpdate = entityId.extend({
  name: nameText(MESSAGES.parentNameRequired, 120),
  email: emailAddress(),
  phone: optionalPhoneNumber,
});
export type ParentAccountUpdate = z.input<typeof parentAccountUpdate>;

/** The answer of an account step that has nothing to show but its message (a code sent, a password changed, the admin created). */
export const accountMessageAnswer = z.object({ message: z.string() });

/** A parent's account as the office sees it after a correction. */
export const parentAccount = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type ParentAccount = z.output<typeof parentAccount>;
export const parentAccountAnswer = z.object({ parent: parentAccount });

/**
 * A parent's or driver's sign-in lock as the office sees it: the end of the latest lock (ISO time),
 * or null when no address is refused for the account.
 */
export const signInLock = z.object({
  lockedUntil: z.string().nullable(),
});
export type SignInLock = z.output<typeof signInLock>;
