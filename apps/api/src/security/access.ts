import { isCrewRole, PERMISSIONS, SERVER_MESSAGES, type Permission, type Role, type SessionUser } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { signedIn } from './roles.js';

/**
 * Who may call what. A procedure states it once, in the kind it is built from (trpc/init.ts:
 * publicEndpoint, parentEndpoint, officeEndpoint('fees.void', …)...), and the table of every
 * procedure's access is read from the router (trpc/procedure-access.ts); a REST path calls a procedure and has its access, or states its own (rest/paths.ts).
 * The authorization matrix test (security/authorization-matrix.test.ts) calls every procedure and
 * path as every kind of caller and fails when an answer differs from what is stated here.
 *
 * - anyone:    no sign-in needed (public pages, sign-in itself, registration)
 * - signed-in: any signed-in role
 * - parent: that role only; anonymous gets 401, other roles 403
 * - crew: a bus's driver or attendant (its day, read and worked alike); anonymous 401, other roles 403
 * - office:<permission>: the office roles holding that permission in the table of rights
 *   (PERMISSIONS in packages/contracts); anyone else signed in 403
 * - parent-or-office:<permission>: a family's own files (receipts, proofs) for its parent, and any
 *   for the office roles holding the permission
 * - whatsapp: no session; the WhatsApp Cloud API's signature (or, for the handshake, the verify token) only
 * - tap: no session; Tap's hashstring signature only
 * - tracker: no session; a bus's tracker identifier (the OsmAnd protocol) or the Traccar
 *   forwarding secret, the same answer whoever is signed in
 */
export type Access = 'anyone' | 'signed-in' | 'parent' | 'crew' | `office:${Permission}` | `parent-or-office:${Permission}` | 'whatsapp' | 'tap' | 'tracker';

/** The permission an office access names, or undefined for the others. */
export function permissionOf(access: Access): Permission | undefined {
  const [kind, permission] = access.split(':');
  return kind === 'office' || kind === 'parent-or-office' ? (permission as Permission) : undefined;
}

/** Whether a signed-in account of this role is let in (a parent still sees only their family's rows). */
export function admits(access: Access, role: Role): boolean {
  if (access === 'anyone' || access === 'signed-in' || access === 'tracker') return true;
  if (access === 'parent') return role === access;
  if (access === 'crew') return isCrewRole(role);
  if (access === 'whatsapp' || access === 'tap') return false;
  const permission = permissionOf(access)!;
  if (access.startsWith('parent-or-office:') && role === 'parent') return true;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The check of a REST path with a handler of its own, by the access its row states: 401, then 403. */
export function withAccess(caller: { user: SessionUser | null }, access: Access): { user: SessionUser } {
  const { user } = signedIn(caller);
  if (!admits(access, user.role)) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return { user };
}
