import { OFFICE_ROLES, type OfficeRole, type Role } from './options.js';

const OFFICE = OFFICE_ROLES;
const ADMIN_ONLY = ['admin'] as const satisfies readonly OfficeRole[];

/**
 * What each office role may do: the one table of rights. The server's procedure gate reads it
 * (every office procedure names one permission), and the admin console hides what the signed-in
 * role does not hold. Staff run the day (students, modification requests, fees and payments,
 * payment proofs, the outbox); the owner's decisions stay with admins: the company settings and
 * terms, prices (schools and areas), driver accounts, the office's own accounts, deleting or
 * restoring a student, putting a bus over its seats, voiding a payment, waiving a fee, and the audit log of who did what.
 * A new office feature adds its rights here.
 */
export const PERMISSIONS = {
  'dashboard.read': OFFICE,
  'students.read': OFFICE,
  'students.write': OFFICE,
  /** Deleting (softly) and restoring a student. */
  'students.delete': ADMIN_ONLY,
  /** Bringing students in from a spreadsheet (the office moving onto the product, a new school year's list). */
  'students.import': OFFICE,
  /** Assigning a student to a bus whose run is full ('Allow over capacity', with a reason). */
  'seats.override': ADMIN_ONLY,
  'modificationRequests.review': OFFICE,
  /** Schools, areas and drivers as lists, for the students' forms and filters. */
  'catalog.read': OFFICE,
  /** Adding and editing schools and areas (their prices) and drivers (their sign-ins). */
  'catalog.manage': ADMIN_ONLY,
  'analytics.read': OFFICE,
  'fees.read': OFFICE,
  /** Recording payments, making a month's fee rows, issuing invoices. */
  'fees.payments': OFFICE,
  'fees.void': ADMIN_ONLY,
  'fees.waive': ADMIN_ONLY,
  /** Giving back an online payment through the gateway (all or part of it), with its credit note. */
  'payments.refund': ADMIN_ONLY,
  'proofs.review': OFFICE,
  'outbox.manage': OFFICE,
  /** Sending a parent or a driver a code to set a new password, and clearing their sign-in lock (a locked-out driver at 06:00 cannot wait for the owner). */
  'accounts.sendCodes': OFFICE,
  /** The school day as the office sees it: every driver's runs and counts, the day's absences (the Today tab). */
  'schoolDay.read': OFFICE,
  /** Recording or cancelling an absence for a family that phoned. */
  'absences.manage': OFFICE,
  /** Acting for a driver whose phone is dead (marks, ending a run) and handing a day's run to a substitute. */
  'runs.act': OFFICE,
  /** One message to every family of a run, a school or the whole service. */
  'familyMessages.send': OFFICE,
  'attendance.read': OFFICE,
  /** Each run's stops in order, their positions and the map. */
  'routes.read': OFFICE,
  /** Ordering a run's stops and pinning where a stop is (staff plan routes too). */
  'routes.manage': OFFICE,
  /** The live map of every bus with a run in progress, and the trail of any run of the last 30 days. */
  'liveBus.read': OFFICE,
  'settings.manage': ADMIN_ONLY,
  'terms.manage': ADMIN_ONLY,
  'users.manage': ADMIN_ONLY,
  'auditLog.read': ADMIN_ONLY,
  /** Answering families' erasure requests (their data erased for good, or refused with a reason), and the log of who viewed children's records. */
  'dataRights.manage': ADMIN_ONLY,
} as const satisfies Record<string, readonly OfficeRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether an account of this role holds the permission. */
export function roleHolds(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Every permission an account of this role holds (none for parents and drivers). */
export function permissionsOf(role: Role): Permission[] {
  return PERMISSION_NAMES.filter((permission) => roleHolds(role, permission));
}
