import { sql } from 'kysely';
import type { Db } from '@school-transport/db';
import { ACCOUNT_MESSAGES, type Language } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { enqueueNotification } from '../notifications/outbox.js';

/**
 * A phone changed by the office is where reset codes go next, so a change made by someone at the
 * office who is not the owner would let them take the account over with one reset code. Two
 * guards: the old phone (and the email, where known) is told through the outbox, and for a day
 * after the change only an admin may send a reset code (the owner's own 'Forgot password?' sends
 * none either: the same answer, no text).
 */
export const OFFICE_PHONE_CHANGE_HOLD_HOURS = 24;

/** The account as it was before the change, whose old phone and email are told. */
export interface PhoneChangedAccount {
  userId: string;
  name: string;
  email: string | null;
  phone: string | null;
  language: Language;
}

/**
 * Records that the office changed the account's phone and tells the old phone and the email. Call
 * it in the change's transaction, only when the phone differs.
 */
export async function recordOfficePhoneChange(trx: Db, before: PhoneChangedAccount, newPhone: string | null): Promise<void> {
  await trx.updateTable('users').set({ phoneChangedByOfficeAt: sql<Date>`now()` }).where('id', '=', before.userId).execute();
  const payload = { name: before.name, newPhoneEnding: newPhone ? newPhone.slice(-2) : null };
  if (before.phone) await enqueueNotification(trx, { recipient: before.phone, templateKey: 'phone_changed', payload, language: before.language });
  if (before.email)
    await enqueueNotification(trx, { recipient: before.email, channel: 'email', templateKey: 'phone_changed', payload, language: before.language });
}

/** Whether the office changed the account's phone within the last day. */
export async function phoneRecentlyChangedByOffice(trx: Db, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('phoneChangedByOfficeAt', '>', sql<Date>`now() - make_interval(hours => ${OFFICE_PHONE_CHANGE_HOLD_HOURS})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** A reset code from staff within a day of an office phone change: 403, an admin must send it. */
export async function assertMaySendResetCode(trx: Db, actorUserId: string, userId: string): Promise<void> {
  const actor = await trx.selectFrom('users').select('role').where('id', '=', actorUserId).executeTakeFirst();
  if (actor?.role === 'admin') return;
  if (await phoneRecentlyChangedByOffice(trx, userId)) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.resetCodeAfterPhoneChangeNeedsAdmin);
}
