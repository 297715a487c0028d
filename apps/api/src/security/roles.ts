import { SERVER_MESSAGES, type Role, type SessionUser } from '@school-transport/contracts';
import { AppError } from '../errors.js';

/** Anonymous callers get 401. */
export function signedIn(caller: { user: SessionUser | null }): { user: SessionUser } {
  if (!caller.user) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
  return { user: caller.user };
}

/** Signed in with another role: 403. */
export function withRole(caller: { user: SessionUser | null }, ...roles: Role[]): { user: SessionUser } {
  const { user } = signedIn(caller);
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return { user };
}
