import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { AdminOverview } from '@school-transport/contracts';

/** The dashboard's cards: real counts, straight from the tables. Schools, areas and drivers count the active ones. */
export async function readOverview(db: Kysely<Database>): Promise<AdminOverview> {
  const [students, schools, areas, drivers] = await Promise.all([
    db
      .selectFrom('students')
      .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere('paymentStatus', '=', 'paid').as('paid')])
      .executeTakeFirstOrThrow(),
    db.selectFrom('schools').select((eb) => eb.fn.countAll<string>().as('n')).where('active', '=', true).executeTakeFirstOrThrow(),
    db.selectFrom('areas').select((eb) => eb.fn.countAll<string>().as('n')).where('active', '=', true).executeTakeFirstOrThrow(),
    db.selectFrom('drivers').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'active').executeTakeFirstOrThrow(),
  ]);
  return {
    totalStudents: Number(students.total),
    paidStudents: Number(students.paid),
    schools: Number(schools.n),
    areas: Number(areas.n),
    drivers: Number(drivers.n),
  };
}
