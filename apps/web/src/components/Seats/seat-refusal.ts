import { DRIVER_RUNS, type DriverRun } from '@school-transport/contracts';

export interface SeatRefusal {
  run: DriverRun;
  seats: number;
  riders: number;
}

/** A full bus's 409 names the run, its seats and its riders beside the message: those, when the answer has them. */
export function seatRefusalOf(error: unknown): SeatRefusal | null {
  const data = (error as { data?: { run?: unknown; seats?: unknown; riders?: unknown } } | null)?.data;
  if (!data || !DRIVER_RUNS.includes(data.run as DriverRun) || typeof data.seats !== 'number' || typeof data.riders !== 'number') return null;
  return { run: data.run as DriverRun, seats: data.seats, riders: data.riders };
}
