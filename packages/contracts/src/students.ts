import { z } from 'zod';
import { MESSAGES, STUDENT_MESSAGES } from './messages.js';
import { LANGUAGES, PAYMENT_STATUSES, SERVICE_TYPES } from './options.js';
import { moneyInput } from './money.js';
import { emailAddress, newPassword, optionalPhoneNumber, optionalText, phoneNumber, nameText, requiredText } from './fields.js';
import { addressFields, studentNameFields } from './registration.js';
import { overCapacityField } from './seats.js';
import { parentAccount } from './account.js';

/** The office's students: the list, the add and edit forms, bulk changes, invoices. */

export const STUDENT_PAGE_SIZE_DEFAULT = 50;
export const STUDENT_PAGE_SIZE_MAX = 200;
export const STUDENT_BULK_MAX = 200;

export const STUDENT_SORT_FIELDS = ['createdAt', 'name', 'automatedId', 'priceBhd', 'paymentStatus'] as const;
export type StudentSortField = (typeof STUDENT_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A query-string flag: true, '1' and 'true' are on; absent, '', '0' and 'false' are off. */
const flag = z
  .union([z.boolean(), z.string(), z.null()])
  .optional()
  .transform((value) => value === true || value === '1' || value === 'true');

/** An optional id filter: '' and absent mean "any". */
const idFilter = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => (value ? value : undefined));

const wholeNumber = (message: string, min: number, max: number, fallback: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? fallback : Number(value)))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** What narrows the list: the same for a page, for the CSV export and for the bell's "without a driver". */
export const studentFilters = z.object({
  search: z
    .string()
    .trim()
    .max(100, MESSAGES.tooLong)
    .nullish()
    .transform((value) => (value ? value : undefined)),
  schoolId: idFilter,
  areaId: idFilter,
  driverId: idFilter,
  paymentStatus: z
    .union([z.enum(PAYMENT_STATUSES), z.literal(''), z.null()], { error: STUDENT_MESSAGES.paymentStatusInvalid })
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Only students without a driver. */
  unassigned: flag,
  /** Only deleted students (to restore one); otherwise deleted students never show. */
  deleted: flag,
  sort: z
    .union([z.enum(STUDENT_SORT_FIELDS), z.literal(''), z.null()], { error: STUDENT_MESSAGES.sortInvalid })
    .optional()
    .transform((value): StudentSortField => (value ? value : 'createdAt')),
  order: z
    .union([z.enum(SORT_ORDERS), z.literal(''), z.null()])
    .optional()
    .transform((value): SortOrder | undefined => (value ? value : undefined)),
});
export type StudentFilters = z.output<typeof studentFilters>;
export type StudentFiltersInput = z.input<typeof studentFilters>;

export const studentListQuery = studentFilters.extend({
  page: wholeNumber(STUDENT_MESSAGES.pageInvalid, 1, 1_000_000, 1),
  pageSize: wholeNumber(STUDENT_MESSAGES.pageSizeInvalid, 1, STUDENT_PAGE_SIZE_MAX, STUDENT_PAGE_SIZE_DEFAULT),
});
export type StudentListQuery = z.output<typeof studentListQuery>;
export type StudentListQueryInput = z.input<typeof studentListQuery>;

/** The driver select: 'none', '' and null mean no driver. */
const driverChoice = z.union([z.string().trim().max(64), z.null()]).transform((value) => (value === null || value === '' || value === 'none' ? null : value));

const roundaboutChoice = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => (value === '' || value === null || value === undefined ? null : Number(value)))
  .pipe(
    z
      .number({ error: MESSAGES.roundaboutInvalid })
      .int(MESSAGES.roundaboutInvalid)
      .min(1, MESSAGES.roundaboutInvalid)
      .max(99, MESSAGES.roundaboutInvalid)
      .nullable(),
  );

const primaryContact = z
  .string({ error: MESSAGES.primaryContactRequired })
  .trim()
  .min(1, MESSAGES.primaryContactRequired)
  .regex(/^\d{8}$/, MESSAGES.phoneDigits);

const locationLink = z
  .string()
  .trim()
  .max(500, MESSAGES.tooLong)
  .nullish()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || /^https?:\/\/\S+$/.test(value), MESSAGES.urlInvalid);

/**
 * The admin's Edit Student form: everything the office may change, with the
 * spec's messages. The price is the admin's (a discount is allowed); the driver is optional.
 */
export const studentForm = z.object({
  ...studentNameFields,
  studentSchoolId: requiredText(MESSAGES.studentSchoolIdRequired, 40),
  schoolId: requiredText(MESSAGES.schoolRequired, 64),
  areaId: requiredText(MESSAGES.areaRequired, 64),
  roundabout: roundaboutChoice,
  serviceType: z.enum(SERVICE_TYPES, { error: MESSAGES.serviceTypeRequired }),
  contactNumber1: primaryContact,
  contactNumber2: optionalPhoneNumber,
  ...addressFields,
  address: requiredText(MESSAGES.addressRequired, 300),
  locationLink,
  priceBhd: moneyInput,
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: STUDENT_MESSAGES.paymentStatusInvalid }),
  /** Absent keeps the current driver; null (or 'none') removes the driver. */
  driverId: driverChoice.optional(),
});
export type StudentForm = z.output<typeof studentForm>;
export type StudentFormInput = z.input<typeof studentForm>;

export const studentUpdate = studentForm.extend({
  id: z.string().trim().min(1).max(64),
  ...overCapacityField,
  /** The run the child rides each way, placed by hand (two runs of the bus serve the school): null rides by school; absent keeps it. */
  morningRunId: driverChoice.optional(),
  afternoonRunId: driverChoice.optional(),
  /** Another bus home: null goes home on the morning's bus; absent keeps it. */
  afternoonDriverId: driverChoice.optional(),
});
export type StudentUpdate = z.output<typeof studentUpdate>;
export type StudentUpdateInput = z.input<typeof studentUpdate>;

/** The parent of a student the office adds: an existing account, or a new one. */
export const studentParentChoice = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('existing'),
    emailOrPhone: requiredText(STUDENT_MESSAGES.parentLookupRequired, 254),
  }),
  z.object({
    kind: z.literal('new'),
    name: nameText(MESSAGES.parentNameRequired, 120),
    email: emailAddress(),
    phone: phoneNumber,
    /** Empty: the server makes one up and answers it once. */
    password: z
      .string()
      .nullish()
      .transform((value) => (value ? value : undefined))
      .pipe(newPassword.optional()),
  }),
]);
export type StudentParentChoice = z.output<typeof studentParentChoice>;

/**
 * Add Student: the edit form, with the registration's rules for what the admin leaves empty: the
 * area's price, the parent's phone as primary contact, the address made of block, road and house.
 */
export const studentCreate = studentForm.extend({
  ...overCapacityField,
  parent: studentParentChoice,
  contactNumber1: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : undefined))
    .pipe(
      z
        .string()
        .regex(/^\d{8}$/, MESSAGES.phoneDigits)
        .optional(),
    ),
  address: optionalText(300),
  priceBhd: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) => (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : value))
    .pipe(moneyInput.optional()),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: STUDENT_MESSAGES.paymentStatusInvalid }).optional().default('unpaid'),
});
export type StudentCreate = z.output<typeof studentCreate>;
export type StudentCreateInput = z.input<typeof studentCreate>;

/** Several students at once: a driver (or none) and/or a payment status. */
export const studentBulkUpdate = z
  .object({
    studentIds: z
      .array(z.string().trim().min(1).max(64), { error: STUDENT_MESSAGES.selectStudents })
      .min(1, STUDENT_MESSAGES.selectStudents)
      .max(STUDENT_BULK_MAX, STUDENT_MESSAGES.tooManyStudents),
    driverId: driverChoice.optional(),
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: STUDENT_MESSAGES.paymentStatusInvalid }).optional(),
    ...overCapacityField,
  })
  .refine((value) => value.driverId !== undefined || value.paymentStatus !== undefined, { message: STUDENT_MESSAGES.nothingToApply, path: ['driverId'] });
export type StudentBulkUpdate = z.output<typeof studentBulkUpdate>;
export type StudentBulkUpdateInput = z.input<typeof studentBulkUpdate>;

export const parentLookup = z.object({ emailOrPhone: requiredText(STUDENT_MESSAGES.parentLookupRequired, 254) });

/** A student as the office sees it: every stored field plus the names of what it refers to. */
export const adminStudent = z.object({
  id: z.string(),
  automatedId: z.string(),
  firstName: z.string(),
  fathersName: z.string(),
  lastName: z.string(),
  grade: z.string(),
  class: z.string().nullable(),
  studentSchoolId: z.string(),
  schoolId: z.string(),
  school: z.object({ id: z.string(), name: z.string() }),
  areaId: z.string(),
  area: z.object({ id: z.string(), name: z.string() }).nullable(),
  roundabout: z.number().nullable(),
  serviceType: z.enum(SERVICE_TYPES),
  contactNumber1: z.string(),
  contactNumber2: z.string().nullable(),
  address: z.string(),
  address2: z.string().nullable(),
  flatHome: z.string().nullable(),
  houseBuilding: z.string(),
  road: z.string(),
  block: z.string(),
  locationLink: z.string().nullable(),
  priceBhd: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  driverId: z.string().nullable(),
  driver: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The run the child was placed on by hand each way (null: by school), and the bus home when it is not the morning's. */
  morningRunId: z.string().nullable(),
  afternoonRunId: z.string().nullable(),
  afternoonDriverId: z.string().nullable(),
  parentId: z.string(),
  parent: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  termsVersionId: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  /** The language of the terms text the parent accepted; null where the office recorded the acceptance. */
  termsLanguage: z.enum(LANGUAGES).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type AdminStudent = z.output<typeof adminStudent>;
export const studentAnswer = z.object({ student: adminStudent });

export const adminStudentPage = z.object({
  students: z.array(adminStudent),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminStudentPage = z.output<typeof adminStudentPage>;

/** Add Student's answer. */
export const createdStudent = z.object({
  student: adminStudent,
  /** Only when the office left a new parent's password empty: shown once, never stored in clear. */
  generatedPassword: z.string().optional(),
});
export type CreatedStudent = z.output<typeof createdStudent>;

/** A bulk change's answer: how many students it changed. */
export const studentsUpdatedAnswer = z.object({ updated: z.number() });

/** A parent account Add Student found by email or phone: the same fields as the account the office corrects. */
export const parentMatch = parentAccount;
export type ParentMatch = z.output<typeof parentMatch>;
export const parentMatchesAnswer = z.object({ parents: z.array(parentMatch) });

/** What a printed invoice shows; the payment status and driver are as they are when it is printed. */
export const studentInvoice = z.object({
  id: z.string(),
  /** "INV-000042": the sequential number as printed. */
  invoiceNumber: z.string(),
  issuedAt: z.string(),
  /** The service month billed, 'YYYY-MM'. */
  period: z.string(),
  monthlyFeeBhd: z.string(),
  totalDueBhd: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Present when a VAT rate is set: the monthly fee includes VAT, split into net and VAT. */
  vat: z.object({ ratePercent: z.string(), netBhd: z.string(), vatBhd: z.string(), totalBhd: z.string(), registrationNumber: z.string() }).nullable(),
  student: z.object({
    id: z.string(),
    automatedId: z.string(),
    name: z.string(),
    grade: z.string(),
    class: z.string().nullable(),
    studentSchoolId: z.string(),
    serviceType: z.enum(SERVICE_TYPES),
    address: z.string(),
  }),
  school: z.object({ name: z.string() }),
  area: z.object({ name: z.string() }).nullable(),
  driver: z.object({ name: z.string(), phone: z.string() }).nullable(),
  parent: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  company: z.object({
    companyName: z.string(),
    contactText: z.string(),
    supportPhone1: z.string(),
    supportPhone2: z.string(),
    whatsappNumber: z.string(),
    paymentBankAccount: z.string(),
    paymentMobileNumber: z.string(),
  }),
});
export type StudentInvoice = z.output<typeof studentInvoice>;
export const studentInvoiceAnswer = z.object({ invoice: studentInvoice });

export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** The query string of a list view, for links (CSV export) and the URL: defaults are left out. */
export function studentFiltersToSearch(filters: StudentFiltersInput & { page?: number; pageSize?: number }): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  return params;
}
