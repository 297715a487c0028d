import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { LANGUAGES, ROLES } from './options.js';
import { emailAddress } from './fields.js';

/** The language a sign-in screen is shown in, sent with the sign-in (optional: other clients may not know it). */
const screenLanguage = z.enum(LANGUAGES, { error: MESSAGES.languageInvalid }).optional();

/** Parents and admins sign in by email. */
export const loginInput = z.object({
  email: emailAddress(),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(200, MESSAGES.tooLong),
  rememberMe: z.boolean().optional().default(false),
  /** The language of the sign-in screen: the account takes it unless its person chose one. */
  language: screenLanguage,
});
export type LoginInput = z.input<typeof loginInput>;

/** Drivers sign in by phone. */
export const driverLoginInput = z.object({
  phone: z.string({ error: MESSAGES.phoneRequired }).trim().min(1, MESSAGES.phoneRequired).max(20, MESSAGES.tooLong),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(200, MESSAGES.tooLong),
  rememberMe: z.boolean().optional().default(false),
  language: screenLanguage,
});
export type DriverLoginInput = z.input<typeof driverLoginInput>;

/** The signed-in user as GET /api/auth/user answers it; a driver's user carries driverId. */
export const sessionUser = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The language of the account's screens and of the messages sent to it. */
  language: z.enum(LANGUAGES),
  driverId: z.string().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** auth.user: the signed-in user, or null when nobody is signed in (GET /api/auth/user answers 401 instead). */
export const sessionUserAnswer = z.object({ user: sessionUser.nullable() });
/** A sign-in, or the language switch: the user as the session now reads it. */
export const signedInAnswer = z.object({ user: sessionUser });
/** Signing out, of this session or of every session of the account. */
export const signedOutAnswer = z.object({ success: z.literal(true) });

/** The language switch of a signed-in user: kept on the account, for the screens and the outbox. */
export const languageInput = z.object({
  language: z.enum(LANGUAGES, { error: MESSAGES.languageInvalid }),
});
export type LanguageInput = z.input<typeof languageInput>;
