import { PERMISSIONS, roleHolds, SERVER_MESSAGES, type OverCapacityChoice, type Permission, type Role, type SessionUser } from '@school-transport/contracts';
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

/**
 * The check of an office procedure: signed in (401), then a role holding the permission (403).
 * The roles are looked up once, when the procedure is built, not on every call.
 */
export function withPermission(permission: Permission): (caller: { user: SessionUser | null }) => { user: SessionUser } {
  const roles: readonly Role[] = PERMISSIONS[permission];
  return (caller) => withRole(caller, ...roles);
}

/**
 * 'Allow over capacity' is an admin's decision (seats.override): anyone else who sends it is
 * refused 403 whether or not the bus is full, so a staff screen never learns to send it.
 */
export function allowedOverCapacity(user: SessionUser, choice: OverCapacityChoice | undefined): { allowOverCapacity?: OverCapacityChoice } {
  if (!choice) return {};
  if (!roleHolds(user.role, 'seats.override')) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return { allowOverCapacity: choice };
}
