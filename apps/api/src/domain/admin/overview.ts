import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { AdminOverview } from '@school-transport/contracts';
import { studentTotals } from './statistics.js';

/**
 * The dashboard's cards: real counts, straight from the tables. Students count those not deleted;
 * schools, areas and drivers count the active ones.
 */
export async function readOverview(db: Kysely<Database>): Promise<AdminOverview> {
  const [students, schools, areas, drivers] = await Promise.all([
    studentTotals(db),
    db
      .selectFrom('schools')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('active', '=', true)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('areas')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('active', '=', true)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('drivers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalStudents: students.totalStudents,
    paidStudents: students.paidStudents,
    unassignedStudents: students.unassignedStudents,
    schools: Number(schools.n),
    areas: Number(areas.n),
    drivers: Number(drivers.n),
  };
}
