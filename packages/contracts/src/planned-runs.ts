import { z } from 'zod';
import { MESSAGES, PLANNED_RUN_MESSAGES, SCHOOL_DAY_MESSAGES } from './messages.js';
import { DRIVER_RUNS, type DriverRun } from './driver.js';
import { WEEKDAYS, type Weekday } from './school-day.js';
import { overCapacityField } from './seats.js';

/**
 * The runs the office plans for each bus (a driver and their vehicle). A run has a direction
 * (morning: home to school; afternoon: school to home), a name ('Afternoon – KG'), the schools it
 * serves (none named: every school the bus's children go to), a planned start and end (Bahrain
 * 'HH:MM') and the weekdays it operates (null: the school week as set in the school-day settings).
 */

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const id = z.string().trim().min(1).max(64);

const clockTime = z
  .string({ error: SCHOOL_DAY_MESSAGES.timeInvalid })
  .trim()
  .refine((value) => HH_MM.test(value), SCHOOL_DAY_MESSAGES.timeInvalid);

const runFields = {
  direction: z.enum(DRIVER_RUNS, { error: PLANNED_RUN_MESSAGES.directionInvalid }),
  name: z.string({ error: PLANNED_RUN_MESSAGES.nameRequired }).trim().min(1, PLANNED_RUN_MESSAGES.nameRequired).max(80, MESSAGES.tooLong),
  schoolIds: z
    .array(
      z.string({ error: PLANNED_RUN_MESSAGES.schoolsInvalid }).trim().min(1, PLANNED_RUN_MESSAGES.schoolsInvalid).max(64, PLANNED_RUN_MESSAGES.schoolsInvalid),
      { error: PLANNED_RUN_MESSAGES.schoolsInvalid },
    )
    .max(100, MESSAGES.tooLong)
    .nullish()
    .transform((value) => [...new Set(value ?? [])]),
  /** Absent or null: the week's school days; else the days in week order, once each. */
  weekdays: z
    .array(z.enum(WEEKDAYS, { error: PLANNED_RUN_MESSAGES.weekdaysInvalid }), { error: PLANNED_RUN_MESSAGES.weekdaysInvalid })
    .nullish()
    .transform((value) => (value && value.length > 0 ? WEEKDAYS.filter((day) => value.includes(day)) : null)),
};

const endAfterStart = (value: { plannedStart?: string | undefined; plannedEnd?: string | undefined }) =>
  !value.plannedStart || !value.plannedEnd || value.plannedStart < value.plannedEnd;
const endAfterStartIssue = { message: SCHOOL_DAY_MESSAGES.runEndBeforeStart, path: ['plannedEnd'] };

/**
 * POST /api/admin/drivers/{driverId}/runs. Times left out default from the schools' (start − 60
 * min … start for a morning; dismissal … dismissal + 60 min for an afternoon), else the settings'.
 */
export const newPlannedRunInput = z
  .object({ driverId: id, ...runFields, plannedStart: clockTime.optional(), plannedEnd: clockTime.optional(), ...overCapacityField })
  .refine(endAfterStart, endAfterStartIssue);
export type NewPlannedRunInput = z.output<typeof newPlannedRunInput>;

/**
 * PUT /api/admin/runs/{runId}: the same fields; times left out stay as they are. A run that comes
 * to serve more schools or days can take riders from the bus's other runs: the seat rule applies
 * (allowOverCapacity, as on every assigning path).
 */
export const plannedRunUpdateInput = z
  .object({ runId: id, ...runFields, plannedStart: clockTime.optional(), plannedEnd: clockTime.optional(), ...overCapacityField })
  .refine(endAfterStart, endAfterStartIssue);
export type PlannedRunUpdateInput = z.output<typeof plannedRunUpdateInput>;

export const driverRunsQuery = z.object({ driverId: id });
export const plannedRunRef = z.object({ runId: id });

export const plannedRun = z.object({
  id: z.string(),
  direction: z.enum(DRIVER_RUNS),
  name: z.string(),
  schoolIds: z.array(z.string()),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  weekdays: z.array(z.enum(WEEKDAYS)).nullable(),
});
export type PlannedRun = z.output<typeof plannedRun>;
/** A run planned, edited or removed. */
export const plannedRunAnswer = z.object({ run: plannedRun });

/** A run as the office's list shows it: with the children who ride it (absences aside) against the bus's seats. */
export const plannedRunWithRiders = plannedRun.extend({
  riders: z.number(),
  /** The bus's seats; null when the office has not said. */
  seats: z.number().nullable(),
});
export type PlannedRunWithRiders = z.output<typeof plannedRunWithRiders>;

/** GET /api/admin/drivers/{driverId}/runs; `overlaps` names pairs of runs whose planned windows overlap on a weekday (a warning, not a refusal). */
export const driverRunsList = z.object({
  runs: z.array(plannedRunWithRiders),
  overlaps: z.array(z.object({ runIds: z.tuple([z.string(), z.string()]), weekdays: z.array(z.enum(WEEKDAYS)) })),
});
export type DriverRunsList = z.output<typeof driverRunsList>;

/** The names a bus's first two runs get (a new driver's, and each driver's when the database moved onto planned runs): screens say them in their own language. */
export const FIRST_RUN_NAMES: Readonly<Record<DriverRun, string>> = { morning: 'Morning', afternoon: 'Afternoon' };

/** Run "Morning – Al Noor" is still in progress: Start refused while another run of the bus is under way. */
export function stillInProgressMessage(name: string): string {
  return PLANNED_RUN_MESSAGES.stillInProgress.replace('{{name}}', name);
}

/** Whether two runs' planned windows (HH:MM) overlap. */
export function windowsOverlap(a: { plannedStart: string; plannedEnd: string }, b: { plannedStart: string; plannedEnd: string }): boolean {
  return a.plannedStart < b.plannedEnd && b.plannedStart < a.plannedEnd;
}

/** The weekdays a run operates: its own, else the school week. */
export function runWeekdays(run: { weekdays: readonly Weekday[] | null }, schoolDays: readonly Weekday[]): Weekday[] {
  return [...(run.weekdays ?? schoolDays)];
}

/** The minutes of an 'HH:MM' moved by `delta`, kept inside the day. */
export function shiftClock(time: string, delta: number): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const total = Math.min(23 * 60 + 59, Math.max(0, hours * 60 + minutes + delta));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** What placement needs of a run. */
export interface RunToPlace {
  id: string;
  driverId: string;
  direction: DriverRun;
  schoolIds: readonly string[];
  plannedStart: string;
  weekdays: readonly Weekday[] | null;
}

/** What placement needs of a child. */
export interface ChildToPlace {
  schoolId: string;
  driverId: string | null;
  afternoonDriverId: string | null;
  morningRunId: string | null;
  afternoonRunId: string | null;
}

/** The bus a child rides in a direction: the afternoon's own when the office named one, else the morning's. */
export function busOfChild(child: Pick<ChildToPlace, 'driverId' | 'afternoonDriverId'>, direction: DriverRun): string | null {
  return direction === 'afternoon' ? (child.afternoonDriverId ?? child.driverId) : child.driverId;
}

/**
 * The run a child rides in a direction on a weekday: the run the office placed them on by hand,
 * when it operates that day; else the one run of their bus in that direction serving their school
 * that day (a run naming no school serves every school). Two runs serving it (kindergarten and the
 * rest of one school) or none: null, the child waits with the unassigned until placed by hand.
 * The caller checks the service type.
 */
export function runOfChild<Run extends RunToPlace>(
  runs: readonly Run[],
  child: ChildToPlace,
  direction: DriverRun,
  weekday: Weekday,
  schoolDays: readonly Weekday[],
): Run | null {
  const bus = busOfChild(child, direction);
  if (!bus) return null;
  const today = runs.filter((run) => run.driverId === bus && run.direction === direction && runWeekdays(run, schoolDays).includes(weekday));
  const byHand = direction === 'morning' ? child.morningRunId : child.afternoonRunId;
  const placed = byHand ? today.find((run) => run.id === byHand) : undefined;
  if (placed) return placed;
  const serving = today.filter((run) => run.schoolIds.length === 0 || run.schoolIds.includes(child.schoolId));
  return serving.length === 1 ? serving[0]! : null;
}

/** The runs a child rides in a direction over the week (each weekday's), once each. */
export function runsOfChildInWeek<Run extends RunToPlace>(
  runs: readonly Run[],
  child: ChildToPlace,
  direction: DriverRun,
  schoolDays: readonly Weekday[],
): Run[] {
  const found = WEEKDAYS.map((weekday) => runOfChild(runs, child, direction, weekday, schoolDays)).filter((run): run is Run => run !== null);
  return [...new Map(found.map((run) => [run.id, run])).values()];
}
