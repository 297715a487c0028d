import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { isUniqueViolation } from '@school-transport/db';
import { ADMIN_MESSAGES, type termsVersionInput } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit.js';
import { toTermsView, type TermsVersionView } from '../terms.js';
import { assertUuid, notFound } from './guards.js';

export async function listTermsVersions(db: Kysely<Database>): Promise<TermsVersionView[]> {
  return (await db.selectFrom('terms').selectAll().orderBy('version', 'desc').execute()).map(toTermsView);
}

/**
 * Makes one version the current one. The others are switched off first: the partial unique index
 * allows at most one active row at any moment, even inside the transaction.
 */
async function makeActive(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.updateTable('terms').set({ active: false }).where('active', '=', true).where('id', '!=', id).execute();
  await trx.updateTable('terms').set({ active: true, effectiveFrom: new Date() }).where('id', '=', id).execute();
}

/** Two admins at once may both read the same highest version or both activate: answer 409, ask to retry. */
async function withoutClash<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ADMIN_MESSAGES.termsVersionClash);
    throw error;
  }
}

/** A new version numbered after the highest one; it becomes current only when asked. */
export async function createTermsVersion(db: Kysely<Database>, actor: Actor, input: z.output<typeof termsVersionInput>): Promise<TermsVersionView> {
  return withoutClash(() =>
    db.transaction().execute(async (trx) => {
      const highest = await trx.selectFrom('terms').select((eb) => eb.fn.max('version').as('version')).executeTakeFirst();
      const version = Number(highest?.version ?? 0) + 1;
      const row = await trx.insertInto('terms').values({ version, content: input.content, active: false }).returning('id').executeTakeFirstOrThrow();
      if (input.activate) await makeActive(trx, row.id);
      await recordAudit(trx, actor, { entityType: 'terms', entityId: row.id, action: 'create', diff: { version, activate: input.activate, length: input.content.length } });
      return toTermsView(await trx.selectFrom('terms').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
    }),
  );
}

export async function activateTermsVersion(db: Kysely<Database>, actor: Actor, id: string): Promise<TermsVersionView> {
  assertUuid(id, ADMIN_MESSAGES.termsNotFound);
  return withoutClash(() =>
    db.transaction().execute(async (trx) => {
      const target = await trx.selectFrom('terms').selectAll().where('id', '=', id).executeTakeFirst();
      if (!target) throw notFound(ADMIN_MESSAGES.termsNotFound);
      if (!target.active) {
        const previous = await trx.selectFrom('terms').select(['id', 'version']).where('active', '=', true).executeTakeFirst();
        await makeActive(trx, id);
        await recordAudit(trx, actor, {
          entityType: 'terms',
          entityId: id,
          action: 'activate',
          diff: { version: target.version, previousActiveVersion: previous?.version ?? null },
        });
      }
      return toTermsView(await trx.selectFrom('terms').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    }),
  );
}
