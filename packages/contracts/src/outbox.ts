import { z } from 'zod';
import { OUTBOX_MESSAGES } from './messages.js';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TEMPLATE_KEYS } from './notifications.js';
import { LANGUAGES } from './options.js';

/** The admin's Outbox: what the office sees of the messages sent to parents and drivers. */

/**
 * `held`: written but not sent until the office releases it (then `pending`): registration texts
 * beyond the service's hourly cap wait there.
 */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'held'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const OUTBOX_PAGE_SIZES = [10, 20, 50, 100] as const;

/** '' and a missing value both mean "any" (a query string sends ''). */
const anyOr = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : undefined))
    .pipe(z.enum(values, { error: message }).optional());

const positiveInt = (fallback: number, max: number) =>
  z
    .union([z.number(), z.string()])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : Number(value)))
    .pipe(z.number().int().min(1).max(max));

/** The Outbox list: filters and server-side paging (page numbers from 1). */
export const outboxListInput = z.object({
  status: anyOr(NOTIFICATION_STATUSES, OUTBOX_MESSAGES.statusInvalid),
  templateKey: anyOr(NOTIFICATION_TEMPLATE_KEYS, OUTBOX_MESSAGES.templateInvalid),
  /** Part of the phone number (or email) the message goes to. */
  recipient: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((value) => (value ? value : undefined)),
  page: positiveInt(1, 100_000),
  pageSize: positiveInt(20, 100),
});
export type OutboxListInput = z.input<typeof outboxListInput>;

export const notificationId = z.object({ id: z.string().trim().min(1).max(64) });

export const adminNotification = z.object({
  id: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string(),
  templateKey: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(NOTIFICATION_STATUSES),
  /** A process holds the message right now (its lease has not run out). */
  sending: z.boolean(),
  /** The text that went out, or that would go out now. */
  text: z.string(),
  attempts: z.number(),
  maxAttempts: z.number(),
  errorMsg: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  /** When a pending message is tried next. */
  nextAttemptAt: z.string().nullable(),
});
export type AdminNotification = z.output<typeof adminNotification>;
export const notificationAnswer = z.object({ notification: adminNotification });

export const adminNotificationList = z.object({
  notifications: z.array(adminNotification),
  total: z.number(),
});
export type AdminNotificationList = z.output<typeof adminNotificationList>;

/** How many messages are in a status (failed, held): the Outbox's badges. */
export const notificationCountAnswer = z.object({ count: z.number() });
/** Every failed message sent again: how many. */
export const notificationsRetriedAnswer = z.object({ retried: z.number() });
/** Every held message released: how many. */
export const notificationsReleasedAnswer = z.object({ released: z.number() });
