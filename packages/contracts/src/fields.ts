import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { PASSWORD_MIN_LENGTH } from './options.js';

/** Building blocks for the product's forms: trimmed text, 8-digit phones, optional fields that arrive as ''. */
export const requiredText = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, MESSAGES.tooLong);

/** Optional text: '', null and missing all mean "not given". */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, MESSAGES.tooLong)
    .nullish()
    .transform((value) => (value ? value : undefined));

export const phoneNumber = z
  .string({ error: MESSAGES.phoneDigits })
  .trim()
  .regex(/^\d{8}$/, MESSAGES.phoneDigits);

export const optionalPhoneNumber = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .pipe(z.string().regex(/^\d{8}$/, MESSAGES.phoneDigits).optional());

export const emailAddress = (message: string = MESSAGES.invalidEmail) =>
  z.string({ error: message }).trim().toLowerCase().max(254, MESSAGES.tooLong).pipe(z.email({ error: message }));

export const newPassword = z
  .string({ error: MESSAGES.passwordMin })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin)
  .max(200, MESSAGES.tooLong);
