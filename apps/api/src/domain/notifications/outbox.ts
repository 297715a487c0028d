import type { Db } from '@school-transport/db';
import type { Language, NotificationChannel, NotificationPayloads, NotificationTemplateKey } from '@school-transport/contracts';

export interface OutgoingMessage<K extends NotificationTemplateKey> {
  channel?: NotificationChannel;
  /** A phone number (8 digits as stored; the sender normalises it) or an email address. */
  recipient: string;
  templateKey: K;
  payload: NotificationPayloads[K];
  /** The recipient's language; by default the language of the account with this phone (or email), else English. */
  language?: Language;
  /**
   * Names the event, so writing the same event twice (a repeated request) leaves one message, e.g.
   * `payment_received:<studentId>:2026-11`. By default every call is a message of its own.
   */
  idempotencyKey?: string;
  /** Written `held`: not sent until the office releases it (registration-texts.ts decides). */
  held?: boolean;
}

/** The language of the account the message goes to (the parent's or driver's users row). */
async function recipientLanguage(trx: Db, channel: NotificationChannel, recipient: string): Promise<Language> {
  const column = channel === 'email' ? 'email' : 'phone';
  const account = await trx
    .selectFrom('users')
    .select('language')
    .where(column, '=', channel === 'email' ? recipient.toLowerCase() : recipient)
    .orderBy('updatedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return account?.language ?? 'en';
}

/**
 * Puts one message in the outbox. Call it with the transaction that makes the change the message
 * reports, so there is never a message without its change, nor a change without its message. The
 * outbox worker (worker.ts) renders and sends it after the transaction commits.
 */
export async function enqueueNotification<K extends NotificationTemplateKey>(trx: Db, message: OutgoingMessage<K>): Promise<void> {
  const channel = message.channel ?? 'sms';
  const language = message.language ?? (await recipientLanguage(trx, channel, message.recipient));
  await trx
    .insertInto('notifications')
    .values({
      recipientType: channel,
      recipient: message.recipient,
      templateKey: message.templateKey,
      payload: JSON.stringify(message.payload),
      language,
      ...(message.idempotencyKey ? { idempotencyKey: message.idempotencyKey } : {}),
      ...(message.held ? { status: 'held' as const } : {}),
    })
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .execute();
}
