import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { CLASSES, GRADES, LANGUAGES, SERVICE_TYPES } from './options.js';
import { emailAddress, newPassword, optionalPhoneNumber, optionalText, phoneNumber, nameText, requiredText } from './fields.js';

/** The parent's choice of roundabout: a number or a numeric string from the form's select; '' means none. */
const roundaboutChoice = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => (value === '' || value === null || value === undefined ? undefined : Number(value)))
  .pipe(
    z
      .number({ error: MESSAGES.roundaboutInvalid })
      .int(MESSAGES.roundaboutInvalid)
      .min(1, MESSAGES.roundaboutInvalid)
      .max(99, MESSAGES.roundaboutInvalid)
      .optional(),
  );

/** The fields a parent fills in about the student's home; also used by modification requests. */
export const addressFields = {
  block: requiredText(MESSAGES.blockRequired, 20),
  road: requiredText(MESSAGES.roadRequired, 40),
  houseBuilding: requiredText(MESSAGES.houseBuildingRequired, 40),
  flatHome: optionalText(40),
  address: optionalText(300),
  address2: optionalText(300),
};

export const studentNameFields = {
  firstName: nameText(MESSAGES.firstNameRequired, 60),
  fathersName: nameText(MESSAGES.fathersNameRequired, 60),
  lastName: nameText(MESSAGES.lastNameRequired, 60),
  grade: z.enum(GRADES, { error: MESSAGES.gradeRequired }),
  // '' and null (an untouched select) mean "no class"; anything else must be one of the options.
  class: z
    .union([z.string(), z.null()], { error: MESSAGES.classInvalid })
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.enum(CLASSES, { error: MESSAGES.classInvalid }).optional()),
};

/**
 * Registration of a student with the parent's account. The form uses this
 * schema as it is; the server uses it to refuse anything the form would have refused.
 * Any price the client sends is not part of the contract: the server takes the area's price.
 */
export const registrationInput = z.object({
  ...studentNameFields,
  schoolId: requiredText(MESSAGES.schoolRequired, 64),
  studentSchoolId: requiredText(MESSAGES.studentSchoolIdRequired, 40),
  parentName: nameText(MESSAGES.parentNameRequired, 120),
  parentEmail: emailAddress(),
  parentPhone: phoneNumber,
  parentPhone2: optionalPhoneNumber,
  password: newPassword,
  serviceType: z.enum(SERVICE_TYPES, { error: MESSAGES.serviceTypeRequired }),
  areaId: requiredText(MESSAGES.areaRequired, 64),
  roundabout: roundaboutChoice,
  ...addressFields,
  termsAccepted: z.literal(true, { error: MESSAGES.termsRequired }),
  termsVersionId: requiredText(MESSAGES.termsVersionRequired, 64),
  /** The language of the terms text the parent read and accepted (a client that shows only English sends none). */
  termsLanguage: z.enum(LANGUAGES, { error: MESSAGES.languageInvalid }).optional().default('en'),
  /** The language the form was filled in: a new parent account starts in it (its messages too). */
  language: z.enum(LANGUAGES, { error: MESSAGES.languageInvalid }).optional(),
});
export type RegistrationInput = z.input<typeof registrationInput>;
export type Registration = z.output<typeof registrationInput>;

/** An empty full address is filled as block + road + house/building. */
export function composeAddress(parts: { block: string; road: string; houseBuilding: string; address?: string | undefined }): string {
  if (parts.address && parts.address.trim()) return parts.address.trim();
  return `Block ${parts.block}, Road ${parts.road}, House/Building ${parts.houseBuilding}`;
}

/** The answer to a registration: the spec's message and redirectTo, the same whether or not the email had an account. */
export const registrationResult = z.object({
  message: z.string(),
  redirectTo: z.string(),
});
export type RegistrationResult = z.infer<typeof registrationResult>;

/** What the registration form chooses from: active schools, and active areas with their prices. */
export const metaView = z.object({
  schools: z.array(z.object({ id: z.string(), name: z.string() })),
  areas: z.array(z.object({ id: z.string(), name: z.string(), price: z.string(), roundaboutCount: z.number() })),
});
export type MetaView = z.output<typeof metaView>;

/** A version of the terms and conditions, as the registration form and the office read it. */
export const termsVersionView = z.object({
  id: z.string(),
  version: z.number(),
  /** The English text. */
  content: z.string(),
  active: z.boolean(),
  effectiveFrom: z.string().nullable(),
  createdAt: z.string(),
  /** The Arabic text; null until the office writes it (the Arabic page then shows the English). */
  contentAr: z.string().nullable(),
});
export type TermsVersionView = z.output<typeof termsVersionView>;
