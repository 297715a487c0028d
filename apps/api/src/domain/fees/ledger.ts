import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@school-transport/db';
import type { FeeStatus } from '@school-transport/contracts';

/**
 * The one definition of what a fee row's payments add up to and what its status is, in SQL, so
 * the admin list can filter and page by status on the server. Only payments not voided count, less
 * what was refunded of them on this row (money given back is owed again).
 */
export const paidSql: RawBuilder<string> = sql<string>`(coalesce((
  select sum(pa.amount) from payment_allocations pa
  join payments p on p.id = pa.payment_id
  where pa.fee_id = fees.id and p.voided_at is null
), 0) - coalesce((
  select sum(ra.amount) from refund_allocations ra
  join refunds r on r.id = ra.refund_id
  join payments p on p.id = r.payment_id
  where ra.fee_id = fees.id and p.voided_at is null
), 0))`;

/** waived; paid when the payments cover the amount; overdue past the due date; partly paid; due. */
export function statusSql(today: string): RawBuilder<FeeStatus> {
  return sql<FeeStatus>`case
    when fees.waived then 'waived'
    when ${paidSql} >= fees.amount then 'paid'
    when fees.due_date < ${today}::date then 'overdue'
    when ${paidSql} > 0 then 'partly_paid'
    else 'due' end`;
}

/** What is still to pay on a row (0 when waived or paid in full). */
export const outstandingSql: RawBuilder<string> = sql<string>`case when fees.waived then 0 else greatest(fees.amount - ${paidSql}, 0) end`;

/** Fee rows with their sums and status, dates as 'YYYY-MM-DD'. Callers add joins and filters. */
export function feeLedger(db: Db, today: string) {
  return db
    .selectFrom('fees')
    .select([
      'fees.id',
      'fees.studentId',
      'fees.month',
      'fees.amount',
      'fees.waived',
      sql<string>`to_char(fees.due_from, 'YYYY-MM-DD')`.as('dueFrom'),
      sql<string>`to_char(fees.due_date, 'YYYY-MM-DD')`.as('dueDate'),
      paidSql.as('paid'),
      outstandingSql.as('outstanding'),
      statusSql(today).as('status'),
    ]);
}

/** numeric arrives as a string ("25.00"), or without its trailing zeros from sums: always two decimals out. */
export function money(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '0' : String(value);
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

export function toCents(value: string): bigint {
  const [whole = '0', fraction = ''] = money(value).split('.');
  return BigInt(whole) * 100n + BigInt(fraction);
}

export function fromCents(cents: bigint): string {
  return `${(cents / 100n).toString()}.${(cents % 100n).toString().padStart(2, '0')}`;
}
