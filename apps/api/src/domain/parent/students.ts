import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { ServiceType } from '@school-transport/contracts';

/** A student as the parent portal shows it (spec section 3, "Parent students"). */
export interface ParentStudentView {
  id: string;
  automatedId: string;
  firstName: string;
  lastName: string;
  fathersName: string;
  grade: string;
  class: string | null;
  studentSchoolId: string;
  serviceType: ServiceType;
  priceBhd: string;
  schoolName: string;
  area: { name: string };
  driver: { name: string; phone: string } | null;
  address: string;
  block: string;
  road: string;
  houseBuilding: string;
}

/** The signed-in parent's own students, oldest registration first; nobody else's. */
export async function listParentStudents(db: Kysely<Database>, userId: string): Promise<ParentStudentView[]> {
  const rows = await db
    .selectFrom('students')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .innerJoin('areas', 'areas.id', 'students.areaId')
    .leftJoin('drivers', 'drivers.id', 'students.driverId')
    .select([
      'students.id',
      'students.automatedId',
      'students.firstName',
      'students.lastName',
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
      'students.address',
      'students.block',
      'students.road',
      'students.houseBuilding',
    ])
    .where('parents.userId', '=', userId)
    .orderBy('students.createdAt')
    .orderBy('students.automatedId')
    .execute();
  return rows.map(({ areaName, driverName, driverPhone, ...student }) => ({
    ...student,
    area: { name: areaName },
    driver: driverName !== null && driverPhone !== null ? { name: driverName, phone: driverPhone } : null,
  }));
}
