import {
  ACCOUNT_MESSAGES,
  accountMessageAnswer,
  driverLoginInput,
  isCrewRole,
  languageInput,
  loginInput,
  passwordChange,
  passwordResetConfirm,
  passwordResetRequest,
  REMEMBER_ME_DAYS,
  sessionUserAnswer,
  signedInAnswer,
  signedOutAnswer,
  type SessionUser,
} from '@school-transport/contracts';
import type { Context } from '../context.js';
import { publicEndpoint, router, signedInEndpoint } from '../init.js';
import { signInByEmail, signInByPhone } from '../../domain/auth.js';
import { createBootstrapAdmin } from '../../domain/admin-bootstrap.js';
import { setAccountLanguage } from '../../domain/language-switch.js';
import { languageAtSignIn } from '../../domain/account-language.js';
import { TooManySignInAttempts } from '../../domain/login-throttle.js';
import { withRetryAfter } from '../retry-after.js';
import { AppError } from '../../errors.js';
import { confirmPasswordReset, requestPasswordReset } from '../../domain/password-reset.js';
import { changePassword } from '../../domain/password-change.js';
import { endSessions } from '../../domain/account-sessions.js';

/**
 * Starts a fresh session for the user: a new session id (no fixation), and a 30-day cookie only
 * when asked to remember; otherwise the cookie ends with the browser session.
 */
async function startSession(ctx: Context, user: SessionUser, rememberMe: boolean): Promise<void> {
  await ctx.req.session.regenerate();
  ctx.req.session.set('userId', user.id);
  ctx.req.session.options({ maxAge: rememberMe ? REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000 : undefined });
}

/**
 * A sign-in attempt under the sign-in limits (domain/login-throttle.ts), counted for the account
 * identifier and the caller's address before the password is checked. A refusal tells the client
 * when to try again (Retry-After, in seconds), on the tRPC and the REST answer alike.
 */
function throttled<T>(ctx: Context, account: string, attempt: () => Promise<T>, failed?: (error: unknown) => boolean): Promise<T> {
  return withRetryAfter(ctx, () => ctx.loginThrottle.attempt({ account, address: ctx.ip }, attempt, failed));
}

/** Whether an error is the 400 of one message: a wrong guess that the sign-in limits keep counted. */
const answered = (message: string) => (error: unknown) => error instanceof AppError && error.message === message;

/** The identifier an account signs in with, as the sign-in limits key it. */
function signInKey(user: SessionUser): string {
  return isCrewRole(user.role) ? `phone:${user.phone ?? ''}` : `email:${user.email ?? ''}`;
}

export const authRouter = router({
  user: publicEndpoint({ answer: sessionUserAnswer }).query(({ ctx }) => ({ user: ctx.user })),

  login: publicEndpoint({
    input: loginInput,
    answer: signedInAnswer,
    rest: { route: 'POST /api/auth/login', summary: 'Signs a parent or admin in by email', from: 'body' },
  }).mutation(async ({ ctx, input }) => {
    const user = await languageAtSignIn(
      ctx.db,
      await throttled(ctx, `email:${input.email}`, () => signInByEmail(ctx.db, input.email, input.password)),
      input.language,
    );
    await startSession(ctx, user, input.rememberMe);
    return { user };
  }),

  driverLogin: publicEndpoint({
    input: driverLoginInput,
    answer: signedInAnswer,
    rest: { route: 'POST /api/driver/login', summary: 'Signs a driver in by phone', from: 'body' },
  }).mutation(async ({ ctx, input }) => {
    const user = await languageAtSignIn(
      ctx.db,
      await throttled(ctx, `phone:${input.phone}`, () => signInByPhone(ctx.db, input.phone, input.password)),
      input.language,
    );
    await startSession(ctx, user, input.rememberMe);
    return { user };
  }),

  logout: publicEndpoint({
    answer: signedOutAnswer,
    rest: { route: 'POST /api/auth/logout', summary: 'Signs out' },
  }).mutation(async ({ ctx }) => {
    await ctx.req.session.destroy();
    return { success: true };
  }),

  /** Asks for a forgotten-password code by text message; the same 202 whether or not an account matches. */
  requestPasswordReset: publicEndpoint({
    input: passwordResetRequest,
    answer: accountMessageAnswer,
    rest: {
      route: 'POST /api/auth/password-reset',
      summary: 'Sends a password reset code by text message, if an account matches (the same 202 whether or not one does)',
      from: 'body',
      status: 202,
    },
  }).mutation(async ({ ctx, input }) => {
    // Counted per address whether or not an account matches, so the 429 tells nothing either.
    await withRetryAfter(ctx, () => ctx.addressLimits.count('password_reset', ctx.ip));
    await requestPasswordReset(ctx.db, input.identifier);
    return { message: ACCOUNT_MESSAGES.resetCodeSent };
  }),

  /**
   * Sets a new password with a reset or welcome code. Wrong codes are counted under the sign-in
   * limits too, per identifier (kept apart from its sign-ins) and per address, so that guessing
   * across many accounts from one machine is stopped as well as guessing one account's code.
   */
  confirmPasswordReset: publicEndpoint({
    input: passwordResetConfirm,
    answer: accountMessageAnswer,
    rest: {
      route: 'POST /api/auth/password-reset/confirm',
      summary: 'Sets a new password with a reset or welcome code and ends every session of the account',
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => {
    try {
      await throttled(ctx, `reset:${input.identifier}`, () => confirmPasswordReset(ctx.db, input), answered(ACCOUNT_MESSAGES.codeWrong));
    } catch (error) {
      if (error instanceof TooManySignInAttempts) throw new AppError('TOO_MANY_REQUESTS', ACCOUNT_MESSAGES.tooManyCodeAttempts);
      throw error;
    }
    return { message: ACCOUNT_MESSAGES.passwordReset };
  }),

  /** Any signed-in user's new password; a wrong current password counts as a failed sign-in of the account. */
  changePassword: signedInEndpoint({
    input: passwordChange,
    answer: accountMessageAnswer,
    rest: { route: 'POST /api/auth/change-password', summary: "Changes the signed-in user's password and ends the account's other sessions", from: 'body' },
  }).mutation(async ({ ctx, input }) => {
    await throttled(
      ctx,
      signInKey(ctx.user),
      () => changePassword(ctx.db, ctx.user.id, ctx.req.session.sessionId, input),
      answered(ACCOUNT_MESSAGES.currentPasswordWrong),
    );
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  }),

  /** Ends every session of the account, this one included ('Sign out everywhere'). */
  signOutEverywhere: signedInEndpoint({
    answer: signedOutAnswer,
    rest: { route: 'POST /api/auth/sign-out-everywhere', summary: 'Ends every session of the signed-in account, this one included' },
  }).mutation(async ({ ctx }) => {
    await endSessions(ctx.db, ctx.user.id);
    await ctx.req.session.destroy();
    return { success: true };
  }),

  /** The language switch of any signed-in user; answers the user as the session now reads it. */
  setLanguage: signedInEndpoint({ input: languageInput, answer: signedInAnswer }).mutation(async ({ ctx, input }) => ({
    user: await setAccountLanguage(ctx.db, ctx.user.id, input.language),
  })),

  /** Creates the admin configured by ADMIN_EMAIL / ADMIN_PASSWORD; credentials never come from the request. */
  createAdmin: publicEndpoint({
    answer: accountMessageAnswer,
    rest: { route: 'POST /api/auth/create-admin', summary: 'Creates the admin configured by ADMIN_EMAIL / ADMIN_PASSWORD', status: 201 },
  }).mutation(async ({ ctx }) => {
    if (!ctx.bootstrapAdmin) throw new AppError('NOT_FOUND', 'No admin account is configured on the server');
    const created = await createBootstrapAdmin(ctx.db, ctx.bootstrapAdmin);
    if (!created) throw new AppError('CONFLICT', 'The admin account already exists');
    return { message: 'Admin account created' };
  }),
});
