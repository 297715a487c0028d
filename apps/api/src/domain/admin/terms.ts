import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { isUniqueViolation } from '@school-transport/db';
import { ADMIN_MESSAGES, type termsArabicInput, type termsVersionInput } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { recordAudit, type Actor } from '../audit.js';
import { toTermsView, type TermsVersionView } from '../terms.js';
import { assertUuid, conflict, notFound } from './guards.js';

export async function listTermsVersions(db: Kysely<Database>): Promise<TermsVersionView[]> {
  return (await db.selectFrom('terms').selectAll().orderBy('version', 'desc').execute()).map(toTermsView);
}

/**
 * Makes one version the current one. The others are switched off first: the partial unique index
 * allows at most one active row at any moment, even inside the transaction.
 *
 * A parent accepts the terms in the page's language, so a version takes effect only once it has
 * both its English and its Arabic text. (Versions written before there was an Arabic text stay in
 * effect: until theirs is written, the Arabic page shows their English.)
 */
async function makeActive(trx: Transaction<Database>, { id, content, contentAr }: { id: string; content: string; contentAr: string | null }): Promise<void> {
  if (!content.trim() || !contentAr?.trim()) throw conflict(ADMIN_MESSAGES.termsBothTextsRequired);
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
      const highest = await trx
        .selectFrom('terms')
        .select((eb) => eb.fn.max('version').as('version'))
        .executeTakeFirst();
      const version = Number(highest?.version ?? 0) + 1;
      const contentAr = input.contentAr ?? null;
      const row = await trx.insertInto('terms').values({ version, content: input.content, contentAr, active: false }).returning('id').executeTakeFirstOrThrow();
      if (input.activate) await makeActive(trx, { id: row.id, content: input.content, contentAr });
      await recordAudit(trx, actor, {
        entityType: 'terms',
        entityId: row.id,
        action: 'create',
        diff: { version, activate: input.activate, length: input.content.length, arabicLength: contentAr?.length ?? null },
      });
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
        await makeActive(trx, target);
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

/**
 * Writes the Arabic text of a version that has none (one written before there was an Arabic text, or
 * saved without it). Once written it stays: what parents accepted must not change under them, so a
 * different text is a new version.
 */
export async function writeTermsArabic(db: Kysely<Database>, actor: Actor, input: z.output<typeof termsArabicInput>): Promise<TermsVersionView> {
  assertUuid(input.id, ADMIN_MESSAGES.termsNotFound);
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('terms').select(['id', 'version', 'contentAr']).where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!target) throw notFound(ADMIN_MESSAGES.termsNotFound);
    if (target.contentAr !== null) throw conflict(ADMIN_MESSAGES.termsArabicWritten);
    await trx.updateTable('terms').set({ contentAr: input.contentAr }).where('id', '=', input.id).execute();
    await recordAudit(trx, actor, {
      entityType: 'terms',
      entityId: input.id,
      action: 'update',
      diff: { version: target.version, arabicLength: input.contentAr.length },
    });
    return toTermsView(await trx.selectFrom('terms').selectAll().where('id', '=', input.id).executeTakeFirstOrThrow());
  });
}
