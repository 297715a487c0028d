import { z } from 'zod';
import { SCHOOL_DAY_MESSAGES } from './messages.js';
import { isoDate, runRef } from './school-day.js';
import { DRIVER_RUNS, namedRef } from './driver.js';
import { latLng } from './routes.js';
import { POSITION_SOURCES } from './trackers.js';

/**
 * The live bus: positions from the driver's phone during a run, what a family sees of them (the
 * bus on its way to their own stop, with an ETA range), the 'bus is near' message and the office's
 * live map. Every instant is an ISO 8601 string, every distance in metres.
 */

/** Fixes a phone sends in one call (a phone that was offline for a whole run sends its trail in several). */
export const MAX_FIXES_PER_CALL = 100;
/** A fix less precise than this (metres, the phone's own estimate) is dropped, on the phone and on the server. */
export const MAX_FIX_ACCURACY_M = 100;
/**
 * A fix further from the run's previous accepted fix than a bus could go at this speed is
 * dropped as implausible (a GPS jump, a phone reporting someone else's position).
 */
export const MAX_BUS_SPEED_KMH = 200;
/** The phone sends at most this often while moving... */
export const FIX_MIN_INTERVAL_MS = 10_000;
/** ...and at least every this many metres moved... */
export const FIX_MIN_DISTANCE_M = 30;
/** ...and, standing still, a heartbeat this often. */
export const FIX_HEARTBEAT_MS = 20_000;
/** The family's map says the position is old, and greys the bus, when the last fix is older than this. */
export const BUS_STALE_AFTER_S = 60;
/** The ETA is withheld when the last fix is older than this: a guess from an old position misleads. */
export const ETA_WITHHELD_AFTER_S = 300;
/** The 'bus is near' message: how many minutes before the stop a family may choose. */
export const BUS_NEAR_MINUTES = [5, 10] as const;
export type BusNearMinutes = (typeof BUS_NEAR_MINUTES)[number];
/** Trails are kept this many days unless POSITION_RETENTION_DAYS says otherwise; the office's trails look back as far. */
export const POSITION_RETENTION_DEFAULT_DAYS = 30;

const coordinate = (min: number, max: number) =>
  z.number({ error: SCHOOL_DAY_MESSAGES.positionInvalid }).min(min, SCHOOL_DAY_MESSAGES.positionInvalid).max(max, SCHOOL_DAY_MESSAGES.positionInvalid);

export const fixInput = z.object({
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
  accuracy: z
    .number({ error: SCHOOL_DAY_MESSAGES.positionInvalid })
    .min(0, SCHOOL_DAY_MESSAGES.positionInvalid)
    .max(100_000, SCHOOL_DAY_MESSAGES.positionInvalid),
  /** Metres per second, as the phone reports it (null when it does not know). */
  speed: z
    .number()
    .min(0)
    .max(100)
    .nullish()
    .transform((value) => value ?? null),
  /** Degrees from north. */
  heading: z
    .number()
    .min(0)
    .max(360)
    .nullish()
    .transform((value) => value ?? null),
  at: z.iso.datetime({ offset: true, error: SCHOOL_DAY_MESSAGES.positionTimeInvalid }),
});
export type FixInput = z.input<typeof fixInput>;
/** A fix as it is kept and sent: speed and heading null when the phone does not know them. */
export type PositionFix = z.output<typeof fixInput>;

/** POST /api/driver/positions. */
export const positionsInput = z.object({
  run: runRef,
  /** The run's Bahrain date; today when absent (a trail queued before midnight names its day). */
  date: isoDate.optional(),
  fixes: z
    .array(fixInput, { error: SCHOOL_DAY_MESSAGES.fixesRequired })
    .min(1, SCHOOL_DAY_MESSAGES.fixesRequired)
    .max(MAX_FIXES_PER_CALL, SCHOOL_DAY_MESSAGES.tooManyFixes),
});
export type PositionsInput = z.input<typeof positionsInput>;

/**
 * 202 of POST /api/driver/positions: how many fixes were kept, and why the others were not.
 * implausible: outside the service area, or further from the previous accepted fix than MAX_BUS_SPEED_KMH allows.
 */
export const positionsAccepted = z.object({
  accepted: z.number(),
  dropped: z.object({ inaccurate: z.number(), future: z.number(), outsideRun: z.number(), implausible: z.number() }),
});
export type PositionsAccepted = z.output<typeof positionsAccepted>;

export const busPosition = z.object({
  lat: z.number(),
  lng: z.number(),
  at: z.string(),
});
export type BusPosition = z.output<typeof busPosition>;

/** An ETA as a range of whole minutes, never a false precision ('6–9 min'). */
export const etaRange = z.object({
  minMinutes: z.number(),
  maxMinutes: z.number(),
});
export type EtaRange = z.output<typeof etaRange>;

/** GET /api/parent/students/{id}/bus: the bus on its way to this student's stop, or not. */
export const studentBus = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('on_the_way'),
    position: busPosition,
    /** Stops the bus still makes before this student's. */
    stopsBefore: z.number(),
    /** Null when the last fix is too old to estimate from, or the stop's place is not known. */
    eta: etaRange.nullable(),
    /** The last fix is older than a minute. */
    stale: z.boolean(),
    /** The student's own stop, when its place is known (never another child's). */
    stop: latLng.nullable(),
    /** Picked up in the morning: the bus is taking the child to school (no ETA to their stop then). */
    toSchool: z.boolean(),
  }),
  z.object({ status: z.literal('not_on_the_way') }),
]);
export type StudentBus = z.output<typeof studentBus>;

/** The family's live bus stream: the student, and the id of the last event a reconnecting page had. */
export const busUpdatesInput = z.object({
  id: z.string().trim().min(1).max(64),
  lastEventId: z.string().max(64).nullish(),
});

/** The family's 'bus is near' choice for one student: minutes before the stop, or off. */
export const busNearInput = z.object({
  id: z.string().trim().min(1).max(64),
  minutes: z
    .union([z.literal(5), z.literal(10), z.null()], { error: SCHOOL_DAY_MESSAGES.busNearInvalid })
    .optional()
    .transform((value) => value ?? null),
});
export const busNearSetting = z.object({
  minutes: z.literal(BUS_NEAR_MINUTES).nullable(),
});
export type BusNearSetting = z.output<typeof busNearSetting>;

/** One bus on the office's live map. */
export const liveBus = z.object({
  driver: namedRef,
  /** The run's direction; runId and runName name the planned run (a bus may drive two afternoon runs). */
  run: z.enum(DRIVER_RUNS),
  runId: z.string(),
  runName: z.string(),
  date: z.string(),
  position: busPosition.nullable(),
  /** Seconds since the last fix, at the moment of the answer. */
  fixAgeSeconds: z.number().nullable(),
  /** What the last fix came from: the bus's tracker, a tracking app, or the driver's browser; null: no fix yet. */
  source: z.enum(POSITION_SOURCES).nullable(),
  /** The sender's battery in percent, where it is known (trackers and tracking apps report it; a browser does not). */
  battery: z.number().nullable(),
  onBoard: z.number(),
});
export type LiveBus = z.output<typeof liveBus>;

/** GET /api/admin/live-buses. */
export const liveBuses = z.object({
  buses: z.array(liveBus),
});
export type LiveBuses = z.output<typeof liveBuses>;

/** GET /api/admin/drivers/{driverId}/runs/{run}/trail?date=: a run's trail and its stops. */
export const runTrailInput = z.object({
  driverId: z.string().trim().min(1).max(64),
  run: runRef,
  date: isoDate,
});
export const runTrail = z.object({
  date: z.string(),
  /** The run's direction; runId and runName name the planned run. */
  run: z.enum(DRIVER_RUNS),
  runId: z.string(),
  runName: z.string(),
  points: z.array(busPosition),
  stops: z.array(z.object({ position: z.number(), lat: z.number(), lng: z.number() })),
});
export type RunTrail = z.output<typeof runTrail>;
export const runTrailAnswer = z.object({ trail: runTrail });
