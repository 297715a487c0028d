import type { DriverRun, RunSeats } from '@school-transport/contracts';

/** A driver's runs as the drivers list answers them. */
export function runsOf(driver: { vehicle: { seats: number | null }; riders: Record<DriverRun, number> }): Record<DriverRun, RunSeats> {
  return {
    morning: { seats: driver.vehicle.seats, riders: driver.riders.morning },
    afternoon: { seats: driver.vehicle.seats, riders: driver.riders.afternoon },
  };
}
