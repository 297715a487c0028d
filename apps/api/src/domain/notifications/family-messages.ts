import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import {
  ADMIN_MESSAGES,
  FAMILY_MESSAGE_MESSAGES,
  RUN_SERVICE_TYPES,
  type FamilyAudienceChoice,
  type FamilyMessagePreview,
  type FamilyMessageResult,
  type Language,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor } from '../audit.js';
import { enqueueNotification } from './outbox.js';

/**
 * The office's message to families: one outbox row per family whose children ride with the chosen
 * audience (a driver's run, a school, the whole service), in the family's language. Each message
 * costs money, so at most `perHour` of them are written for sending in any hour; the rest are
 * written `held` and go when the office releases them in the Outbox.
 */

interface Family {
  parentId: string;
  recipient: string;
  language: Language;
}

/** The families of an audience: one per parent, with the phone the day's messages go to. */
async function familiesOf(db: Db, choice: FamilyAudienceChoice): Promise<Family[]> {
  let query = db
    .selectFrom('students')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select(['parents.id as parentId', 'users.phone', 'parents.whatsappNumber', 'students.contactNumber1', 'users.language'])
    .where('students.deletedAt', 'is', null)
    .where('users.status', '=', 'active');
  if (choice.audience === 'run') {
    if (!isUuid(choice.driverId)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
    const driver = await db.selectFrom('drivers').select('id').where('id', '=', choice.driverId).executeTakeFirst();
    if (!driver) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
    query = query.where('students.driverId', '=', choice.driverId).where('students.serviceType', 'in', [...RUN_SERVICE_TYPES[choice.run]]);
  } else if (choice.audience === 'school') {
    if (!isUuid(choice.schoolId)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.schoolNotFound);
    const school = await db.selectFrom('schools').select('id').where('id', '=', choice.schoolId).executeTakeFirst();
    if (!school) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.schoolNotFound);
    query = query.where('students.schoolId', '=', choice.schoolId);
  }
  const rows = await query.orderBy('parents.id').orderBy('students.createdAt').execute();
  const families = new Map<string, Family>();
  for (const row of rows) {
    // The same phone as the day's other messages: the account's, else the family's WhatsApp, else the first child's contact.
    if (!families.has(row.parentId))
      families.set(row.parentId, { parentId: row.parentId, recipient: row.phone ?? row.whatsappNumber ?? row.contactNumber1, language: row.language });
  }
  return [...families.values()];
}

/** Office messages written for sending (not held) in the last hour, across every process. */
async function sentInLastHour(db: Db): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('templateKey', '=', 'family_message')
    .where('status', '!=', 'held')
    .where('createdAt', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many families the message would reach, in which languages, and how many the hourly cap would hold. */
export async function previewFamilyMessage(db: Db, choice: FamilyAudienceChoice, perHour: number): Promise<FamilyMessagePreview> {
  const families = await familiesOf(db, choice);
  const sendNow = Math.min(families.length, Math.max(0, perHour - (await sentInLastHour(db))));
  const arabic = families.filter((family) => family.language === 'ar').length;
  return { families: families.length, english: families.length - arabic, arabic, sendNow, held: families.length - sendNow };
}

/** Writes the message to every family of the audience in one transaction, audited; beyond the hour's cap they are held. */
export async function sendFamilyMessage(
  db: Kysely<Database>,
  actor: Actor,
  choice: FamilyAudienceChoice,
  text: { textEn: string; textAr: string | null },
  perHour: number,
): Promise<FamilyMessageResult> {
  return db.transaction().execute(async (trx) => {
    // One office message is counted against the hour at a time across every process, so two sent at
    // the same moment cannot both take the hour's last places.
    await sql`SELECT pg_advisory_xact_lock(hashtext('outbox:family-messages'))`.execute(trx);
    const families = await familiesOf(trx, choice);
    if (families.length === 0) throw new AppError('CONFLICT', FAMILY_MESSAGE_MESSAGES.noFamilies);
    const sendNow = Math.max(0, perHour - (await sentInLastHour(trx)));
    const messageId = randomUUID();
    for (const [index, family] of families.entries()) {
      await enqueueNotification(trx, {
        recipient: family.recipient,
        language: family.language,
        templateKey: 'family_message',
        payload: { textEn: text.textEn, textAr: text.textAr },
        idempotencyKey: `family_message:${messageId}:${family.parentId}`,
        held: index >= sendNow,
      });
    }
    const held = Math.max(0, families.length - sendNow);
    const result = { families: families.length, queued: families.length - held, held };
    await recordAudit(trx, actor, {
      entityType: 'familyMessage',
      entityId: messageId,
      action: 'send',
      diff: { ...choice, textEn: text.textEn, textAr: text.textAr, ...result },
    });
    return result;
  });
}
