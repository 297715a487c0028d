import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { AdminStudentPage, SortOrder, StudentFilters, StudentListQuery } from '@school-transport/contracts';
import { studentConditions } from './search.js';
import { studentsWithNames, toAdminStudent, type Db } from './view.js';

/** The order of each sort, always ending in the id so that pages never overlap or skip a row. */
export function orderedStudents<Q extends ReturnType<typeof studentsWithNames>>(query: Q, filters: StudentFilters): Q {
  const order: SortOrder = filters.order ?? (filters.sort === 'createdAt' ? 'desc' : 'asc');
  const dir = sql.raw(order);
  switch (filters.sort) {
    case 'name':
      return query.orderBy(sql`lower(students.first_name) ${dir}, lower(students.last_name) ${dir}, students.id ${dir}`) as Q;
    case 'automatedId':
      return query.orderBy(sql`students.automated_id ${dir}`) as Q;
    case 'priceBhd':
      return query.orderBy(sql`students.price_bhd ${dir}, students.created_at DESC, students.id DESC`) as Q;
    case 'paymentStatus':
      return query.orderBy(sql`students.payment_status ${dir}, students.created_at DESC, students.id DESC`) as Q;
    case 'createdAt':
      return query.orderBy(sql`students.created_at ${dir}, students.id ${dir}`) as Q;
  }
}

/** The count behind `total`: students only, no joins, so a filter's index answers it. */
export function studentCountQuery(db: Db, filters: StudentFilters) {
  return db
    .selectFrom('students')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(studentConditions(filters));
}

/** One page in the chosen order. */
export function studentPageQuery(db: Db, query: StudentListQuery) {
  return orderedStudents(studentsWithNames(db).where(studentConditions(query)), query)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/** One page of the office's list; deleted students only when asked for (to restore one). */
export async function listStudents(db: Kysely<Database>, query: StudentListQuery): Promise<AdminStudentPage> {
  const [rows, count] = await Promise.all([studentPageQuery(db, query).execute(), studentCountQuery(db, query).executeTakeFirstOrThrow()]);
  return { students: rows.map(toAdminStudent), total: Number(count.n), page: query.page, pageSize: query.pageSize };
}
