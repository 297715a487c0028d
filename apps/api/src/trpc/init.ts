import { initTRPC } from '@trpc/server';
import type { Role, SessionUser } from '@school-transport/contracts';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { AppError, describeError, validationIssues } from '../errors.js';
import type { Context } from './context.js';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const issues = validationIssues(error);
    const { body } = describeError(error);
    return { ...shape, message: body.message, data: { ...shape.data, stack: undefined, issues } };
  },
});

export const router = t.router;
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

/** Anonymous callers get 401. */
export const authenticatedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
  return next({ ctx: { ...ctx, user: ctx.user as SessionUser } });
});

/** Signed in with another role: 403. */
function roleProcedure(role: Role) {
  return authenticatedProcedure.use(({ ctx, next }) => {
    if (ctx.user.role !== role) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
    return next({ ctx });
  });
}

export const adminProcedure = roleProcedure('admin');
export const parentProcedure = roleProcedure('parent');
export const driverProcedure = roleProcedure('driver').use(({ ctx, next }) => {
  const driverId = ctx.user.driverId;
  if (!driverId) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return next({ ctx: { ...ctx, driverId } });
});

export const createCallerFactory = t.createCallerFactory;
