import { z } from 'zod';
import { OUTBOX_MESSAGES } from './messages.js';
import { NOTIFICATION_TEMPLATE_KEYS, type NotificationChannel } from './notifications.js';
import type { Language } from './options.js';

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

export interface AdminNotification {
  id: string;
  channel: NotificationChannel;
  recipient: string;
  templateKey: string;
  language: Language;
  status: NotificationStatus;
  /** A process holds the message right now (its lease has not run out). */
  sending: boolean;
  /** The text that went out, or that would go out now. */
  text: string;
  attempts: number;
  maxAttempts: number;
  errorMsg: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** When a pending message is tried next. */
  nextAttemptAt: string | null;
}

export interface AdminNotificationList {
  notifications: AdminNotification[];
  total: number;
}
