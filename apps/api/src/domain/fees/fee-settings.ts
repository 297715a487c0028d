import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { CompanySettings } from '@school-transport/contracts';
import { readCompanySettings } from '../settings.js';

export type FeeSettings = Pick<CompanySettings, 'firstServiceMonth' | 'vatRatePercent' | 'vatNumber'>;

/** The school year and VAT as the ledger reads them from the company settings. */
export async function readFeeSettings(db: Kysely<Database>): Promise<FeeSettings> {
  const { firstServiceMonth, vatRatePercent, vatNumber } = await readCompanySettings(db);
  return { firstServiceMonth, vatRatePercent, vatNumber };
}
