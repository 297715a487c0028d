import type { Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database, Db, Student } from '@school-transport/db';
import { STUDENT_MESSAGES, type AdminStudent, type Language } from '@school-transport/contracts';
import { isUuid } from '../../ids.js';
import { notFound } from '../guards.js';

/**
 * Students with the names of their school, area, driver and parent: what every admin answer is read
 * from. `page` is a query of whole student rows (the list's one page, already limited): the names
 * are then joined to those rows only, so the planner settles the page on `students` alone instead of
 * weighing six tables at once (about 5 ms of planning per page on PostgreSQL, and sometimes a hash
 * join over every parent for 50 rows).
 */
export function studentsWithNames(db: Db, page?: SelectQueryBuilder<Database, 'students', Selectable<Database['students']>>) {
  // The page keeps the students table's name and columns (SELECT students.* ... AS students), so
  // everything below, the callers' ORDER BY included, reads it as the table.
  const from = page ? (page.as('students') as unknown as 'students') : 'students';
  return db
    .selectFrom(from)
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .leftJoin('areas', 'areas.id', 'students.areaId')
    .leftJoin('drivers', 'drivers.id', 'students.driverId')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users as parentUsers', 'parentUsers.id', 'parents.userId')
    .selectAll('students')
    .select([
      'schools.name as schoolName',
      'areas.name as areaName',
      'drivers.name as driverName',
      'drivers.phone as driverPhone',
      'parentUsers.name as parentName',
      'parentUsers.email as parentEmail',
      'parentUsers.phone as parentPhone',
      'parentUsers.language as parentLanguage',
      'parents.whatsappNumber as parentWhatsapp',
    ]);
}

export type StudentWithNames = Student & {
  schoolName: string;
  areaName: string | null;
  driverName: string | null;
  driverPhone: string | null;
  parentName: string;
  parentEmail: string | null;
  parentPhone: string | null;
  parentLanguage: Language;
  parentWhatsapp: string | null;
};

/** The parent's phone for messages: the account's, else the WhatsApp number, else the student's primary contact. */
export function parentPhoneOf(row: Pick<StudentWithNames, 'parentPhone' | 'parentWhatsapp' | 'contactNumber1'>): string {
  return row.parentPhone ?? row.parentWhatsapp ?? row.contactNumber1;
}

export function studentName(row: Pick<Student, 'firstName' | 'lastName'>): string {
  return `${row.firstName} ${row.lastName}`;
}

export function toAdminStudent(row: StudentWithNames): AdminStudent {
  return {
    id: row.id,
    automatedId: row.automatedId,
    firstName: row.firstName,
    fathersName: row.fathersName,
    lastName: row.lastName,
    grade: row.grade,
    class: row.class,
    studentSchoolId: row.studentSchoolId,
    schoolId: row.schoolId,
    school: { id: row.schoolId, name: row.schoolName },
    areaId: row.areaId,
    area: row.areaName === null ? null : { id: row.areaId, name: row.areaName },
    roundabout: row.roundabout,
    serviceType: row.serviceType,
    contactNumber1: row.contactNumber1,
    contactNumber2: row.contactNumber2,
    address: row.address,
    address2: row.address2,
    flatHome: row.flatHome,
    houseBuilding: row.houseBuilding,
    road: row.road,
    block: row.block,
    locationLink: row.locationLink,
    priceBhd: row.priceBhd,
    paymentStatus: row.paymentStatus,
    driverId: row.driverId,
    driver: row.driverId !== null && row.driverName !== null ? { id: row.driverId, name: row.driverName } : null,
    morningRunId: row.morningRunId,
    afternoonRunId: row.afternoonRunId,
    afternoonDriverId: row.afternoonDriverId,
    parentId: row.parentId,
    parent: { id: row.parentId, name: row.parentName, email: row.parentEmail, phone: row.parentPhone ?? row.parentWhatsapp },
    termsVersionId: row.termsVersionId,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    termsLanguage: row.termsLanguage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** One student by id, deleted or not (the office may look at a deleted student to restore it). */
export async function findStudent(db: Db, id: string): Promise<AdminStudent> {
  if (!isUuid(id)) throw notFound(STUDENT_MESSAGES.studentNotFound);
  const row = await studentsWithNames(db).where('students.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(STUDENT_MESSAGES.studentNotFound);
  return toAdminStudent(row);
}

/** The student's row, locked for the change about to be made; a deleted student cannot be changed. */
export async function lockLiveStudent(trx: Transaction<Database>, id: string): Promise<Student> {
  if (!isUuid(id)) throw notFound(STUDENT_MESSAGES.studentNotFound);
  const row = await trx.selectFrom('students').selectAll().where('id', '=', id).where('deletedAt', 'is', null).forUpdate().executeTakeFirst();
  if (!row) throw notFound(STUDENT_MESSAGES.studentNotFound);
  return row;
}
