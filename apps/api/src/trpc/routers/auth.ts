import { driverLoginInput, languageInput, loginInput, REMEMBER_ME_DAYS, type SessionUser } from '@school-transport/contracts';
import type { Context } from '../context.js';
import { authenticatedProcedure, publicProcedure, router } from '../init.js';
import { signInByEmail, signInByPhone } from '../../domain/auth.js';
import { createBootstrapAdmin } from '../../domain/admin-bootstrap.js';
import { setAccountLanguage } from '../../domain/language-switch.js';
import { TooManySignInAttempts } from '../../domain/login-throttle.js';
import { AppError } from '../../errors.js';

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
async function throttled<T>(ctx: Context, account: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await ctx.loginThrottle.attempt({ account, address: ctx.ip }, attempt);
  } catch (error) {
    if (error instanceof TooManySignInAttempts) void ctx.res.header('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}

export const authRouter = router({
  user: publicProcedure.query(({ ctx }) => ({ user: ctx.user })),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await throttled(ctx, `email:${input.email}`, () => signInByEmail(ctx.db, input.email, input.password));
    await startSession(ctx, user, input.rememberMe);
    return { user };
  }),

  driverLogin: publicProcedure.input(driverLoginInput).mutation(async ({ ctx, input }) => {
    const user = await throttled(ctx, `phone:${input.phone}`, () => signInByPhone(ctx.db, input.phone, input.password));
    await startSession(ctx, user, input.rememberMe);
    return { user };
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.req.session.destroy();
    return { success: true };
  }),

  /** The language switch of any signed-in user; answers the user as the session now reads it. */
  setLanguage: authenticatedProcedure.input(languageInput).mutation(async ({ ctx, input }) => ({ user: await setAccountLanguage(ctx.db, ctx.user.id, input.language) })),

  /** Creates the admin configured by ADMIN_EMAIL / ADMIN_PASSWORD; credentials never come from the request. */
  createAdmin: publicProcedure.mutation(async ({ ctx }) => {
    if (!ctx.bootstrapAdmin) throw new AppError('NOT_FOUND', 'No admin account is configured on the server');
    const created = await createBootstrapAdmin(ctx.db, ctx.bootstrapAdmin);
    if (!created) throw new AppError('CONFLICT', 'The admin account already exists');
    return { message: 'Admin account created' };
  }),
});
