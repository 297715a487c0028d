import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { PASSWORD_MIN_LENGTH } from './options.js';

/**
 * Characters that take no room on the screen: zero-width space, non-joiner and joiner, the
 * direction marks (U+200B–U+200F), the bidi embeddings and overrides (U+202A–U+202E), the word
 * joiner and invisible operators (U+2060–U+2064), the bidi isolates (U+2066–U+2069) and the
 * zero-width no-break space (U+FEFF). A text made only of these looks empty wherever it is shown.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** Whether a text shows nothing: empty once the invisible characters and the spaces are gone. */
export const looksEmpty = (text: string) => text.replace(INVISIBLE, '').trim() === '';

/**
 * The bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). In a name they can
 * turn the text around it ('Ali\u202Efdp.exe' shows as 'Aliexe.pdf') on every list, receipt and
 * message the name appears in; a name never needs them (the screen isolates names itself).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

/**
 * Building blocks for the product's forms: trimmed text, 8-digit phones, optional fields that arrive as ''.
 * Required text that shows nothing (only spaces or invisible characters) is refused as empty.
 */
export const requiredText = (message: string, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, MESSAGES.tooLong)
    .refine((value) => !looksEmpty(value), message);

/** A person's, school's or area's name: required text without bidi controls (removed, not refused). */
export const nameText = (message: string, max = 120) =>
  z
    .string({ error: message })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, message)
    .max(max, MESSAGES.tooLong)
    .refine((value) => !looksEmpty(value), message);

/** Optional text: '', null, missing and text that shows nothing all mean "not given". */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, MESSAGES.tooLong)
    .nullish()
    .transform((value) => (value && !looksEmpty(value) ? value : undefined));

export const phoneNumber = z
  .string({ error: MESSAGES.phoneDigits })
  .trim()
  .regex(/^\d{8}$/, MESSAGES.phoneDigits);

export const optionalPhoneNumber = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : undefined))
  .pipe(
    z
      .string()
      .regex(/^\d{8}$/, MESSAGES.phoneDigits)
      .optional(),
  );

export const emailAddress = (message: string = MESSAGES.invalidEmail) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, MESSAGES.tooLong)
    .pipe(z.email({ error: message }));

export const newPassword = z.string({ error: MESSAGES.passwordMin }).min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin).max(200, MESSAGES.tooLong);
