import { sql } from 'kysely';
import type { Db } from '@school-transport/db';
import { recordAudit, type AuditActor } from '../audit.js';
import { endSessions } from '../account-sessions.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { familyContact } from '../fees/family.js';
import { ERASED_FAMILY_LAST_MESSAGE, ERASED_RECIPIENT, erasedFamilyName } from './erased-values.js';

/**
 * Erases one family, in the caller's transaction. What identifies a person is removed or replaced:
 * names, phones, emails, addresses, location links, the adults it named to receive its children
 * (and one-day handover codes' delegates), the texts of messages sent to them (the
 * outbox's bodies and payloads), the positions where marks were made, 'bus is near' choices,
 * absences' reasons, proofs' files and modification requests' contents, and the family's entries
 * in the audit log and the sign-in counters. The family's accounts are closed and their sessions
 * end. What the law obliges the operator to keep stays: fee rows, payments, receipts, refunds and
 * credit notes (amounts, dates, numbers), now under 'Erased family N'; the children's rows stay,
 * deleted softly, so that those records still add up. The family's last message ('your data has
 * been erased') is written before its phone is erased and keeps its recipient until delivered
 * (the outbox worker then erases it too). The audit row names the family's number, not its values.
 */
export async function eraseFamily(trx: Db, actor: AuditActor, parentId: string, reason: 'request' | 'retention'): Promise<{ familyNumber: string }> {
  const family = await trx
    .selectFrom('parents')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select(['parents.id', 'parents.userId', 'parents.whatsappNumber', 'users.email', 'users.phone', 'parents.erasedAt'])
    .where('parents.id', '=', parentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (family.erasedAt) return { familyNumber: await familyNumberOf(trx, parentId) };

  const erasedBefore = await trx
    .selectFrom('parents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('erasedAt', 'is not', null)
    .executeTakeFirstOrThrow();
  const familyNumber = String(1001 + Number(erasedBefore.n));
  const name = erasedFamilyName(familyNumber);
  const students = await trx.selectFrom('students').select('id').where('parentId', '=', parentId).execute();
  const studentIds = students.map((student) => student.id);
  const phones = [family.phone, family.whatsappNumber].filter((phone): phone is string => Boolean(phone));
  const recipients = [...phones, ...(family.email ? [family.email] : [])];

  // The last message first, while the family's phone is still known.
  const contact = await familyContact(trx, parentId);
  if (contact?.phone) {
    await enqueueNotification(trx, {
      recipient: contact.phone,
      language: contact.language,
      templateKey: ERASED_FAMILY_LAST_MESSAGE,
      payload: { familyNumber },
      idempotencyKey: `data_erased:${parentId}`,
    });
  }
  const lastMessage = await trx.selectFrom('notifications').select('id').where('idempotencyKey', '=', `data_erased:${parentId}`).executeTakeFirst();

  if (recipients.length > 0) {
    let messages = trx.updateTable('notifications').set({ recipient: ERASED_RECIPIENT, body: null, payload: '{}' }).where('recipient', 'in', recipients);
    if (lastMessage) messages = messages.where('id', '!=', lastMessage.id);
    await messages.execute();
    await trx
      .deleteFrom('whatsappReplies')
      .where('fromPhone', 'in', phones.length > 0 ? phones : [''])
      .execute();
    await trx
      .deleteFrom('signInAttempts')
      .where((eb) => eb.or(recipients.flatMap((identifier) => [eb('key', '=', identifier), eb('key', 'like', `${identifier} %`)])))
      .execute();
  }

  await trx.updateTable('users').set({ name, email: null, phone: null, passwordHash: '!erased', status: 'inactive' }).where('id', '=', family.userId).execute();
  await trx.deleteFrom('accountCodes').where('userId', '=', family.userId).execute();
  await endSessions(trx, family.userId);
  await trx
    .updateTable('parents')
    .set({ whatsappNumber: null, boardedDroppedMessages: false, tomorrowMessages: false, erasedAt: sql<Date>`now()` })
    .where('id', '=', parentId)
    .execute();

  if (studentIds.length > 0) {
    await trx
      .updateTable('students')
      .set({
        firstName: 'Erased',
        fathersName: '-',
        lastName: `family ${familyNumber}`,
        studentSchoolId: '-',
        contactNumber1: '-',
        contactNumber2: null,
        address: '-',
        address2: null,
        flatHome: null,
        houseBuilding: '-',
        road: '-',
        block: '-',
        locationLink: null,
        termsIp: null,
        driverId: null,
        afternoonDriverId: null,
        morningRunId: null,
        afternoonRunId: null,
        deletedAt: sql<Date>`coalesce(deleted_at, now())`,
      })
      .where('id', 'in', studentIds)
      .execute();
    await trx.updateTable('runMarks').set({ position: null }).where('studentId', 'in', studentIds).execute();
    await trx.updateTable('runMarks').set({ receivedByName: 'Erased' }).where('studentId', 'in', studentIds).where('receivedByName', 'is not', null).execute();
    await trx
      .updateTable('handoverCodes')
      .set({ name: 'Erased', phone: '-', cancelledAt: sql<Date>`coalesce(cancelled_at, now())` })
      .where('studentId', 'in', studentIds)
      .execute();
    await trx.updateTable('absences').set({ reason: null }).where('studentId', 'in', studentIds).execute();
    await trx.deleteFrom('busNearSettings').where('studentId', 'in', studentIds).execute();
    await trx.updateTable('modificationRequests').set({ payloadOld: '{}', payloadNew: '{}', adminNote: null }).where('studentId', 'in', studentIds).execute();
  }
  // The adults the family named to receive its children: the marks that name one keep its row, not its name or phone.
  await trx.updateTable('authorisedAdults').set({ name: 'Erased', phone: '-' }).where('parentId', '=', parentId).execute();
  await trx.updateTable('paymentProofs').set({ file: new Uint8Array(), size: 0, reference: '', reason: null }).where('parentId', '=', parentId).execute();
  await trx.updateTable('payments').set({ reference: '', note: '' }).where('parentId', '=', parentId).execute();
  const entityIds = [parentId, family.userId, ...studentIds];
  await trx
    .updateTable('auditLogs')
    .set({ diff: JSON.stringify({ erased: true }) })
    .where('entityId', 'in', entityIds)
    .execute();

  await recordAudit(trx, actor, { entityType: 'family', entityId: parentId, action: 'erase', diff: { familyNumber, reason, students: studentIds.length } });
  return { familyNumber };
}

async function familyNumberOf(trx: Db, parentId: string): Promise<string> {
  const user = await trx
    .selectFrom('parents')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select('users.name')
    .where('parents.id', '=', parentId)
    .executeTakeFirstOrThrow();
  return user.name.replace(/^Erased family /, '');
}
