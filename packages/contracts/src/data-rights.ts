import { z } from 'zod';
import { DATA_RIGHTS_MESSAGES } from './messages.js';

/**
 * Families' rights over their data (Bahrain's Personal Data Protection Law, Law 30 of 2018): a
 * family downloads everything held about it ('My data') and may ask for it to be erased; the office
 * answers within 10 working days, completing the erasure or refusing it with a reason.
 */
export const ERASURE_REQUEST_STATUSES = ['open', 'completed', 'refused'] as const;
export type ErasureRequestStatus = (typeof ERASURE_REQUEST_STATUSES)[number];

/** The law's answer time, in Bahrain working days (Sunday to Thursday, less the no-service dates). */
export const ERASURE_ANSWER_WORKING_DAYS = 10;

export const erasureRequestInput = z.object({
  reason: z.string().trim().max(500).optional(),
});
export type ErasureRequestInput = z.input<typeof erasureRequestInput>;

export const erasureRequestById = z.object({ id: z.string().trim().min(1).max(64) });

export const refuseErasureInput = z.object({
  id: z.string().trim().min(1).max(64),
  reason: z.string({ error: DATA_RIGHTS_MESSAGES.refusalReasonRequired }).trim().min(1, DATA_RIGHTS_MESSAGES.refusalReasonRequired).max(500),
});
export type RefuseErasureInput = z.input<typeof refuseErasureInput>;

/** A request as the family sees it. */
export const erasureRequest = z.object({
  id: z.string(),
  status: z.enum(ERASURE_REQUEST_STATUSES),
  /** Bahrain 'YYYY-MM-DD'. */
  dueBy: z.string(),
  reason: z.string().nullable(),
  refusalReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ErasureRequest = z.output<typeof erasureRequest>;
export const erasureRequestsAnswer = z.object({ erasureRequests: z.array(erasureRequest) });
export const erasureRequestAnswer = z.object({ erasureRequest });

/** A request as the office's Requests tab lists it: the family, and the working days left. */
export const officeErasureRequest = erasureRequest.extend({
  familyName: z.string(),
  /** Working days from today to the due date (0: due today; negative: late). */
  workingDaysLeft: z.number(),
});
export type OfficeErasureRequest = z.output<typeof officeErasureRequest>;
export const officeErasureRequestsAnswer = z.object({ erasureRequests: z.array(officeErasureRequest) });

/** GET /api/admin/record-views: who in the office looked at which child, newest first, filtered by person and child. */
export const recordViewsQuery = z.object({
  viewerUserId: z.string().trim().max(64).optional(),
  studentId: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
});
export type RecordViewsQuery = z.input<typeof recordViewsQuery>;

export const recordViewEntry = z.object({
  at: z.string(),
  what: z.enum(['record', 'position', 'trail']),
  viewer: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  student: z.object({ id: z.string(), name: z.string() }),
});
export type RecordViewEntry = z.output<typeof recordViewEntry>;
/** One page of the log, and how many views match in all. */
export const recordViewsAnswer = z.object({ views: z.array(recordViewEntry), total: z.number() });
