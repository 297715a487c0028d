import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate, type OverdueFamily } from '@school-transport/contracts';
import { STUDENT_NAME } from '../student-columns.js';
import { feeLedger, fromCents, toCents } from './ledger.js';

/** Families with rows past their due date and not paid, any month, most owed first: the office's call list. */
export async function listOverdueFamilies(db: Kysely<Database>, now = new Date()): Promise<OverdueFamily[]> {
  const today = bahrainDate(now);
  const rows = await feeLedger(db, today)
    .innerJoin('students', 'students.id', 'fees.studentId')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select(['students.parentId', ...STUDENT_NAME, 'users.name as parentName', 'users.phone', 'parents.whatsappNumber'])
    .where('students.deletedAt', 'is', null)
    .where(sql<string>`fees.due_date`, '<', sql<string>`${today}::date`)
    .where('fees.waived', '=', false)
    .orderBy('fees.month')
    .execute();
  const families = new Map<string, OverdueFamily & { cents: bigint }>();
  for (const row of rows) {
    if (row.status !== 'overdue') continue;
    const family = families.get(row.parentId) ?? {
      parentId: row.parentId,
      parentName: row.parentName,
      phone: row.phone,
      whatsappNumber: row.whatsappNumber,
      students: [],
      months: [],
      outstandingBhd: '0.00',
      cents: 0n,
    };
    const name = `${row.firstName} ${row.lastName}`;
    if (!family.students.includes(name)) family.students.push(name);
    if (!family.months.includes(row.month)) family.months.push(row.month);
    family.cents += toCents(row.outstanding);
    families.set(row.parentId, family);
  }
  return [...families.values()]
    .sort((a, b) => (b.cents > a.cents ? 1 : b.cents < a.cents ? -1 : a.parentName.localeCompare(b.parentName)))
    .map(({ cents, ...family }) => ({ ...family, outstandingBhd: fromCents(cents) }));
}
