import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate, type AdminFee, type adminFeesQuery, type FeeTotals, type LedgerPaymentMethod } from '@school-transport/contracts';
import type { z } from 'zod';
import { STUDENT_NAME } from '../student-columns.js';
import { money, outstandingSql, paidSql, statusSql } from './ledger.js';
import { isUuid } from '../ids.js';

type Query = z.output<typeof adminFeesQuery>;

/** The month's rows joined to who they are for, narrowed by school, area and driver. */
function monthRows(db: Kysely<Database>, query: Query) {
  let rows = db
    .selectFrom('fees')
    .innerJoin('students', 'students.id', 'fees.studentId')
    .where('fees.month', '=', query.month)
    .where('students.deletedAt', 'is', null);
  // A school id that is not a UUID matches no school (PostgreSQL would refuse to compare it: a 500).
  if (query.schoolId) rows = isUuid(query.schoolId) ? rows.where('students.schoolId', '=', query.schoolId) : rows.where(sql<boolean>`false`);
  if (query.areaId) rows = rows.where('students.areaId', '=', query.areaId);
  if (query.driverId) rows = rows.where(sql<string>`students.driver_id::text`, '=', query.driverId);
  return rows;
}

/**
 * The Fees tab: one month's rows with filters and server-side paging, and the month's totals
 * (expected, collected, outstanding, overdue) over the same school/area/driver filters.
 */
export async function listAdminFees(db: Kysely<Database>, query: Query, now = new Date()): Promise<{ fees: AdminFee[]; total: number; totals: FeeTotals }> {
  const today = bahrainDate(now);
  let filtered = monthRows(db, query);
  if (query.status) filtered = filtered.where(statusSql(today), '=', query.status);

  const [count, totals, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    monthRows(db, query)
      .select([
        sql<string>`coalesce(sum(case when fees.waived then 0 else fees.amount end), 0)`.as('expected'),
        sql<string>`coalesce(sum(${paidSql}), 0)`.as('collected'),
        sql<string>`coalesce(sum(${outstandingSql}), 0)`.as('outstanding'),
        sql<string>`coalesce(sum(case when ${statusSql(today)} = 'overdue' then ${outstandingSql} else 0 end), 0)`.as('overdue'),
      ])
      .executeTakeFirstOrThrow(),
    filtered
      .innerJoin('parents', 'parents.id', 'students.parentId')
      .innerJoin('users', 'users.id', 'parents.userId')
      .innerJoin('schools', 'schools.id', 'students.schoolId')
      .innerJoin('areas', 'areas.id', 'students.areaId')
      .leftJoin('drivers', 'drivers.id', 'students.driverId')
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
        'students.automatedId',
        ...STUDENT_NAME,
        'students.parentId',
        'users.name as parentName',
        sql<string | null>`coalesce(parents.whatsapp_number, users.phone)`.as('parentPhone'),
        'schools.name as schoolName',
        'areas.name as areaName',
        'drivers.name as driverName',
      ])
      .orderBy('students.lastName')
      .orderBy('students.firstName')
      .orderBy('fees.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);

  const payments =
    rows.length === 0
      ? []
      : await db
          .selectFrom('paymentAllocations')
          .innerJoin('payments', 'payments.id', 'paymentAllocations.paymentId')
          .select([
            'paymentAllocations.feeId',
            'payments.id',
            'payments.receiptNumber',
            'payments.amount',
            'payments.method',
            'payments.reference',
            'payments.voidedAt',
            sql<string>`to_char(payments.paid_at, 'YYYY-MM-DD')`.as('paidAt'),
          ])
          .where(
            'paymentAllocations.feeId',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('payments.createdAt')
          .execute();

  return {
    total: Number(count.n),
    totals: {
      expectedBhd: money(totals.expected),
      collectedBhd: money(totals.collected),
      outstandingBhd: money(totals.outstanding),
      overdueBhd: money(totals.overdue),
    },
    fees: rows.map((row) => ({
      id: row.id,
      studentId: row.studentId,
      automatedId: row.automatedId,
      studentName: `${row.firstName} ${row.lastName}`,
      parentId: row.parentId,
      parentName: row.parentName,
      parentPhone: row.parentPhone,
      schoolName: row.schoolName,
      areaName: row.areaName,
      driverName: row.driverName,
      month: row.month,
      amountBhd: money(row.amount),
      paidBhd: money(row.paid),
      outstandingBhd: money(row.outstanding),
      dueFrom: row.dueFrom,
      dueDate: row.dueDate,
      status: row.status,
      waived: row.waived,
      payments: payments
        .filter((p) => p.feeId === row.id)
        .map((p) => ({
          paymentId: p.id,
          receiptNumber: p.receiptNumber,
          amountBhd: money(p.amount),
          paidAt: p.paidAt,
          method: p.method as LedgerPaymentMethod,
          reference: p.reference,
          voided: p.voidedAt !== null,
        })),
    })),
  };
}
