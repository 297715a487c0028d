import type { Kysely } from 'kysely';
import { compileOnce, type Database } from '@school-transport/db';
import { ADMIN_MESSAGES, busOfChild, DRIVER_RUNS, ridesOnRun, type DriverProfile, type DriverStudent } from '@school-transport/contracts';
import { isUuid } from '../ids.js';
import { notFound } from '../admin/guards.js';
import { STUDENT_ADDRESS, STUDENT_FULL_NAME } from '../student-columns.js';

/**
 * A driver's list and info card. No HTTP here: who may read which driver is the procedures' job.
 * Soft-deleted students never appear and never count.
 */

/**
 * The driver's students, grouped for the bus: by school, then area, then name. Every child who
 * rides the bus either way is listed, with the ways they ride it: a child the office sends home on
 * another bus is on this bus's morning and the other bus's afternoon.
 */
export async function listDriverStudents(db: Kysely<Database>, driverId: string): Promise<DriverStudent[]> {
  if (!isUuid(driverId)) return [];
  const rows = (await db.executeQuery(driverStudents(db, driverId))).rows;
  return rows
    .map(({ driverId: morningBus, afternoonDriverId, ...student }) => ({
      ...student,
      directions: DRIVER_RUNS.filter(
        (run) => ridesOnRun(student.serviceType, run) && busOfChild({ driverId: morningBus, afternoonDriverId }, run) === driverId,
      ),
    }))
    .filter((student) => student.directions.length > 0);
}

/** The query behind listDriverStudents (the benchmark's floor runs the same SQL). */
export function driverStudentsQuery(db: Kysely<Database>, driverId: string) {
  return db
    .selectFrom('students')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .innerJoin('areas', 'areas.id', 'students.areaId')
    .select([
      'students.id',
      'students.automatedId',
      ...STUDENT_FULL_NAME,
      'students.grade',
      'students.class',
      'schools.name as schoolName',
      'areas.name as areaName',
      ...STUDENT_ADDRESS,
      'students.flatHome',
      'students.contactNumber1',
      'students.contactNumber2',
      'students.serviceType',
      'students.roundabout',
      'students.driverId',
      'students.afternoonDriverId',
    ])
    .where((eb) => eb.or([eb('students.driverId', '=', driverId), eb('students.afternoonDriverId', '=', driverId)]))
    .where('students.deletedAt', 'is', null)
    .orderBy('schools.name')
    .orderBy('areas.name')
    .orderBy('students.firstName')
    .orderBy('students.lastName')
    .orderBy('students.automatedId');
}

/** Asked every time a driver opens the list: compiled once. */
const driverStudents = compileOnce(driverStudentsQuery);

/** The info card: who the driver is, the vehicle, the areas served and how many students ride. */
export async function readDriverProfile(db: Kysely<Database>, driverId: string): Promise<DriverProfile> {
  if (!isUuid(driverId)) throw notFound(ADMIN_MESSAGES.driverNotFound);
  const row = await db
    .selectFrom('drivers')
    .select(['drivers.id', 'drivers.name', 'drivers.phone', 'drivers.licenseNo', 'drivers.vehiclePlate', 'drivers.vehicleSeats', 'drivers.areaIds'])
    .select((eb) =>
      eb
        .selectFrom('students')
        .whereRef('students.driverId', '=', 'drivers.id')
        .where('students.deletedAt', 'is', null)
        .select(eb.fn.countAll<string>().as('n'))
        .as('studentCount'),
    )
    .where('drivers.id', '=', driverId)
    .executeTakeFirst();
  if (!row) throw notFound(ADMIN_MESSAGES.driverNotFound);
  const areaIds = row.areaIds;
  const areas = areaIds.length === 0 ? [] : await db.selectFrom('areas').select(['id', 'name']).where('id', 'in', areaIds).orderBy('name').execute();
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    licenseNo: row.licenseNo,
    vehicle: { plate: row.vehiclePlate, seats: row.vehicleSeats },
    areas,
    studentCount: Number(row.studentCount ?? 0),
  };
}
