import type { Kysely } from 'kysely';
import { compileOnce, type Database } from '@school-transport/db';
import { PARENT_MESSAGES, type ParentStudentDetails, type ParentStudentView } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { STUDENT_ADDRESS, STUDENT_NAME } from '../student-columns.js';

/** The signed-in parent's own students that are not deleted; nobody else's. */
function ownStudents(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('students')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .leftJoin('areas', 'areas.id', 'students.areaId')
    .leftJoin('drivers', 'drivers.id', 'students.driverId')
    .select([
      'students.id',
      'students.automatedId',
      ...STUDENT_NAME,
      'students.fathersName',
      'students.grade',
      'students.class',
      'students.studentSchoolId',
      'students.serviceType',
      'students.priceBhd',
      'schools.name as schoolName',
      'areas.name as areaName',
      'drivers.name as driverName',
      'drivers.phone as driverPhone',
      ...STUDENT_ADDRESS,
    ])
    .where('parents.userId', '=', userId)
    .where('students.deletedAt', 'is', null);
}

type Row = Awaited<ReturnType<ReturnType<typeof ownStudents>['executeTakeFirstOrThrow']>>;

function toView({ areaName, driverName, driverPhone, ...student }: Row): ParentStudentView {
  return {
    ...student,
    area: areaName === null ? null : { name: areaName },
    driver: driverName !== null && driverPhone !== null ? { name: driverName, phone: driverPhone } : null,
  };
}

/** The query behind listParentStudents (the benchmark's floor runs the same SQL). */
export function parentStudentsQuery(db: Kysely<Database>, userId: string) {
  return ownStudents(db, userId).orderBy('students.createdAt').orderBy('students.automatedId');
}

/** Asked on every visit to the parent's dashboard: compiled once. */
const parentStudents = compileOnce(parentStudentsQuery);

/** The signed-in parent's own students, oldest registration first. */
export async function listParentStudents(db: Kysely<Database>, userId: string): Promise<ParentStudentView[]> {
  const { rows } = await db.executeQuery(parentStudents(db, userId));
  return rows.map(toView);
}

/** One of the parent's own students; another parent's id answers 404, exactly like an unknown one. */
export async function findParentStudent(db: Kysely<Database>, userId: string, id: string): Promise<ParentStudentDetails> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
  const row = await ownStudents(db, userId)
    .leftJoin('terms', 'terms.id', 'students.termsVersionId')
    .select(['terms.version as termsVersion', 'students.termsAcceptedAt'])
    .where('students.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
  const { termsVersion, termsAcceptedAt, ...student } = row;
  return { ...toView(student), termsVersion, termsAcceptedAt: termsAcceptedAt ? termsAcceptedAt.toISOString() : null };
}
