import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, STUDENT_MESSAGES, type ParentAccount } from '@school-transport/contracts';
import { recordAudit, changedFields, type Actor } from '../audit.js';
import { issueResetCode } from '../account-codes.js';
import { assertUuid, conflict, notFound, withUniqueField } from './guards.js';
import { assertMaySendResetCode, recordOfficePhoneChange } from './phone-changes.js';

/**
 * The office's help with a parent's or driver's account: a reset code sent from their record (when
 * a parent calls because the text never came, or a driver cannot read email), and the correction
 * of a parent's name, email and phone. Each is audited in its own transaction.
 */

/** Sends the account a reset code; the audit row says a code was sent, never the code. */
async function sendResetCode(trx: Db, actor: Actor, userId: string, audited: { entityType: string; entityId: string }): Promise<void> {
  const account = await trx
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'role', 'language', 'status'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (account.status !== 'active') throw conflict(ACCOUNT_MESSAGES.accountInactive);
  const phone = account.phone;
  if (!phone) throw conflict(ACCOUNT_MESSAGES.noPhoneForCode);
  await assertMaySendResetCode(trx, actor.userId, userId);
  await issueResetCode(trx, { ...account, phone }, actor.userId);
  await recordAudit(trx, actor, { ...audited, action: 'send_reset_code', diff: { userId, phone } });
}

/** A reset code to a parent (by the parents row's id, as the student's record names it). */
export async function sendParentResetCode(db: Kysely<Database>, actor: Actor, parentId: string): Promise<{ message: string }> {
  assertUuid(parentId, ACCOUNT_MESSAGES.parentNotFound);
  await db.transaction().execute(async (trx) => {
    const parent = await trx.selectFrom('parents').select(['id', 'userId']).where('id', '=', parentId).executeTakeFirst();
    if (!parent) throw notFound(ACCOUNT_MESSAGES.parentNotFound);
    await sendResetCode(trx, actor, parent.userId, { entityType: 'parent', entityId: parent.id });
  });
  return { message: ACCOUNT_MESSAGES.resetCodeSentByOffice };
}

/** A reset code to a driver (by the drivers row's id); a deactivated driver gets none. */
export async function sendDriverResetCode(db: Kysely<Database>, actor: Actor, driverId: string): Promise<{ message: string }> {
  assertUuid(driverId, ADMIN_MESSAGES.driverNotFound);
  await db.transaction().execute(async (trx) => {
    const driver = await trx.selectFrom('drivers').select(['id', 'userId', 'status']).where('id', '=', driverId).executeTakeFirst();
    if (!driver) throw notFound(ADMIN_MESSAGES.driverNotFound);
    if (driver.status !== 'active') throw conflict(ACCOUNT_MESSAGES.accountInactive);
    await sendResetCode(trx, actor, driver.userId, { entityType: 'driver', entityId: driver.id });
  });
  return { message: ACCOUNT_MESSAGES.resetCodeSentByOffice };
}

/**
 * Corrects a parent's name, email and phone (the account's; the WhatsApp number of the parents row
 * stays). An email of any other account is a 409, whichever role holds it. The diff is audited; a
 * changed phone is told to the old phone and email (phone-changes.ts).
 */
export async function updateParentAccount(
  db: Kysely<Database>,
  actor: Actor,
  input: { id: string; name: string; email: string; phone?: string | undefined },
): Promise<{ parent: ParentAccount }> {
  assertUuid(input.id, ACCOUNT_MESSAGES.parentNotFound);
  return withUniqueField(STUDENT_MESSAGES.parentEmailTaken, () =>
    db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('parents')
        .innerJoin('users', 'users.id', 'parents.userId')
        .select(['parents.id', 'parents.userId', 'users.name', 'users.email', 'users.phone', 'users.language'])
        .where('parents.id', '=', input.id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound(ACCOUNT_MESSAGES.parentNotFound);
      const taken = await trx.selectFrom('users').select('id').where('email', '=', input.email).where('id', '!=', before.userId).executeTakeFirst();
      if (taken) throw conflict(STUDENT_MESSAGES.parentEmailTaken);
      const after = { name: input.name, email: input.email, phone: input.phone ?? null };
      const diff = changedFields({ name: before.name, email: before.email, phone: before.phone }, after);
      if (Object.keys(diff).length > 0) {
        await trx
          .updateTable('users')
          .set({ ...after, updatedAt: new Date() })
          .where('id', '=', before.userId)
          .execute();
        if ('phone' in diff) await recordOfficePhoneChange(trx, { ...before, userId: before.userId }, after.phone);
        await recordAudit(trx, actor, { entityType: 'parent', entityId: before.id, action: 'update', diff });
      }
      return { parent: { id: before.id, ...after } };
    }),
  );
}
