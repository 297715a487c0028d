/** The fixed choices of the product: one list each, used by form and server. */
export const GRADES = ['Nursery', 'KG1', 'KG2', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export type Grade = (typeof GRADES)[number];

export const CLASSES = ['A', 'R', 'K', 'I', 'S', 'B', 'H'] as const;
export type StudentClass = (typeof CLASSES)[number];

export const SERVICE_TYPES = ['HOME_TO_SCHOOL', 'SCHOOL_TO_HOME', 'BOTH'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** An attendant rides a bus with the children and works its day like its driver (not an office role). */
export const ROLES = ['admin', 'parent', 'staff', 'driver', 'attendant'] as const;
export type Role = (typeof ROLES)[number];

/** The roles of the office: they sign in on the admin sign-in page and open the admin console (their rights: permissions.ts). */
export const OFFICE_ROLES = ['admin', 'staff'] as const satisfies readonly Role[];
export type OfficeRole = (typeof OFFICE_ROLES)[number];

export function isOfficeRole(role: Role): role is OfficeRole {
  return (OFFICE_ROLES as readonly Role[]).includes(role);
}

/** The crew of a bus: they sign in by phone on the driver sign-in page and work the bus's day. */
export const CREW_ROLES = ['driver', 'attendant'] as const satisfies readonly Role[];
export type CrewRole = (typeof CREW_ROLES)[number];

export function isCrewRole(role: Role): role is CrewRole {
  return (CREW_ROLES as readonly Role[]).includes(role);
}

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PAYMENT_STATUSES = ['paid', 'unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const MODIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ModificationStatus = (typeof MODIFICATION_STATUSES)[number];

/** Business constants of the product (docs/product.md). */
export const CURRENCY = 'BHD';
export const DEFAULT_AREA_PRICE = '25.00';
export const PHONE_DIGITS = 8;
export const PASSWORD_MIN_LENGTH = 6;
/** Admin and staff accounts open the office's data on every family: longer passwords (OWASP ASVS's 12). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const REGISTRATION_REDIRECT_DELAY_MS = 2000;
export const TOAST_DURATION_MS = 5000;
/** A 'remember me' sign-in keeps its cookie this long; otherwise the cookie lives for the browser session. */
export const REMEMBER_ME_DAYS = 30;
/** The most calls one batched tRPC request may carry: the web's batch link sends no more, the server refuses more. */
export const MAX_CALLS_PER_BATCH = 10;

/** The languages of the screens and of the messages: English, and Arabic (right to left). */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
