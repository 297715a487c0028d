import { initTRPC } from '@trpc/server';
import type { Role, SessionUser } from '@school-transport/contracts';
import { MESSAGES, SERVER_MESSAGES } from '@school-transport/contracts';
import { AppError, describeError, validationIssues } from '../errors.js';
import type { Context } from './context.js';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const issues = validationIssues(error);
    const { status, body } = describeError(error);
    // The HTTP status of the answer follows describeError too (a lost database is 503, not 500).
    return { ...shape, message: body.message, data: { ...shape.data, httpStatus: status, stack: undefined, issues } };
  },
});

export const router = t.router;
export const middleware = t.middleware;

/** Whether a value from outside holds U+0000 in any string or key. */
function holdsNullCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNullCharacter(item, depth + 1));
  // Uploaded file bytes are not text. (Query strings arrive as objects of their own prototype.)
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNullCharacter(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000 (the embedded database stores it): a null character anywhere
 * in the input is a 400 on every procedure, before any query, rather than a 500 from the database.
 * It runs after the sign-in and role checks, so who asks is settled before what they sent.
 */
const refuseNullCharacters = t.middleware(async ({ getRawInput, next }) => {
  if (holdsNullCharacter(await getRawInput())) throw new AppError('BAD_REQUEST', MESSAGES.nullCharacter);
  return next();
});

export const publicProcedure = t.procedure.use(refuseNullCharacters);

const signedIn = t.middleware(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
  return next({ ctx: { ...ctx, user: ctx.user as SessionUser } });
});

/** Anonymous callers get 401. */
export const authenticatedProcedure = t.procedure.use(signedIn).use(refuseNullCharacters);

/** Signed in with another role: 403. */
function roleProcedure(role: Role) {
  return t.procedure
    .use(signedIn)
    .use(({ ctx, next }) => {
      if (ctx.user.role !== role) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
      return next({ ctx });
    })
    .use(refuseNullCharacters);
}

export const adminProcedure = roleProcedure('admin');
export const parentProcedure = roleProcedure('parent');
export const driverProcedure = roleProcedure('driver').use(({ ctx, next }) => {
  const driverId = ctx.user.driverId;
  if (!driverId) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return next({ ctx: { ...ctx, driverId } });
});

export const createCallerFactory = t.createCallerFactory;
