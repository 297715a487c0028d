import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { companySettings, type CompanySettings } from '@school-transport/contracts';

/** The company settings as one object, from the `settings` rows; a missing row reads as empty. */
export async function readCompanySettings(db: Kysely<Database>): Promise<CompanySettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const raw: Record<string, unknown> = {};
  for (const row of rows) raw[row.key] = typeof row.value === 'string' || typeof row.value === 'number' ? row.value : '';
  const parsed = companySettings.safeParse(raw);
  // A row edited by hand into something invalid should not take the landing page down.
  return parsed.success ? parsed.data : companySettings.parse({});
}
