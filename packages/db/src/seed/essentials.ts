import type { Kysely } from 'kysely';
import { SETTINGS_KEYS } from '@school-transport/contracts';
import type { Database } from '../schema.js';
import { TERMS_V1, TERMS_V1_AR } from './terms-v1.js';

/**
 * What every database holds from the start, demo or not: the active terms version 1, in English and
 * Arabic, and one editable settings row per company setting (empty until the office fills it in).
 * Idempotent, so every server start may run it.
 */
export async function seedEssentials(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const anyTerms = await trx.selectFrom('terms').select('id').limit(1).executeTakeFirst();
    if (!anyTerms) {
      await trx
        .insertInto('terms')
        .values({ version: 1, content: TERMS_V1, contentAr: TERMS_V1_AR, active: true, effectiveFrom: new Date() })
        // Another server process starting at the same moment may have written it first.
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    // A database seeded before the terms had an Arabic text gets the translation of version 1, but
    // only while its English is still the seeded text: a translation of other words would be wrong.
    await trx
      .updateTable('terms')
      .set({ contentAr: TERMS_V1_AR })
      .where('version', '=', 1)
      .where('content', '=', TERMS_V1)
      .where('contentAr', 'is', null)
      .execute();
    await trx
      .insertInto('settings')
      .values(SETTINGS_KEYS.map((key) => ({ key, value: JSON.stringify('') })))
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
  });
}
