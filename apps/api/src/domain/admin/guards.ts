import { isUniqueViolation } from '@school-transport/db';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';

/**
 * Runs a write and turns a unique-key clash into a 409 whose message names the field. The
 * database's unique indexes are the real guard (two admins saving at once); the callers'
 * pre-checks only give the common case the same answer sooner.
 */
export async function withUniqueField<T>(message: string | ((error: unknown) => string), write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(typeof message === 'string' ? message : message(error));
    throw error;
  }
}

/** A 409 carries only its message (an answer with field issues is a 400); the forms place it by CONFLICT_FIELDS. */
export function conflict(message: string): AppError {
  return new AppError('CONFLICT', message);
}

export function notFound(message: string): AppError {
  return new AppError('NOT_FOUND', message);
}

/** Schools, drivers and terms have uuid ids: anything else cannot name one (and must not reach a uuid column). */
export function assertUuid(id: string, message: string): void {
  if (!isUuid(id)) throw notFound(message);
}
