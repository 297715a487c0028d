import { sql, type Kysely } from 'kysely';
import {
  addMonths,
  bahrainDate,
  currentServiceMonth,
  dueWindow,
  monthStartInstant,
  schoolYearMonths,
  DEFAULT_FIRST_SERVICE_MONTH,
} from '@school-transport/contracts';
import type { Database } from '../schema.js';

/**
 * A school year of fee rows for the volume seeder (an `extraSteps` step of seedVolume): a row per
 * student and service month, as the ledger holds them in June, the most the table holds (10 per
 * student, fewer for students registered mid-year: the ledger bills from the month they registered
 * in). The rows agree with the students' paid flags, so the server's daily fee job finds nothing
 * to catch up when a benchmark starts it:
 * - months whose due date has passed: nine in ten paid, one payment per row;
 * - the current service month: paid exactly when students.payment_status says 'paid';
 * - months still to come: unpaid;
 * - every row whose due window has opened counts as reminded (the reminder went out on its first day).
 * Written by the database (INSERT ... SELECT), one statement per call (PGlite).
 */
export async function seedVolumeFees(
  db: Kysely<Database>,
  now = new Date(),
  firstServiceMonth = DEFAULT_FIRST_SERVICE_MONTH,
): Promise<{ fees: number; payments: number }> {
  const today = bahrainDate(now);
  const current = currentServiceMonth(today, firstServiceMonth);
  const months = schoolYearMonths(current, firstServiceMonth).map((month) => ({
    month,
    ...dueWindow(month, firstServiceMonth),
    ends: monthStartInstant(addMonths(month, 1)),
  }));
  const monthRows = sql.join(months.map(({ month, dueFrom, dueDate, ends }) => sql`(${month}, ${dueFrom}::date, ${dueDate}::date, ${ends}::timestamptz)`));

  await sql`
    INSERT INTO fees (student_id, month, amount, due_from, due_date, reminded_at)
    SELECT s.id, m.month, s.price_bhd, m.due_from, m.due_date, CASE WHEN m.due_from <= ${today}::date THEN m.due_from::timestamptz END
    FROM students s CROSS JOIN (VALUES ${monthRows}) AS m (month, due_from, due_date, ends)
    WHERE s.deleted_at IS NULL AND s.created_at < m.ends`.execute(db);

  // One payment per paid row, each allocated whole to its row. The CTE is computed once (it is
  // read twice), so each payment id lands in both tables.
  await sql`
    WITH paid AS (
      SELECT gen_random_uuid() AS payment_id, f.id AS fee_id, s.parent_id, f.amount, f.due_from, row_number() OVER (ORDER BY f.due_from, f.id) AS n
      FROM fees f JOIN students s ON s.id = f.student_id
      WHERE (f.month = ${current} AND s.payment_status = 'paid')
        OR (f.month < ${current} AND f.due_date < ${today}::date AND abs(hashtext(f.id::text)) % 10 < 9)
    ),
    recorded AS (
      INSERT INTO payments (id, parent_id, amount, method, paid_at)
      SELECT payment_id, parent_id, amount, (ARRAY['benefit_pay', 'bank_transfer', 'cash', 'other'])[1 + n % 4], due_from + (n % 5)::int
      FROM paid
    )
    INSERT INTO payment_allocations (payment_id, fee_id, amount)
    SELECT payment_id, fee_id, amount FROM paid`.execute(db);

  for (const table of ['fees', 'payments', 'payment_allocations']) await sql`ANALYZE ${sql.table(table)}`.execute(db);
  const { rows } = await sql<{
    fees: string;
    payments: string;
  }>`SELECT (SELECT count(*) FROM fees) AS fees, (SELECT count(*) FROM payments) AS payments`.execute(db);
  return { fees: Number(rows[0]!.fees), payments: Number(rows[0]!.payments) };
}
