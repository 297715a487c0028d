import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '@school-transport/db';
import type { StudentFilters } from '@school-transport/contracts';
import { isUuid } from '../../ids.js';

/*
 * These expressions are the ones the trigram indexes of migration 2026-11-22T1100 are built on,
 * written the same way: PostgreSQL uses an expression index only for the identical expression.
 * A test (students-scale) checks with EXPLAIN that they are used.
 */
const STUDENT_SEARCH_TEXT = sql<string>`lower(students.first_name || ' ' || students.fathers_name || ' ' || students.last_name || ' ' || students.automated_id || ' ' || students.contact_number1 || ' ' || coalesce(students.contact_number2, ''))`;
const PARENT_CONTACT_TEXT = sql<string>`lower(coalesce(parent_accounts.email, '') || ' ' || coalesce(parent_accounts.phone, ''))`;

/** A LIKE pattern that finds the text anywhere, with the user's % and _ taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Search: every word must appear in the student's names, automated ID or contact numbers; or the
 * whole text appears in the parent's email or phone. The parent side is an array of parent ids
 * computed once (an InitPlan), so both sides read an index and combine in a bitmap.
 */
function searchCondition(search: string): Expression<SqlBool> {
  const words = search.split(/\s+/).filter(Boolean);
  const studentMatch = sql.join(
    words.map((word) => sql`${STUDENT_SEARCH_TEXT} LIKE ${containing(word)}`),
    sql` AND `,
  );
  const parentMatch = sql`students.parent_id = ANY (ARRAY(
    SELECT parents.id FROM parents JOIN users AS parent_accounts ON parent_accounts.id = parents.user_id
    WHERE ${PARENT_CONTACT_TEXT} LIKE ${containing(search)}))`;
  return sql<SqlBool>`((${studentMatch}) OR ${parentMatch})`;
}

/** The WHERE of the list, the count and the CSV export: one definition for all three. */
export function studentConditions(filters: StudentFilters) {
  return (eb: ExpressionBuilder<Database, 'students'>) => {
    const conditions: Expression<SqlBool>[] = [filters.deleted ? eb('students.deletedAt', 'is not', null) : eb('students.deletedAt', 'is', null)];
    // An id that cannot be one (not a uuid) matches nothing rather than failing in the database.
    if (filters.schoolId) conditions.push(isUuid(filters.schoolId) ? eb('students.schoolId', '=', filters.schoolId) : sql<SqlBool>`false`);
    if (filters.areaId) conditions.push(eb('students.areaId', '=', filters.areaId));
    if (filters.driverId) conditions.push(isUuid(filters.driverId) ? eb('students.driverId', '=', filters.driverId) : sql<SqlBool>`false`);
    if (filters.unassigned) conditions.push(eb('students.driverId', 'is', null));
    if (filters.paymentStatus) conditions.push(eb('students.paymentStatus', '=', filters.paymentStatus));
    if (filters.search) conditions.push(searchCondition(filters.search));
    return eb.and(conditions);
  };
}
