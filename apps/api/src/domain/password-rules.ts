import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { MESSAGES, STAFF_PASSWORD_MIN_LENGTH, type Role } from '@school-transport/contracts';
import { AppError } from '../errors.js';

/** How many of the list's most common passwords are refused (the list is ordered by frequency). */
const COMMON_PASSWORD_COUNT = 10_000;

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * The most common passwords, from zxcvbn-ts's password list (most frequent first), read on first
 * use: it takes about 50 ms, which a server start or a test that sets no password need not pay.
 * Checked here on the server only, so the list never travels in the web app.
 */
function mostCommonPasswords(): ReadonlySet<string> {
  if (!commonPasswords) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof LanguageCommon;
    commonPasswords = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  }
  return commonPasswords;
}

/** Whether a password is among the most common; letter case aside ('Password123' is as guessable as 'password123'). */
export function isCommonPassword(plain: string): boolean {
  return mostCommonPasswords().has(plain.toLowerCase());
}

/**
 * What is wrong with a new password for an account of this role, or undefined. Admin and staff
 * passwords are at least 12 characters; parents and drivers keep the 6 of the forms (the contract's
 * schemas check those). No one may choose one of the most common passwords: guessing them first is
 * what a password-guessing attack does.
 */
export function passwordProblem(plain: string, role: Role): string | undefined {
  if ((role === 'admin' || role === 'staff') && plain.length < STAFF_PASSWORD_MIN_LENGTH) return MESSAGES.staffPasswordMin;
  if (isCommonPassword(plain)) return MESSAGES.passwordTooCommon;
  return undefined;
}

/** Refuses a new password with 400 and the message on its form field (`field`, 'password' by default). */
export function assertPasswordAllowed(plain: string, role: Role, field = 'password'): void {
  const problem = passwordProblem(plain, role);
  if (problem) throw new AppError('BAD_REQUEST', problem, { [field]: problem });
}
