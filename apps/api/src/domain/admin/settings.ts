import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { CompanySettings } from '@school-transport/contracts';
import { changedFields, recordAudit, type Actor } from '../audit.js';
import { readCompanySettings } from '../settings.js';

/** Saves the company settings, one `settings` row per key (created when missing); only changed keys are written. */
export async function updateCompanySettings(db: Kysely<Database>, actor: Actor, next: CompanySettings): Promise<CompanySettings> {
  return db.transaction().execute(async (trx) => {
    const before = await readCompanySettings(trx);
    const diff = changedFields(before, next);
    if (Object.keys(diff).length === 0) return before;
    for (const key of Object.keys(diff)) {
      const value = JSON.stringify(next[key as keyof CompanySettings]);
      await trx
        .insertInto('settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt: new Date() }))
        .execute();
    }
    await recordAudit(trx, actor, { entityType: 'settings', entityId: 'company', action: 'update', diff });
    return readCompanySettings(trx);
  });
}
