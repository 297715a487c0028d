import {
  adminNotificationList,
  notificationAnswer,
  notificationCountAnswer,
  notificationId,
  notificationsReleasedAnswer,
  notificationsRetriedAnswer,
  outboxListInput,
} from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import {
  failedNotificationCount,
  heldNotificationCount,
  listNotifications,
  releaseAllHeld,
  releaseNotification,
  retryAllFailed,
  retryNotification,
} from '../../../domain/notifications/admin.js';
import { DEFAULT_WORKER_SETTINGS } from '../../../domain/notifications/config.js';

/** The Outbox tab: messages to parents and drivers, their delivery, retrying failed ones and releasing held ones. */
export const adminNotificationsRouter = router({
  list: officeEndpoint('outbox.manage', {
    input: outboxListInput,
    answer: adminNotificationList,
    rest: {
      route: 'GET /api/admin/notifications',
      summary: 'The outbox: messages to parents and drivers, filtered by status, template and recipient, paged',
      from: 'query',
    },
  }).query(({ ctx, input }) => listNotifications(ctx.db, input, ctx.outboxMaxAttempts ?? DEFAULT_WORKER_SETTINGS.maxAttempts)),
  failedCount: officeEndpoint('outbox.manage', {
    answer: notificationCountAnswer,
    rest: { route: 'GET /api/admin/notifications/failed-count', summary: 'How many messages failed for good' },
  }).query(({ ctx }) => failedNotificationCount(ctx.db)),
  heldCount: officeEndpoint('outbox.manage', {
    answer: notificationCountAnswer,
    rest: { route: 'GET /api/admin/notifications/held-count', summary: 'How many registration texts are held for the office (beyond the hourly cap)' },
  }).query(({ ctx }) => heldNotificationCount(ctx.db)),
  retry: officeEndpoint('outbox.manage', {
    input: notificationId,
    answer: notificationAnswer,
    rest: { route: 'POST /api/admin/notifications/:id/retry', summary: 'Sends a failed message again' },
  }).mutation(({ ctx, input }) => retryNotification(ctx.db, actorOf(ctx), input.id, ctx.outboxMaxAttempts ?? DEFAULT_WORKER_SETTINGS.maxAttempts)),
  retryAllFailed: officeEndpoint('outbox.manage', {
    answer: notificationsRetriedAnswer,
    rest: { route: 'POST /api/admin/notifications/retry-failed', summary: 'Sends every failed message again' },
  }).mutation(({ ctx }) => retryAllFailed(ctx.db, actorOf(ctx))),
  release: officeEndpoint('outbox.manage', {
    input: notificationId,
    answer: notificationAnswer,
    rest: { route: 'POST /api/admin/notifications/:id/release', summary: 'Releases a held message: it is sent' },
  }).mutation(({ ctx, input }) => releaseNotification(ctx.db, actorOf(ctx), input.id, ctx.outboxMaxAttempts ?? DEFAULT_WORKER_SETTINGS.maxAttempts)),
  releaseAllHeld: officeEndpoint('outbox.manage', {
    answer: notificationsReleasedAnswer,
    rest: { route: 'POST /api/admin/notifications/release-held', summary: 'Releases every held message: they are sent' },
  }).mutation(({ ctx }) => releaseAllHeld(ctx.db, actorOf(ctx))),
});
