import { sql, type Kysely } from 'kysely';
import type { Database, Notification } from '@school-transport/db';
import {
  ONE_TIME_CODE_TEMPLATE_KEYS,
  OUTBOX_MESSAGES,
  type NotificationTemplateKey,
  type AdminNotification,
  type AdminNotificationList,
  type CompanySettings,
  type outboxListInput,
} from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit.js';
import { readCompanySettings } from '../settings.js';
import { isUuid } from '../ids.js';
import { messageOf } from './worker.js';

/**
 * The admin's Outbox: the messages with their text, tries and errors; a failed one is sent again on
 * request, and a held one (a registration text beyond the hourly cap) is sent once the office
 * releases it.
 */

/** What stands in the Outbox for a one-time code: the gateway receives the code, the office never reads it. */
export const MASKED_CODE = '******';

/**
 * The row as the Outbox shows it: a message holding a one-time code is rendered again with the
 * code masked (its sent text, kept in `body`, holds the code), so that nobody in the office can
 * take over an account with a code they read on the screen.
 */
function shownRow(row: Notification): Notification {
  if (!ONE_TIME_CODE_TEMPLATE_KEYS.includes(row.templateKey as NotificationTemplateKey)) return row;
  return { ...row, body: null, payload: { ...(row.payload as Record<string, unknown>), code: MASKED_CODE } };
}

function toView(original: Notification, settings: CompanySettings, maxAttempts: number, now: Date): AdminNotification {
  const row = shownRow(original);
  let text = row.body ?? '';
  if (!row.body) {
    try {
      text = messageOf(row, settings).text;
    } catch (error) {
      text = error instanceof Error ? error.message : String(error);
    }
  }
  return {
    id: row.id,
    channel: row.recipientType,
    recipient: row.recipient,
    templateKey: row.templateKey,
    language: row.language,
    status: row.status,
    sending: row.status === 'pending' && row.lockedUntil !== null && row.lockedUntil > now,
    text,
    attempts: row.attempts,
    maxAttempts,
    errorMsg: row.errorMsg,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

export async function listNotifications(db: Kysely<Database>, input: z.output<typeof outboxListInput>, maxAttempts: number): Promise<AdminNotificationList> {
  let query = db.selectFrom('notifications');
  if (input.status) query = query.where('status', '=', input.status);
  if (input.templateKey) query = query.where('templateKey', '=', input.templateKey);
  if (input.recipient) {
    // Typed digits find the number however it is stored; LIKE's wildcards are taken literally.
    const needle = input.recipient.replace(/[\\%_]/g, (char) => `\\${char}`);
    query = query.where('recipient', 'ilike', `%${needle}%`);
  }
  const [countRow, rows, settings] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    query
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    readCompanySettings(db),
  ]);
  const now = new Date();
  return { notifications: rows.map((row) => toView(row, settings, maxAttempts, now)), total: Number(countRow.n) };
}

async function countWithStatus(db: Kysely<Database>, status: 'failed' | 'held'): Promise<{ count: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n) };
}

export const failedNotificationCount = (db: Kysely<Database>) => countWithStatus(db, 'failed');
export const heldNotificationCount = (db: Kysely<Database>) => countWithStatus(db, 'held');

/** Back in the queue for a full set of tries, due now; the last error stays visible until the next try. */
const RETRY = { status: 'pending', attempts: 0, nextAttemptAt: sql<Date>`now()`, lockedUntil: null, lockedBy: null, updatedAt: sql<Date>`now()` } as const;

/** Every failed message back in the queue at once; one audit row per message, in the same transaction. */
export async function retryAllFailed(db: Kysely<Database>, actor: Actor): Promise<{ retried: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.updateTable('notifications').set(RETRY).where('status', '=', 'failed').returning(['id']).execute();
    if (rows.length > 0) {
      await trx
        .insertInto('auditLogs')
        .values(
          rows.map((row) => ({
            actorUserId: actor.userId,
            entityType: 'notification',
            entityId: row.id,
            action: 'retry',
            diff: JSON.stringify({ status: { from: 'failed', to: 'pending' }, all: true }),
            ip: actor.ip,
          })),
        )
        .execute();
    }
    return { retried: rows.length };
  });
}

/** A held message goes into the queue as written, due now: its tries start from none. */
const RELEASE = { status: 'pending', nextAttemptAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` } as const;

/**
 * Moves one message from one status back to pending with `patch`, audited in the same transaction;
 * a message in another status is a conflict (`refused`).
 */
async function requeue(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  maxAttempts: number,
  change: {
    from: 'failed' | 'held';
    patch: typeof RETRY | typeof RELEASE;
    action: string;
    refused: string;
    diff: (before: Notification) => Record<string, unknown>;
  },
): Promise<{ notification: AdminNotification }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', OUTBOX_MESSAGES.notificationNotFound);
  const row = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('notifications').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', OUTBOX_MESSAGES.notificationNotFound);
    if (before.status !== change.from) throw new AppError('CONFLICT', change.refused);
    const after = await trx.updateTable('notifications').set(change.patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      entityType: 'notification',
      entityId: id,
      action: change.action,
      diff: { status: { from: change.from, to: 'pending' }, ...change.diff(before), recipient: before.recipient, templateKey: before.templateKey },
    });
    return after;
  });
  return { notification: toView(row, await readCompanySettings(db), maxAttempts, new Date()) };
}

export function retryNotification(db: Kysely<Database>, actor: Actor, id: string, maxAttempts: number): Promise<{ notification: AdminNotification }> {
  return requeue(db, actor, id, maxAttempts, {
    from: 'failed',
    patch: RETRY,
    action: 'retry',
    refused: OUTBOX_MESSAGES.onlyFailedRetried,
    diff: (before) => ({ attempts: { from: before.attempts, to: 0 }, errorMsg: before.errorMsg }),
  });
}

/** Sends one held message: it becomes pending, and the release is audited. */
export function releaseNotification(db: Kysely<Database>, actor: Actor, id: string, maxAttempts: number): Promise<{ notification: AdminNotification }> {
  return requeue(db, actor, id, maxAttempts, { from: 'held', patch: RELEASE, action: 'release', refused: OUTBOX_MESSAGES.onlyHeldReleased, diff: () => ({}) });
}

/** Every held message released at once; one audit row per message, in the same transaction. */
export async function releaseAllHeld(db: Kysely<Database>, actor: Actor): Promise<{ released: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.updateTable('notifications').set(RELEASE).where('status', '=', 'held').returning(['id', 'recipient', 'templateKey']).execute();
    if (rows.length > 0) {
      await trx
        .insertInto('auditLogs')
        .values(
          rows.map((row) => ({
            actorUserId: actor.userId,
            entityType: 'notification',
            entityId: row.id,
            action: 'release',
            diff: JSON.stringify({ status: { from: 'held', to: 'pending' }, recipient: row.recipient, templateKey: row.templateKey, all: true }),
            ip: actor.ip,
          })),
        )
        .execute();
    }
    return { released: rows.length };
  });
}
