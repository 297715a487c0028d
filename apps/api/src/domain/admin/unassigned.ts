import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { UnassignedStudents } from '@school-transport/contracts';
import { STUDENT_FULL_NAME } from '../student-columns.js';
import { fullRuns } from '../routes/seats.js';
import { listStudentsToPlace } from './students-to-place.js';

/**
 * The header bell: students (not deleted) without a driver, newest first, how many there are in
 * all, the runs with no seat left (the buses that cannot take them), and the children on a bus
 * whom no single run takes (to place by hand).
 */
export async function listUnassignedStudents(db: Kysely<Database>, limit: number): Promise<UnassignedStudents> {
  const unassigned = db.selectFrom('students').where('students.driverId', 'is', null).where('students.deletedAt', 'is', null);
  const [rows, count, full, toPlace] = await Promise.all([
    unassigned
      .innerJoin('schools', 'schools.id', 'students.schoolId')
      .select(['students.id', 'students.automatedId', ...STUDENT_FULL_NAME, 'students.createdAt', 'schools.id as schoolId', 'schools.name as schoolName'])
      .orderBy('students.createdAt', 'desc')
      .orderBy('students.id', 'desc')
      .limit(limit)
      .execute(),
    unassigned.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    fullRuns(db),
    listStudentsToPlace(db, limit),
  ]);
  return {
    students: rows.map((row) => ({
      id: row.id,
      automatedId: row.automatedId,
      firstName: row.firstName,
      fathersName: row.fathersName,
      lastName: row.lastName,
      school: { id: row.schoolId, name: row.schoolName },
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(count.n),
    fullRuns: full,
    ...toPlace,
  };
}
