import { z } from 'zod';
import { FAMILY_MESSAGE_MESSAGES, MESSAGES } from './messages.js';
import { DRIVER_RUNS, type DriverRun } from './driver.js';
import { looksEmpty } from './fields.js';

/**
 * The office's message to families ('Bus 12 is running 15 minutes late', 'No service tomorrow:
 * flooding'): one message per family (a family with two children on the run hears it once), to
 * the families of one driver's run, of one school, or of the whole service. The office writes the
 * English and, optionally, the Arabic; a family that reads Arabic gets the Arabic when there is
 * one, else the English.
 */
export const FAMILY_AUDIENCES = ['run', 'school', 'all'] as const;
export type FamilyAudience = (typeof FAMILY_AUDIENCES)[number];

/** Long enough for a notice with a time and a reason, short enough for two or three SMS parts. */
export const FAMILY_MESSAGE_MAX_LENGTH = 300;

const id = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => value || null);

const audienceFields = z.object({
  audience: z.enum(FAMILY_AUDIENCES, { error: FAMILY_MESSAGE_MESSAGES.audienceInvalid }),
  driverId: id,
  run: z
    .enum(DRIVER_RUNS, { error: FAMILY_MESSAGE_MESSAGES.audienceInvalid })
    .nullish()
    .transform((value) => value ?? null),
  schoolId: id,
});

/** A run names its driver and the run, a school its id; 'all' needs nothing. */
function checkAudience(value: z.output<typeof audienceFields>, ctx: z.RefinementCtx): void {
  if (value.audience === 'run' && !value.driverId) ctx.addIssue({ code: 'custom', path: ['driverId'], message: FAMILY_MESSAGE_MESSAGES.driverRequired });
  if (value.audience === 'run' && !value.run) ctx.addIssue({ code: 'custom', path: ['run'], message: FAMILY_MESSAGE_MESSAGES.audienceInvalid });
  if (value.audience === 'school' && !value.schoolId) ctx.addIssue({ code: 'custom', path: ['schoolId'], message: FAMILY_MESSAGE_MESSAGES.schoolRequired });
}

/** Who gets the message (the preview's query). */
export const familyAudienceInput = audienceFields.superRefine(checkAudience);
export type FamilyAudienceInput = z.input<typeof familyAudienceInput>;
export type FamilyAudienceChoice = { audience: 'run'; driverId: string; run: DriverRun } | { audience: 'school'; schoolId: string } | { audience: 'all' };

/** The audience as the domain reads it, once the contract has checked it. */
export function audienceChoice(value: z.output<typeof audienceFields>): FamilyAudienceChoice {
  if (value.audience === 'run') return { audience: 'run', driverId: value.driverId!, run: value.run! };
  if (value.audience === 'school') return { audience: 'school', schoolId: value.schoolId! };
  return { audience: 'all' };
}

const text = z.string().trim().max(FAMILY_MESSAGE_MAX_LENGTH, MESSAGES.tooLong);

/** POST /api/admin/family-messages. */
export const familyMessageInput = audienceFields
  .extend({
    textEn: z.string({ error: FAMILY_MESSAGE_MESSAGES.textRequired }).pipe(text.refine((value) => !looksEmpty(value), FAMILY_MESSAGE_MESSAGES.textRequired)),
    textAr: text.nullish().transform((value) => (value && !looksEmpty(value) ? value : null)),
  })
  .superRefine(checkAudience);
export type FamilyMessageInput = z.input<typeof familyMessageInput>;

/**
 * GET /api/admin/family-messages/preview: how many families the message would reach, in which
 * language, and how many of them the hourly cap would hold for the office to release.
 */
export const familyMessagePreview = z.object({
  families: z.number(),
  /** Families by the language of their account. */
  english: z.number(),
  arabic: z.number(),
  /** Sent at once; the rest are written held (the outbox's hourly cap on the office's messages). */
  sendNow: z.number(),
  held: z.number(),
});
export type FamilyMessagePreview = z.output<typeof familyMessagePreview>;

/** What the office's message became: one outbox row per family, queued or held. */
export const familyMessageResult = z.object({
  families: z.number(),
  queued: z.number(),
  held: z.number(),
});
export type FamilyMessageResult = z.output<typeof familyMessageResult>;
