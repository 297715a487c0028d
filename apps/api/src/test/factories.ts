import type { Kysely } from 'kysely';
import type { Database, NewStudent } from '@school-transport/db';
import { hashPassword } from '../domain/passwords.js';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Accounts for tests, written straight to the database with real argon2id hashes. */
export async function createAdmin(db: Kysely<Database>, password = 'test-admin-pass') {
  const email = `admin-${unique()}@example.com`;
  const user = await db
    .insertInto('users')
    .values({ email, passwordHash: await hashPassword(password), role: 'admin', name: 'Test Admin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, email, password };
}

/** An office staff member: signs in like an admin, holds the rights PERMISSIONS gives staff. */
export async function createStaff(db: Kysely<Database>, password = 'test-staff-pass', name = 'Test Staff') {
  const email = `staff-${unique()}@example.com`;
  const user = await db
    .insertInto('users')
    .values({ email, passwordHash: await hashPassword(password), role: 'staff', name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, email, password, name };
}

export async function createParent(db: Kysely<Database>, password = 'parent-pass') {
  const email = `parent-${unique()}@example.com`;
  const user = await db
    .insertInto('users')
    .values({ email, passwordHash: await hashPassword(password), role: 'parent', name: 'Test Parent', phone: '36000000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parent = await db.insertInto('parents').values({ userId: user.id, whatsappNumber: '36000000' }).returning('id').executeTakeFirstOrThrow();
  return { id: user.id, parentId: parent.id, email, password };
}

export async function createDriver(db: Kysely<Database>, password = 'driver-pass', name = 'Test Driver') {
  const phone = String(30000000 + Math.floor(Math.random() * 9999999)).slice(0, 8);
  const user = await db
    .insertInto('users')
    .values({ phone, passwordHash: await hashPassword(password), role: 'driver', name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const driver = await db
    .insertInto('drivers')
    .values({ userId: user.id, name, phone, licenseNo: `L-${unique()}`, areaIds: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, driverId: driver.id, phone, password };
}

/** The attendant of a driver's bus: signs in by phone on the driver sign-in page. */
export async function createAttendant(db: Kysely<Database>, driverId: string, password = 'attendant-pass', name = 'Aisha') {
  const phone = String(30000000 + Math.floor(Math.random() * 9999999)).slice(0, 8);
  const user = await db
    .insertInto('users')
    .values({ phone, passwordHash: await hashPassword(password), role: 'attendant', name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const attendant = await db.insertInto('attendants').values({ userId: user.id, driverId }).returning('id').executeTakeFirstOrThrow();
  return { id: user.id, attendantId: attendant.id, driverId, phone, password, name };
}

/** Schools and areas written straight to the database, without the audit rows the office's forms add. */
export async function createSchool(db: Kysely<Database>, name = 'Zahra School') {
  return db
    .insertInto('schools')
    .values({ schoolCode: `SC-${unique()}`, name })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function createArea(db: Kysely<Database>, price = '25.00') {
  return db
    .insertInto('areas')
    .values({ name: `Sanad ${unique()}`, price })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** A student's columns: the school, area and parent must be named; any other column may be. */
export type StudentColumns = Pick<NewStudent, 'schoolId' | 'areaId' | 'parentId'> & Partial<NewStudent>;

/**
 * A student written straight to the database, past the office's rules (the seat rule among them),
 * living at a plain address unless `values` says otherwise.
 */
export async function createStudent(db: Kysely<Database>, values: StudentColumns) {
  return db
    .insertInto('students')
    .values({
      firstName: 'Test',
      fathersName: 'Khalid',
      lastName: 'Test',
      grade: '5',
      studentSchoolId: `S-${unique()}`,
      contactNumber1: '36001122',
      serviceType: 'BOTH',
      priceBhd: '25.00',
      address: 'Block 1, Road 2, House 3',
      houseBuilding: '3',
      road: '2',
      block: '1',
      ...values,
    })
    .returning(['id', 'automatedId'])
    .executeTakeFirstOrThrow();
}

/** The run a new driver starts with in a direction ('Morning' or 'Afternoon'), for rows written straight to the database. */
export async function firstPlannedRunId(db: Kysely<Database>, driverId: string, direction: 'morning' | 'afternoon'): Promise<string> {
  const row = await db
    .selectFrom('plannedRuns')
    .select('id')
    .where('driverId', '=', driverId)
    .where('direction', '=', direction)
    .orderBy('plannedStart')
    .executeTakeFirstOrThrow();
  return row.id;
}
