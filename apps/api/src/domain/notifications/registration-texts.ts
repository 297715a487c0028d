import { sql, type Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate } from '@school-transport/contracts';
import { enqueueNotification, type OutgoingMessage } from './outbox.js';

/**
 * The texts the public registration form makes the company pay for: to the phone number typed in
 * the form, and to the owner of an email the form used without its password. Anyone can fill in
 * the form, so a script could otherwise send thousands of paid SMS or WhatsApp messages.
 */
export type RegistrationTextKey = 'registration_received' | 'registration_email_in_use';
const REGISTRATION_TEXT_KEYS: readonly RegistrationTextKey[] = ['registration_received', 'registration_email_in_use'];

/** Registration texts to one phone number per Bahrain day; further ones are not written at all. */
export const REGISTRATION_TEXTS_PER_PHONE_PER_DAY = 3;

/**
 * What became of a registration text. `dropped` leaves no row: a row would show in the Outbox,
 * where "retry" or "release" could still send it, and a flood would fill the table.
 */
export type RegistrationTextOutcome = 'queued' | 'held' | 'dropped';

/** The instant today began in Bahrain (UTC+3 all year). */
function bahrainDayStart(now: Date): Date {
  return new Date(`${bahrainDate(now)}T00:00:00+03:00`);
}

/**
 * Writes a registration text in the registration's transaction, within two limits:
 * - at most REGISTRATION_TEXTS_PER_PHONE_PER_DAY to one phone number per Bahrain day (a family
 *   registering three children still hears of each); later ones are dropped;
 * - at most `perHour` across the whole service in the last hour (REGISTRATION_TEXTS_PER_HOUR);
 *   later ones are written `held` and wait until the office releases them in the Outbox.
 * The caller answers the registration the same way whatever this answers, so the answer does not
 * tell whether a text went out.
 */
export async function enqueueRegistrationText<K extends RegistrationTextKey>(
  trx: Transaction<Database>,
  message: OutgoingMessage<K>,
  perHour: number,
): Promise<RegistrationTextOutcome> {
  // One registration text is decided at a time across every process, until this transaction
  // commits: two registrations at the same moment cannot both take a phone's last text of the day,
  // or the hour's last one.
  await sql`SELECT pg_advisory_xact_lock(hashtext('outbox:registration-texts'))`.execute(trx);
  const toPhone = await trx
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('recipient', '=', message.recipient)
    .where('templateKey', 'in', REGISTRATION_TEXT_KEYS)
    .where('createdAt', '>=', bahrainDayStart(new Date()))
    .executeTakeFirstOrThrow();
  if (Number(toPhone.n) >= REGISTRATION_TEXTS_PER_PHONE_PER_DAY) return 'dropped';
  const lastHour = await trx
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('templateKey', 'in', REGISTRATION_TEXT_KEYS)
    .where('status', '!=', 'held')
    .where('createdAt', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  const held = Number(lastHour.n) >= perHour;
  await enqueueNotification(trx, { ...message, held });
  return held ? 'held' : 'queued';
}
