import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { SYSTEM_ACTOR } from '../audit.js';
import { startRepeatingJob } from '../repeating-job.js';
import { eraseFamily } from './erase-family.js';

/**
 * Nothing is kept longer than its purpose (Bahrain's PDPL). Once a day:
 * - a family none of whose children has had a fee row or a ride for `inactiveFamilyMonths`
 *   (INACTIVE_FAMILY_MONTHS, 24 by default), and whose account is as old, is erased exactly as on
 *   its own request (erase-family.ts; fee records stay without names);
 * - sign-in counters and per-address counters older than a day, and one-time codes expired a day
 *   ago, are deleted: they only ever served the hour they counted;
 * - the texts of messages delivered more than 12 months ago are removed (the row stays: when, to
 *   which kind of template, delivered or not).
 * Positions have their own job (live-bus/retention.ts, POSITION_RETENTION_DAYS).
 */
export interface RetentionResult {
  familiesErased: number;
  countersDeleted: number;
  codesDeleted: number;
  messageTextsRemoved: number;
}

const monthsBefore = (now: Date, months: number) => {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
};

export async function applyDataRetention(db: Kysely<Database>, now: Date, inactiveFamilyMonths: number): Promise<RetentionResult> {
  const cutoff = monthsBefore(now, inactiveFamilyMonths);
  const inactive = await db
    .selectFrom('parents')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select('parents.id')
    .where('parents.erasedAt', 'is', null)
    .where('users.createdAt', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('students')
            .select(sql`1`.as('one'))
            .whereRef('students.parentId', '=', 'parents.id')
            .where((eb) =>
              eb.or([
                eb('students.createdAt', '>=', cutoff),
                eb.exists(eb.selectFrom('fees').select(sql`1`.as('one')).whereRef('fees.studentId', '=', 'students.id').where('fees.createdAt', '>=', cutoff)),
                eb.exists(
                  eb.selectFrom('runMarks').select(sql`1`.as('one')).whereRef('runMarks.studentId', '=', 'students.id').where('runMarks.at', '>=', cutoff),
                ),
              ]),
            ),
        ),
      ),
    )
    .execute();
  for (const family of inactive) await db.transaction().execute((trx) => eraseFamily(trx, SYSTEM_ACTOR, family.id, 'retention'));

  const dayAgo = new Date(now.getTime() - 86_400_000);
  const signIns = await db.deleteFrom('signInAttempts').where('windowStartedAt', '<', dayAgo).executeTakeFirst();
  const addresses = await db.deleteFrom('addressRequests').where('windowStartedAt', '<', dayAgo).executeTakeFirst();
  const codes = await db.deleteFrom('accountCodes').where('expiresAt', '<', dayAgo).executeTakeFirst();
  const texts = await db
    .updateTable('notifications')
    .set({ body: null, payload: '{}' })
    .where('status', '=', 'sent')
    .where('sentAt', '<', monthsBefore(now, 12))
    .where((eb) => eb.or([eb('body', 'is not', null), sql<boolean>`payload::text <> '{}'`]))
    .executeTakeFirst();
  return {
    familiesErased: inactive.length,
    countersDeleted: Number(signIns.numDeletedRows) + Number(addresses.numDeletedRows),
    codesDeleted: Number(codes.numDeletedRows),
    messageTextsRemoved: Number(texts.numUpdatedRows),
  };
}

/** Applies the retention rules a few minutes after start and then every day; answers a stop function. */
export function startDataRetentionJob(
  db: Kysely<Database>,
  clock: { now(): Date },
  inactiveFamilyMonths: number,
  options: { log?: (error: unknown) => void; done?: (result: RetentionResult) => void } = {},
): () => void {
  return startRepeatingJob(() => applyDataRetention(db, clock.now(), inactiveFamilyMonths), {
    firstRunMs: 5 * 60_000,
    intervalMs: 24 * 60 * 60_000,
    log: options.log,
    done: options.done,
  });
}
