import { z } from 'zod';
import { GRADES, type Grade } from './options.js';
import { HANDOVER_MESSAGES, MESSAGES, SCHOOL_DAY_MESSAGES } from './messages.js';
import { nameText, phoneNumber } from './fields.js';
import { isoDate } from './dates.js';

/**
 * Safe handover: at the afternoon stop a young child leaves the bus only into the hands of an adult
 * the family named (a parent, an authorised adult, or a one-day delegate with a code), or goes back
 * to school. Whether a child needs it: the office's rule for the school (grades up to one), unless
 * the family asked for it for an older child or the office lifted it for a younger one.
 */

/** How an authorised adult is related to the family's children. */
export const ADULT_RELATIONS = ['mother', 'father', 'grandparent', 'aunt', 'uncle', 'sibling', 'driver', 'nanny', 'other'] as const;
export type AdultRelation = (typeof ADULT_RELATIONS)[number];
/** A family lists at most this many adults (the parents themselves always count and are not listed). */
export const MAX_AUTHORISED_ADULTS = 8;

export const authorisedAdultInput = z.object({
  name: nameText(MESSAGES.nameRequired, 80),
  relation: z.enum(ADULT_RELATIONS, { error: HANDOVER_MESSAGES.relationInvalid }),
  phone: phoneNumber,
});
export type AuthorisedAdultInput = z.input<typeof authorisedAdultInput>;
export const authorisedAdultUpdate = authorisedAdultInput.extend({ id: z.string().trim().min(1).max(64) });

export const authorisedAdult = z.object({
  id: z.string(),
  name: z.string(),
  relation: z.enum(ADULT_RELATIONS),
  phone: z.string(),
});
export type AuthorisedAdult = z.output<typeof authorisedAdult>;
export const authorisedAdultsAnswer = z.object({ adults: z.array(authorisedAdult) });
export const authorisedAdultAnswer = z.object({ adult: authorisedAdult });

/**
 * Who may receive a child, as the crew's screen lists them: the parent account (relation `parent`,
 * named by the parent's user id) and the family's authorised adults.
 */
export const handoverAdult = z.object({
  id: z.string(),
  name: z.string(),
  relation: z.enum([...ADULT_RELATIONS, 'parent']),
  phone: z.string().nullable(),
});
export type HandoverAdult = z.output<typeof handoverAdult>;

/** A child's handover on the crew's screen: only for a child whose handover is required. */
export const riderHandover = z.object({
  adults: z.array(handoverAdult),
});
export type RiderHandover = z.output<typeof riderHandover>;

/** How a one-day delegate received the child (their code), beside the relations above. */
export const RECEIVER_RELATIONS = [...ADULT_RELATIONS, 'parent', 'day_code'] as const;
export type ReceiverRelation = (typeof RECEIVER_RELATIONS)[number];

/** Who received a child at the stop, as the family, the office and the attendance report see it. */
export const receivedBy = z.object({
  name: z.string(),
  relation: z.enum(RECEIVER_RELATIONS),
});
export type ReceivedBy = z.output<typeof receivedBy>;

/** GET/PUT /api/parent/students/{id}/handover. */
export const studentHandover = z.object({
  required: z.boolean(),
  /** Whether the school's rule covers the child's grade (then only the office may lift it). */
  byRule: z.boolean(),
});
export type StudentHandover = z.output<typeof studentHandover>;
export const studentHandoverInput = z.object({ id: z.string().trim().min(1).max(64), required: z.boolean({ error: SCHOOL_DAY_MESSAGES.preferenceInvalid }) });
/** The office's choice for a child: required, lifted, or null to follow the school's rule. */
export const officeStudentHandoverInput = z.object({ id: z.string().trim().min(1).max(64), required: z.boolean().nullable() });

/** PUT /api/admin/schools/{id}/handover-rule: handover required up to this grade (KG below grade 1); null: no rule. */
export const schoolHandoverRuleInput = z.object({
  id: z.string().trim().min(1).max(64),
  upToGrade: z.enum(GRADES, { error: HANDOVER_MESSAGES.rulesGradeInvalid }).nullable(),
});

/** The answer of the school's rule set: the school's id and its rule now. */
export const schoolHandoverRuleAnswer = z.object({
  school: z.object({ id: z.string(), handoverUpToGrade: z.string().nullable() }),
});

/** Whether a grade is covered by a school's rule: every grade up to and including `upToGrade` (none without a rule). */
export function gradeNeedsHandover(grade: string, upToGrade: Grade | string | null): boolean {
  if (!upToGrade) return false;
  const index = (GRADES as readonly string[]).indexOf(grade);
  const limit = (GRADES as readonly string[]).indexOf(upToGrade);
  return index >= 0 && limit >= 0 && index <= limit;
}

/** POST /api/parent/handover-codes: a one-day delegate named by the family. */
export const handoverCodeInput = z.object({
  studentId: z.string().trim().min(1).max(64),
  date: isoDate,
  name: nameText(MESSAGES.nameRequired, 80),
  phone: phoneNumber,
});
export type HandoverCodeInput = z.input<typeof handoverCodeInput>;
/** Wrong tries after which a code no longer works. */
export const HANDOVER_CODE_MAX_TRIES = 5;

export const handoverCode = z.object({
  id: z.string(),
  studentId: z.string(),
  date: z.string(),
  name: z.string(),
});
export type HandoverCode = z.output<typeof handoverCode>;
export const handoverCodesAnswer = z.object({ handoverCodes: z.array(handoverCode) });
export const handoverCodeAnswer = z.object({ handoverCode });
/** The answer of issuing a code: the code itself is shown to the parent this once (and sent to the delegate). */
export const issuedHandoverCode = z.object({
  handoverCode,
  code: z.string(),
});
export type IssuedHandoverCode = z.output<typeof issuedHandoverCode>;

/** The English of the drop refused for want of an adult, the child's first name filled in. */
export function handToAdultMessage(firstName: string): string {
  return HANDOVER_MESSAGES.handToAdult.replace('{{firstName}}', firstName);
}
