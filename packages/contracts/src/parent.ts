import { z } from 'zod';
import { MESSAGES, PARENT_MESSAGES } from './messages.js';
import { overCapacityField } from './seats.js';
import { MODIFICATION_STATUSES, SERVICE_TYPES } from './options.js';
import { optionalText, requiredText } from './fields.js';
import { addressFields, composeAddress, studentNameFields } from './registration.js';

/**
 * The parent portal's modification requests and the office's decisions on
 * them. A request carries the student's values of these fields when it was made
 * (payloadOld) and the values the parent asks for (payloadNew).
 */
export const MODIFICATION_FIELDS = [
  'firstName',
  'lastName',
  'fathersName',
  'grade',
  'class',
  'serviceType',
  'address',
  'block',
  'road',
  'houseBuilding',
] as const;
export type ModificationField = (typeof MODIFICATION_FIELDS)[number];

/** The values a modification request is about; an empty class is null. */
export const modificationPayload = z.object({
  firstName: z.string(),
  lastName: z.string(),
  fathersName: z.string(),
  grade: z.string(),
  class: z.string().nullable(),
  serviceType: z.enum(SERVICE_TYPES),
  address: z.string(),
  block: z.string(),
  road: z.string(),
  houseBuilding: z.string(),
});
export type ModificationPayload = z.output<typeof modificationPayload>;

/** 409 on approval: the named fields of the student were changed since the parent asked. */
export function conflictingChangeMessage(fieldLabels: readonly string[]): string {
  return `The student's ${fieldLabels.join(', ')} changed since this request was made. Reject it and ask the parent to send a new one.`;
}

/** Field names as the office and the parent read them (the same words as the forms). */
export const MODIFICATION_FIELD_LABELS: Record<ModificationField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  fathersName: "Father's Name",
  grade: 'Grade',
  class: 'Class',
  serviceType: 'Service Type',
  address: 'Full Address',
  block: 'Block',
  road: 'Road',
  houseBuilding: 'House/Building',
};

/**
 * The Request Changes form (names, grade, block, road and house/building are
 * required with the registration messages; class and address are optional). An empty address is
 * made from block, road and house/building, as at registration.
 */
export const modificationRequestFields = z.object({
  firstName: studentNameFields.firstName,
  lastName: studentNameFields.lastName,
  fathersName: studentNameFields.fathersName,
  grade: studentNameFields.grade,
  class: studentNameFields.class,
  serviceType: z.enum(SERVICE_TYPES, { error: MESSAGES.serviceTypeRequired }),
  address: addressFields.address,
  block: addressFields.block,
  road: addressFields.road,
  houseBuilding: addressFields.houseBuilding,
});
export type ModificationRequestFieldsInput = z.input<typeof modificationRequestFields>;

/** What the parent asks for, as the student would hold it (no class = null; an empty address is composed). */
export function requestedPayload(input: z.output<typeof modificationRequestFields>): ModificationPayload {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    fathersName: input.fathersName,
    grade: input.grade,
    class: input.class ?? null,
    serviceType: input.serviceType,
    address: composeAddress(input),
    block: input.block,
    road: input.road,
    houseBuilding: input.houseBuilding,
  };
}

export const modificationRequestInput = modificationRequestFields.extend({
  studentId: requiredText(PARENT_MESSAGES.studentNotFound, 64),
});
export type ModificationRequestInput = z.input<typeof modificationRequestInput>;

export const modificationRequestId = z.object({ id: z.string().trim().min(1).max(64) });

export const modificationRequestFilter = z
  // An empty ?status= (the REST query string) means every status, like an absent one.
  .object({
    status: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(MODIFICATION_STATUSES, { error: 'Status must be pending, approved or rejected' }).optional(),
    ),
  })
  .optional()
  .default({});

/** The office's decision; the note is shown to the parent. */
export const modificationDecisionInput = modificationRequestId.extend({
  adminNote: optionalText(500),
});
export type ModificationDecisionInput = z.input<typeof modificationDecisionInput>;
/** Approving may put the student on a full bus (a changed service type): the admin allows it with a reason. */
export const modificationApprovalInput = modificationDecisionInput.extend(overCapacityField);
export type ModificationApprovalInput = z.input<typeof modificationApprovalInput>;

/** The fields whose values differ between two payloads, in form order. */
export function changedModificationFields(before: Partial<ModificationPayload>, after: Partial<ModificationPayload>): ModificationField[] {
  return MODIFICATION_FIELDS.filter((field) => (before[field] ?? null) !== (after[field] ?? null));
}

/** A modification request as its parent sees it. */
export const parentModificationRequest = z.object({
  id: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  status: z.enum(MODIFICATION_STATUSES),
  adminNote: z.string().nullable(),
  payloadOld: modificationPayload,
  payloadNew: modificationPayload,
  changedFields: z.array(z.enum(MODIFICATION_FIELDS)),
  student: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
});
export type ParentModificationRequest = z.output<typeof parentModificationRequest>;
export const parentModificationRequestsAnswer = z.object({ modificationRequests: z.array(parentModificationRequest) });
export const parentModificationRequestAnswer = z.object({ modificationRequest: parentModificationRequest });

/** A modification request as the office reviews it. */
export const adminModificationRequest = parentModificationRequest.extend({
  student: z.object({ id: z.string(), automatedId: z.string(), firstName: z.string(), lastName: z.string(), schoolName: z.string() }),
  parent: z.object({ name: z.string(), phone: z.string().nullable() }),
  decidedBy: z.object({ name: z.string() }).nullable(),
  /** Pending only: fields the request changes whose student values changed since it was made (approval would be refused). */
  conflictingFields: z.array(z.enum(MODIFICATION_FIELDS)),
});
export type AdminModificationRequest = z.output<typeof adminModificationRequest>;
export const adminModificationRequestsAnswer = z.object({ modificationRequests: z.array(adminModificationRequest) });
export const adminModificationRequestAnswer = z.object({ modificationRequest: adminModificationRequest });

export const modificationRequestCounts = z.object({
  pending: z.number(),
  approved: z.number(),
  rejected: z.number(),
});
export type ModificationRequestCounts = z.output<typeof modificationRequestCounts>;

/** A student as the parent portal shows it. */
export const parentStudentView = z.object({
  id: z.string(),
  automatedId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fathersName: z.string(),
  grade: z.string(),
  class: z.string().nullable(),
  studentSchoolId: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  priceBhd: z.string(),
  schoolName: z.string(),
  area: z.object({ name: z.string() }).nullable(),
  driver: z.object({ name: z.string(), phone: z.string() }).nullable(),
  address: z.string(),
  block: z.string(),
  road: z.string(),
  houseBuilding: z.string(),
});
export type ParentStudentView = z.output<typeof parentStudentView>;
export const parentStudentsAnswer = z.object({ students: z.array(parentStudentView) });

/** One student in full, for View Details: also the terms version the parent accepted, and when. */
export const parentStudentDetails = parentStudentView.extend({
  termsVersion: z.number().nullable(),
  termsAcceptedAt: z.string().nullable(),
});
export type ParentStudentDetails = z.output<typeof parentStudentDetails>;
export const parentStudentAnswer = z.object({ student: parentStudentDetails });
