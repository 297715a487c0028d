import { z } from 'zod';
import type { ServiceType } from './options.js';

/**
 * The driver portal: the signed-in driver's own students and info card. The admin reads
 * any driver's list through the same shapes.
 */

/** GET /api/driver/students/{driverId}: which driver's list; only the signed-in driver's own id is allowed. */
export const driverStudentsInput = z
  .object({ driverId: z.string().trim().max(64).optional() })
  .optional()
  .transform((value) => value ?? {});

/** A student on a driver's list: who to pick up, where, and whom to call. */
export interface DriverStudent {
  id: string;
  automatedId: string;
  firstName: string;
  fathersName: string;
  lastName: string;
  grade: string;
  class: string | null;
  schoolName: string;
  areaName: string;
  address: string;
  block: string;
  road: string;
  houseBuilding: string;
  flatHome: string | null;
  contactNumber1: string;
  contactNumber2: string | null;
  serviceType: ServiceType;
  roundabout: number | null;
  /** The ways the child rides this bus: the morning on their own bus, the afternoon on the bus home (which may be another). */
  directions: DriverRun[];
}

/** The driver's info card. */
export interface DriverProfile {
  id: string;
  name: string;
  phone: string;
  licenseNo: string;
  vehicle: { plate: string | null; seats: number | null };
  areas: { id: string; name: string }[];
  studentCount: number;
}

/** The two runs of a school day: who rides in the morning (to school) and in the afternoon (home). */
export const DRIVER_RUNS = ['morning', 'afternoon'] as const;
export type DriverRun = (typeof DRIVER_RUNS)[number];

export const RUN_SERVICE_TYPES: Record<DriverRun, readonly ServiceType[]> = {
  morning: ['HOME_TO_SCHOOL', 'BOTH'],
  afternoon: ['SCHOOL_TO_HOME', 'BOTH'],
};

export function ridesOnRun(serviceType: ServiceType, run: DriverRun): boolean {
  return RUN_SERVICE_TYPES[run].includes(serviceType);
}
