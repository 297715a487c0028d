import { z } from 'zod';
import { SERVICE_TYPES, type ServiceType } from './options.js';

/**
 * The driver portal: the signed-in driver's own students and info card. The admin reads
 * any driver's list through the same shapes.
 */

/** GET /api/driver/students/{driverId}: which driver's list; only the signed-in driver's own id is allowed. */
export const driverStudentsInput = z
  .object({ driverId: z.string().trim().max(64).optional() })
  .optional()
  .transform((value) => value ?? {});

/** The two runs of a school day: who rides in the morning (to school) and in the afternoon (home). */
export const DRIVER_RUNS = ['morning', 'afternoon'] as const;
export type DriverRun = (typeof DRIVER_RUNS)[number];

/** A student on a driver's list: who to pick up, where, and whom to call. */
export const driverStudent = z.object({
  id: z.string(),
  automatedId: z.string(),
  firstName: z.string(),
  fathersName: z.string(),
  lastName: z.string(),
  grade: z.string(),
  class: z.string().nullable(),
  schoolName: z.string(),
  areaName: z.string(),
  address: z.string(),
  block: z.string(),
  road: z.string(),
  houseBuilding: z.string(),
  flatHome: z.string().nullable(),
  contactNumber1: z.string(),
  contactNumber2: z.string().nullable(),
  serviceType: z.enum(SERVICE_TYPES),
  roundabout: z.number().nullable(),
  /** The ways the child rides this bus: the morning on their own bus, the afternoon on the bus home (which may be another). */
  directions: z.array(z.enum(DRIVER_RUNS)),
});
export type DriverStudent = z.output<typeof driverStudent>;

/** The driver's info card. */
export const driverProfile = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  licenseNo: z.string(),
  vehicle: z.object({ plate: z.string().nullable(), seats: z.number().nullable() }),
  areas: z.array(z.object({ id: z.string(), name: z.string() })),
  studentCount: z.number(),
});
export type DriverProfile = z.output<typeof driverProfile>;

export const RUN_SERVICE_TYPES: Record<DriverRun, readonly ServiceType[]> = {
  morning: ['HOME_TO_SCHOOL', 'BOTH'],
  afternoon: ['SCHOOL_TO_HOME', 'BOTH'],
};

export function ridesOnRun(serviceType: ServiceType, run: DriverRun): boolean {
  return RUN_SERVICE_TYPES[run].includes(serviceType);
}
