import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate, monthOfDate, schoolYearMonths } from '@school-transport/contracts';
import { money, paidSql } from './ledger.js';
import { readFeeSettings } from './fee-settings.js';

/** Collected vs expected per service month of the school year containing `month` (default: now), for the analytics chart. */
export async function readYearSummary(
  db: Kysely<Database>,
  month: string | undefined,
  now = new Date(),
): Promise<{ months: { month: string; expectedBhd: string; collectedBhd: string }[] }> {
  const { firstServiceMonth } = await readFeeSettings(db);
  const months = schoolYearMonths(month ?? monthOfDate(bahrainDate(now)), firstServiceMonth);
  const rows = await db
    .selectFrom('fees')
    .innerJoin('students', 'students.id', 'fees.studentId')
    .select([
      'fees.month',
      sql<string>`coalesce(sum(case when fees.waived then 0 else fees.amount end), 0)`.as('expected'),
      sql<string>`coalesce(sum(${paidSql}), 0)`.as('collected'),
    ])
    .where('fees.month', 'in', months)
    .where('students.deletedAt', 'is', null)
    .groupBy('fees.month')
    .execute();
  return {
    months: months.map((m) => {
      const row = rows.find((r) => r.month === m);
      return { month: m, expectedBhd: money(row?.expected ?? '0'), collectedBhd: money(row?.collected ?? '0') };
    }),
  };
}
