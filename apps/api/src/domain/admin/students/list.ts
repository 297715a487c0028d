import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import type { AdminStudentPage, SortOrder, StudentFilters, StudentListQuery } from '@school-transport/contracts';
import { studentConditions } from './search.js';
import { studentsWithNames, toAdminStudent } from './view.js';
import type { AnswerCache } from '../../answer-cache.js';

/** The order of each sort, always ending in the id so that pages never overlap or skip a row. */
export function orderedStudents<Q extends SelectQueryBuilder<Database, 'students', object>>(query: Q, filters: StudentFilters): Q {
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

/** One page in the chosen order: the page's students first (filtered, ordered, limited), then their names. */
export function studentPageQuery(db: Db, query: StudentListQuery) {
  const page = orderedStudents(db.selectFrom('students').selectAll('students').where(studentConditions(query)), query)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return orderedStudents(studentsWithNames(db, page), query);
}

/** What a total depends on: the filters, not the page or the order. */
function totalKey(filters: StudentFilters): string {
  return `students-total:${JSON.stringify([filters.deleted, filters.schoolId, filters.areaId, filters.driverId, filters.unassigned, filters.paymentStatus, filters.search])}`;
}

/**
 * One page of the office's list; deleted students only when asked for (to restore one). The total
 * comes from `cache` when given (the server's: cached a few seconds, cleared on every write).
 */
export async function listStudents(db: Kysely<Database>, query: StudentListQuery, cache?: AnswerCache): Promise<AdminStudentPage> {
  const count = async () => Number((await studentCountQuery(db, query).executeTakeFirstOrThrow()).n);
  const [rows, total] = await Promise.all([studentPageQuery(db, query).execute(), cache ? cache.get(totalKey(query), count) : count()]);
  return { students: rows.map(toAdminStudent), total, page: query.page, pageSize: query.pageSize };
}
