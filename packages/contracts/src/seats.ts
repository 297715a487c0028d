import { z } from 'zod';
import { STUDENT_MESSAGES } from './messages.js';
import type { MessageCode } from './message-codes.js';
import { DRIVER_RUNS, type DriverRun } from './driver.js';
import { requiredText } from './fields.js';

/**
 * A bus's seats against the children who ride each run. A driver without a seat count has no
 * limit (`seats: null`). Assigning a student that would put a run over its seats is refused unless
 * an admin allows it, with a reason the audit log keeps.
 */

/** Riders of one driver's run against the vehicle's seats. */
export interface RunSeats {
  seats: number | null;
  riders: number;
}

/** Each run of a driver: riders against the seats. */
export type DriverSeats = Record<DriverRun, RunSeats>;

/** A run with more riders than seats would take (or takes). */
export const fullRun = z.object({
  driverId: z.string(),
  driverName: z.string(),
  /** The run's direction. */
  run: z.enum(DRIVER_RUNS),
  /** The planned run (seats count per run: a bus's two afternoon runs each have the bus's seats). */
  runId: z.string(),
  runName: z.string(),
  seats: z.number(),
  riders: z.number(),
});
export type FullRun = z.output<typeof fullRun>;

/** 'Allow over capacity', ticked: the reason is required and audited. Absent, a full bus refuses. */
export const overCapacityChoice = z.object({ reason: requiredText(STUDENT_MESSAGES.overCapacityReasonRequired, 300) });
export type OverCapacityChoice = z.output<typeof overCapacityChoice>;

/** The field every assigning request may carry. */
export const overCapacityField = { allowOverCapacity: overCapacityChoice.optional() };

export const BUS_FULL_CODES: Record<DriverRun, MessageCode> = { morning: 'students.busFullMorning', afternoon: 'students.busFullAfternoon' };

/** The English of the 409 (the web translates its code with the same figures). */
export function busFullMessage(run: DriverRun, seats: number, riders: number): string {
  const template = run === 'morning' ? STUDENT_MESSAGES.busFullMorning : STUDENT_MESSAGES.busFullAfternoon;
  return template.replace('{{riders}}', String(riders)).replace('{{seats}}', String(seats));
}

/** Whether a run has no seat left (or is over): '24 / 24'. */
export function isFull(run: RunSeats): boolean {
  return run.seats !== null && run.riders >= run.seats;
}
