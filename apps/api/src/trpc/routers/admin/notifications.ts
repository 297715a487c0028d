import { notificationId, outboxListInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { failedNotificationCount, heldNotificationCount, listNotifications, releaseAllHeld, releaseNotification, retryAllFailed, retryNotification } from '../../../domain/notifications/admin.js';
import { DEFAULT_WORKER_SETTINGS } from '../../../domain/notifications/config.js';

/** The Outbox tab: messages to parents and drivers, their delivery, retrying failed ones and releasing held ones. */
export const adminNotificationsRouter = router({
  list: officeProcedure('outbox.manage').input(outboxListInput).query(({ ctx, input }) => listNotifications(ctx.db, input, ctx.outboxMaxAttempts ?? DEFAULT_WORKER_SETTINGS.maxAttempts)),
  failedCount: officeProcedure('outbox.manage').query(({ ctx }) => failedNotificationCount(ctx.db)),
  heldCount: officeProcedure('outbox.manage').query(({ ctx }) => heldNotificationCount(ctx.db)),
  retry: officeProcedure('outbox.manage').input(notificationId).mutation(({ ctx, input }) => retryNotification(ctx.db, actorOf(ctx), input.id, ctx.outboxMaxAttempts ?? DEFAULT_WORKER_SETTINGS.maxAttempts)),
  retryAllFailed: officeProcedure('outbox.manage').mutation(({ ctx }) => retryAllFailed(ctx.db, actorOf(ctx))),
  release: officeProcedure('outbox.manage').input(notificationId).mutation(({ ctx, input }) => releaseNotification(ctx.db, actorOf(ctx), input.id, ctx.outboxMaxAttempts ?? DEFAULT_WORKER_SETTINGS.maxAttempts)),
  releaseAllHeld: officeProcedure('outbox.manage').mutation(({ ctx }) => releaseAllHeld(ctx.db, actorOf(ctx))),
});
