import type { Db } from '@school-transport/db';
import type { RiderHandover } from '@school-transport/contracts';
import { handoverOf } from './requirement.js';

/**
 * For the crew's afternoon list: the children who must be handed to a named adult, each with who
 * may receive them (the parent first, then the family's list in the order the family added them),
 * with their phones for the call button. Read for every child of the list at once.
 */
export async function handoversOfRiders(db: Db, studentIds: readonly string[]): Promise<Map<string, RiderHandover>> {
  const result = new Map<string, RiderHandover>();
  if (studentIds.length === 0) return result;
  const students = await db
    .selectFrom('students')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select([
      'students.id',
      'students.grade',
      'students.handoverChoice',
      'students.parentId',
      'schools.handoverUpToGrade',
      'users.id as parentUserId',
      'users.name as parentName',
      'users.phone as parentPhone',
    ])
    .where('students.id', 'in', [...studentIds])
    .execute();
  const required = students.filter((student) => handoverOf(student).required);
  if (required.length === 0) return result;
  const adults = await db
    .selectFrom('authorisedAdults')
    .select(['id', 'parentId', 'name', 'relation', 'phone'])
    .where('parentId', 'in', [...new Set(required.map((student) => student.parentId))])
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  for (const student of required) {
    const listed = adults.filter((adult) => adult.parentId === student.parentId).map(({ id, name, relation, phone }) => ({ id, name, relation, phone }));
    result.set(student.id, { adults: [{ id: student.parentUserId, name: student.parentName, relation: 'parent', phone: student.parentPhone }, ...listed] });
  }
  return result;
}
