import { z } from 'zod';
import { HANDOVER_MESSAGES, MESSAGES, SCHOOL_DAY_MESSAGES } from './messages.js';
import { looksEmpty, optionalPhoneNumber } from './fields.js';
import { DRIVER_RUNS, namedRef, type DriverRun } from './driver.js';
import { overCapacityField } from './seats.js';
import { markedBy } from './attendants.js';
import { receivedBy, riderHandover } from './handover.js';
import { isIsoDate, isoDate } from './dates.js';

/**
 * The school day: the calendar of school days and no-service dates, the parents' absences, the
 * drivers' runs with a mark per child (boarded, dropped...), and what the parent and the office see
 * of it. Every date is Bahrain's ('YYYY-MM-DD'), every instant an ISO 8601 string.
 */

/** Weekday names as the settings store them, Sunday first (Bahrain's school week is Sunday to Thursday). */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const DEFAULT_SCHOOL_DAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu'];

/** The runs an absence can cover: 'both' means whichever runs the student rides. */
export const ABSENCE_RUNS = ['morning', 'afternoon', 'both'] as const;
export type AbsenceRun = (typeof ABSENCE_RUNS)[number];
/** A range longer than this is refused: a longer break is a change of service for the office. */
export const ABSENCE_MAX_DAYS = 31;
/**
 * How far ahead an absence may reach: a year. Further ahead is a typing slip (2062 for 2026), and
 * an absence nobody will see until then hides the child from the driver's list on that day.
 */
export const ABSENCE_MAX_DAYS_AHEAD = 365;
/** The parent's list shows absences that end on or after this many days ago. */
export const ABSENCE_LIST_DAYS_BACK = 30;

export const RUN_STATUSES = ['not_started', 'in_progress', 'done'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What the driver (or the office for them) records about one child on one run. */
export const MARK_EVENTS = ['boarded', 'dropped', 'no_show', 'returned_to_school'] as const;
export type MarkEvent = (typeof MARK_EVENTS)[number];

/** A child's status on a run: expected until marked, absent when the family reported it. */
export const RIDER_STATUSES = ['expected', 'absent', 'boarded', 'dropped', 'no_show', 'returned_to_school'] as const;
export type RiderStatus = (typeof RIDER_STATUSES)[number];

/**
 * A mark made on the phone while offline carries the time it was made: accepted when it is within
 * the last 24 hours and no more than a few minutes ahead of the server's clock (phones drift).
 */
export const MARK_MAX_AGE_HOURS = 24;
export const MARK_CLOCK_SKEW_MINUTES = 5;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export { isIsoDate, isoDate };

const plannedTime = (fallback: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value : fallback))
    .refine((value) => HH_MM.test(value), SCHOOL_DAY_MESSAGES.timeInvalid);

/** A holiday or closure: no run on that date, and the driver's screen says why. */
export const noServiceDate = z.object({
  date: isoDate,
  name: z.string({ error: SCHOOL_DAY_MESSAGES.noServiceNameRequired }).trim().min(1, SCHOOL_DAY_MESSAGES.noServiceNameRequired).max(80, MESSAGES.tooLong),
});
export type NoServiceDate = z.output<typeof noServiceDate>;

const weekday = z.enum(WEEKDAYS);

/**
 * The school day's settings, kept in the `settings` table beside the company's (one row per key)
 * but read and saved apart from them: the office's alert phone is not for the public pages.
 */
export const schoolDaySettings = z
  .object({
    schoolDays: z
      .array(z.enum(WEEKDAYS, { error: SCHOOL_DAY_MESSAGES.schoolDaysInvalid }), { error: SCHOOL_DAY_MESSAGES.schoolDaysInvalid })
      .nullish()
      .transform((value) => (value ? WEEKDAYS.filter((day) => value.includes(day)) : [...DEFAULT_SCHOOL_DAYS])),
    noServiceDates: z
      .array(noServiceDate)
      .max(366, MESSAGES.tooLong)
      .nullish()
      .transform((value) => [...(value ?? [])].sort((a, b) => a.date.localeCompare(b.date)))
      .refine((dates) => new Set(dates.map((entry) => entry.date)).size === dates.length, SCHOOL_DAY_MESSAGES.noServiceDateTwice),
    morningStart: plannedTime('06:00'),
    morningEnd: plannedTime('08:00'),
    afternoonStart: plannedTime('13:00'),
    afternoonEnd: plannedTime('15:00'),
    /** Where the overdue-run alert goes; empty: no alert message (the Today tab still shows it in red). */
    officeAlertPhone: optionalPhoneNumber.transform((value) => value ?? ''),
    /** Hours after a run's planned end before an open run with a child on board is an alert. */
    overdueAfterHours: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((value) => (value === '' || value === null || value === undefined ? 1 : Number(value)))
      .pipe(
        z
          .number({ error: SCHOOL_DAY_MESSAGES.overdueHoursInvalid })
          .int(SCHOOL_DAY_MESSAGES.overdueHoursInvalid)
          .min(1, SCHOOL_DAY_MESSAGES.overdueHoursInvalid)
          .max(12, SCHOOL_DAY_MESSAGES.overdueHoursInvalid),
      ),
  })
  .refine((value) => value.morningStart < value.morningEnd, { message: SCHOOL_DAY_MESSAGES.runEndBeforeStart, path: ['morningEnd'] })
  .refine((value) => value.afternoonStart < value.afternoonEnd, { message: SCHOOL_DAY_MESSAGES.runEndBeforeStart, path: ['afternoonEnd'] });
export type SchoolDaySettings = z.output<typeof schoolDaySettings>;
export type SchoolDaySettingsInput = z.input<typeof schoolDaySettings>;
/** The school-day settings as they are kept and answered (GET and PUT /api/admin/settings/school-day). */
export const savedSchoolDaySettings = z.object({
  schoolDays: z.array(weekday),
  noServiceDates: z.array(z.object({ date: z.string(), name: z.string() })),
  morningStart: z.string(),
  morningEnd: z.string(),
  afternoonStart: z.string(),
  afternoonEnd: z.string(),
  officeAlertPhone: z.string(),
  overdueAfterHours: z.number(),
});
export const schoolDaySettingsAnswer = z.object({ settings: savedSchoolDaySettings });
export const SCHOOL_DAY_SETTINGS_KEYS = [
  'schoolDays',
  'noServiceDates',
  'morningStart',
  'morningEnd',
  'afternoonStart',
  'afternoonEnd',
  'officeAlertPhone',
  'overdueAfterHours',
] as const satisfies readonly (keyof SchoolDaySettings)[];

const id = z.string().trim().min(1).max(64);
const reason = z
  .string()
  .trim()
  .max(200, MESSAGES.tooLong)
  .nullish()
  .transform((value) => (value && !looksEmpty(value) ? value : null));

/** The run in a path (/api/driver/runs/{run}/...). */
export const driverRun = z.enum(DRIVER_RUNS, { error: SCHOOL_DAY_MESSAGES.runInvalid });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A run named in a path or body: the planned run's id (the same every day), or its direction
 * ('morning', 'afternoon'), which older phones send and which names a run only while the bus has
 * exactly one run that way that day.
 */
export const runRef = z
  .string({ error: SCHOOL_DAY_MESSAGES.runInvalid })
  .trim()
  .refine((value) => (DRIVER_RUNS as readonly string[]).includes(value) || UUID.test(value), SCHOOL_DAY_MESSAGES.runInvalid);

/** Whether a run reference names a direction rather than a planned run. */
export function isDirection(ref: string): ref is DriverRun {
  return (DRIVER_RUNS as readonly string[]).includes(ref);
}

/** POST /api/parent/absences (and the office's, for a family that phoned). */
export const absenceInput = z
  .object({
    studentId: id,
    from: isoDate,
    to: isoDate,
    run: z.enum(ABSENCE_RUNS, { error: SCHOOL_DAY_MESSAGES.absenceRunInvalid }),
    reason,
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: SCHOOL_DAY_MESSAGES.absenceToBeforeFrom });
    else if (daysBetween(value.from, value.to) + 1 > ABSENCE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: SCHOOL_DAY_MESSAGES.absenceTooLong });
  });
export type AbsenceInput = z.input<typeof absenceInput>;

export const absenceId = z.object({ id });

/** An absence as the family and the office see it; `run` is as it was chosen ('both' stays 'both'). */
export const absence = z.object({
  id: z.string(),
  studentId: z.string(),
  from: z.string(),
  to: z.string(),
  run: z.enum(ABSENCE_RUNS),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type Absence = z.output<typeof absence>;
export const absenceAnswer = z.object({ absence });
export const absencesAnswer = z.object({ absences: z.array(absence) });

/** An absence in force on a day, as the office's Today tab lists it. */
export const adminAbsence = absence.extend({
  student: z.object({ id: z.string(), automatedId: z.string(), firstName: z.string(), lastName: z.string(), schoolName: z.string() }),
  driver: namedRef.nullable(),
});
export type AdminAbsence = z.output<typeof adminAbsence>;
export const adminAbsencesAnswer = z.object({ absences: z.array(adminAbsence) });

/** POST /api/driver/runs/{run}/start and /end. */
export const runDayInput = z.object({
  run: runRef,
  /** The run's Bahrain date; today when absent. */
  date: isoDate.optional(),
});
export type RunDayInput = z.input<typeof runDayInput>;

/**
 * A wrong tap can be undone from the screen for this long after the mark reached the server (its
 * recording time, the server's clock: a phone's clock cannot stretch it).
 */
export const MARK_UNDO_MINUTES = 2;

/** What the marks path takes: a mark, or `undo` of one of the child's marks (`undoes`: its id). */
export const MARK_REQUEST_EVENTS = [...MARK_EVENTS, 'undo'] as const;
export type MarkRequestEvent = (typeof MARK_REQUEST_EVENTS)[number];

/**
 * Who received a child at an afternoon stop, on a dropped mark of a child whose handover is
 * required: an adult the family named (an authorised adult's id, or the parent's user id), or a
 * one-day delegate's code (checked when the mark arrives, also a mark queued offline).
 */
export const receivedByInput = z.union(
  [
    z.object({ adultId: z.string().trim().min(1).max(64) }).strict(),
    z
      .object({
        code: z
          .string()
          .trim()
          .regex(/^\d{6}$/, HANDOVER_MESSAGES.codeWrong),
      })
      .strict(),
  ],
  { error: HANDOVER_MESSAGES.receivedByInvalid },
);
export type ReceivedByInput = z.output<typeof receivedByInput>;

const markFields = z.object({
  run: runRef,
  studentId: id,
  event: z.enum(MARK_REQUEST_EVENTS, { error: SCHOOL_DAY_MESSAGES.markEventInvalid }),
  /** With `undo`: the id of the mark undone (the child's latest, made less than 2 minutes ago). */
  undoes: id.optional(),
  /** Made on the phone (a UUID): the same mark sent again is recognised by it and recorded once. */
  clientId: z.string({ error: SCHOOL_DAY_MESSAGES.clientIdRequired }).trim().min(1, SCHOOL_DAY_MESSAGES.clientIdRequired).max(64, MESSAGES.tooLong),
  /** The run's Bahrain date, so a mark queued offline before midnight lands on its own run; today when absent. */
  date: isoDate.optional(),
  /** When the mark was made on the phone; the server's time when absent. */
  at: z.iso.datetime({ offset: true, error: SCHOOL_DAY_MESSAGES.markTimeInvalid }).optional(),
  position: z
    .object({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      accuracy: z.number().min(0).max(100_000),
    })
    .nullish()
    .transform((value) => value ?? null),
  receivedBy: receivedByInput.optional(),
});
const undoNamesItsMark = (value: { event: MarkRequestEvent; undoes?: string | undefined }, ctx: z.RefinementCtx) => {
  if (value.event === 'undo' && !value.undoes) ctx.addIssue({ code: 'custom', path: ['undoes'], message: SCHOOL_DAY_MESSAGES.undoesRequired });
};

/** POST /api/driver/runs/{run}/marks. */
export const markInput = markFields.superRefine(undoNamesItsMark);
export type MarkInput = z.input<typeof markInput>;

/** The answer of the marks path: the mark recorded (its id is what an undo names), or the undo. */
export const runMark = z.object({
  id: z.string(),
  studentId: z.string(),
  run: z.enum(DRIVER_RUNS),
  date: z.string(),
  event: z.enum(MARK_REQUEST_EVENTS),
  /** An undo's mark id; null for a mark. */
  undoes: z.string().nullable(),
  at: z.string(),
  clientId: z.string(),
  position: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number() }).nullable(),
  /** The child's status on the run after this mark or undo. */
  status: z.enum(RIDER_STATUSES),
});
export type RunMark = z.output<typeof runMark>;
export const runMarkAnswer = z.object({ mark: runMark });

/** One run of one driver on one day. */
export const runSummary = z.object({
  /** The planned run's id, the same every day (GET /api/admin/drivers/{id}/runs). */
  id: z.string(),
  name: z.string(),
  /** The run's direction. */
  run: z.enum(DRIVER_RUNS),
  date: z.string(),
  status: z.enum(RUN_STATUSES),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type RunSummary = z.output<typeof runSummary>;
/** Start and End (the driver's, and the office's for a driver): the run as it is now. */
export const runSummaryAnswer = z.object({ run: runSummary });

/** A child on the driver's run list. */
export const runStudent = z.object({
  id: z.string(),
  automatedId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  schoolName: z.string(),
  address: z.string(),
  contactNumber1: z.string(),
  status: z.enum(RIDER_STATUSES),
  absenceReason: z.string().nullable(),
  /** The child's stop on the run (siblings share one), numbered from 1 in the run's order. */
  stop: z.object({ id: z.string(), number: z.number() }),
  /** Who made the mark the status comes from (the driver, the attendant or the office member); null while unmarked. */
  markedBy: markedBy.nullable(),
  /** For a child who must be handed to a named adult on this (afternoon) run: who may receive them; else null. */
  handover: riderHandover.nullable(),
  /** Who received the child at the stop, when the drop named them. */
  receivedBy: receivedBy.nullable(),
});
export type RunStudent = z.output<typeof runStudent>;

export const driverTodayRun = runSummary.extend({
  /** The run's planned start and end on its date (the planned run's times in Bahrain), as ISO instants. */
  plannedStart: z.string(),
  plannedEnd: z.string(),
  /** The driver whose run this is, when the signed-in driver drives it as a substitute today. */
  coveringFor: namedRef.nullable(),
  /** The substitute the office handed this run to today (the driver cannot act on it then). */
  handedTo: namedRef.nullable(),
  students: z.array(runStudent),
});
export type DriverTodayRun = z.output<typeof driverTodayRun>;
/** GET /api/admin/drivers/{driverId}/runs/{run}: the run as the driver's screen shows it. */
export const officeRunAnswer = z.object({ run: driverTodayRun });

/** GET /api/driver/runs/today: on a school day every run of the bus operating that day, in planned-start order (possibly without students); otherwise none. */
export const driverToday = z.object({
  date: z.string(),
  /** The no-service date's name ('National Day'); null on a school day and on a weekend. */
  noService: z.string().nullable(),
  /** The attendant riding the bus, when it has one: the driver may leave the marks to them ('The attendant marks today'). */
  attendant: z.object({ name: z.string() }).nullable(),
  runs: z.array(driverTodayRun),
  /**
   * The bus's tracker (or a tracking app) reported within the last minute (TRACKER_PRECEDENCE_S):
   * its fixes are the bus's position, so the screen says so and the phone stops sharing its own.
   */
  positionFromTracker: z.boolean(),
});
export type DriverToday = z.output<typeof driverToday>;

/** 409 of End: the children who boarded and are neither dropped nor returned to school. */
export interface StillOnBusStudent {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * The English of End's 409 when nobody marked some children (neither boarded, absent nor not here):
 * the web translates `schoolDay.notMarked` with the same count and names.
 */
export function notMarkedMessage(students: readonly StillOnBusStudent[]): string {
  const names = students.map((student) => `${student.firstName} ${student.lastName}`).join(', ');
  const template = students.length === 1 ? SCHOOL_DAY_MESSAGES.notMarked_one : SCHOOL_DAY_MESSAGES.notMarked_other;
  return template.replace('{{count}}', String(students.length)).replace('{{names}}', names);
}

/** The English of End's 409 (the web translates `schoolDay.stillOnBus` with the same count and names). */
export function stillOnBusMessage(students: readonly StillOnBusStudent[]): string {
  const names = students.map((student) => `${student.firstName} ${student.lastName}`).join(', ');
  const template = students.length === 1 ? SCHOOL_DAY_MESSAGES.stillOnBus_one : SCHOOL_DAY_MESSAGES.stillOnBus_other;
  return template.replace('{{count}}', String(students.length)).replace('{{names}}', names);
}

/** GET /api/parent/students/{id}/today: null for a run the student does not ride, or on a day without runs. */
export const studentRunToday = z.object({
  /** The run the child rides that way today and its bus; null while the office has not placed the child. */
  run: namedRef.nullable(),
  bus: namedRef.nullable(),
  status: z.enum(RIDER_STATUSES),
  absenceReason: z.string().nullable(),
  /** Each mark with who made it ('Boarded 06:42 · marked by Aisha'); a mark of the office names no one (`name` null). */
  events: z.array(z.object({ event: z.enum(MARK_EVENTS), at: z.string(), markedBy: markedBy.nullable(), receivedBy: receivedBy.nullable() })),
});
export type StudentRunToday = z.output<typeof studentRunToday>;
export const studentToday = z.object({
  date: z.string(),
  morning: studentRunToday.nullable(),
  afternoon: studentRunToday.nullable(),
});
export type StudentToday = z.output<typeof studentToday>;

/** The parent's choice of messages: a no-show and a return to school are always sent; boarded and dropped cost money, so they are off until turned on. */
export const schoolDayMessagesInput = z.object({
  boardedAndDropped: z.boolean({ error: SCHOOL_DAY_MESSAGES.preferenceInvalid }),
  /** The evening message about tomorrow's bus with a 'Not riding' reply (WhatsApp only; off by default). Absent: unchanged. */
  tomorrow: z.boolean({ error: SCHOOL_DAY_MESSAGES.preferenceInvalid }).optional(),
});
export type SchoolDayMessagesInput = z.output<typeof schoolDayMessagesInput>;
export const schoolDayMessages = z.object({
  boardedAndDropped: z.boolean(),
  tomorrow: z.boolean(),
});
export type SchoolDayMessages = z.output<typeof schoolDayMessages>;
export const schoolDayMessagesAnswer = z.object({ messages: schoolDayMessages });

/** GET /api/admin/runs?date=: today when absent. */
export const adminRunsQuery = z
  .object({ date: z.preprocess((value) => (value === '' ? undefined : value), isoDate.optional()) })
  .optional()
  .transform((value) => value ?? {});

/** A driver's run as the office's Today tab shows it: open runs with children on board first. */
export const adminRun = runSummary.extend({
  driver: namedRef,
  substitute: namedRef.nullable(),
  /** Children who ride the run. */
  riders: z.number(),
  /** By status now: not yet marked, on the bus, dropped, reported absent, no-show, returned to school. */
  expected: z.number(),
  boarded: z.number(),
  dropped: z.number(),
  absent: z.number(),
  noShow: z.number(),
  returnedToSchool: z.number(),
  /** Still open with a child on board past its planned end and the settings' hours: shown in red. */
  overdue: z.boolean(),
  /** In progress, and the bus's tracker has sent nothing for TRACKER_SILENT_AFTER_S: shown in amber. */
  trackerSilent: z.boolean(),
});
export type AdminRun = z.output<typeof adminRun>;
export const adminRunsAnswer = z.object({ runs: z.array(adminRun) });
/** A substitute set or lifted: the office's row of the run. */
export const adminRunAnswer = z.object({ run: adminRun });

/** The office acting for a driver (phone dead): the same mark and end as the driver's, for the driver named. */
export const officeMarkInput = markFields.extend({ driverId: id }).superRefine(undoNamesItsMark);
export const officeRunInput = runDayInput.extend({ driverId: id });

/** GET /api/admin/drivers/{driverId}/runs/{run}?date=: one of the driver's runs as their screen shows it; today when absent. */
export const officeRunQuery = z.object({
  driverId: id,
  run: runRef,
  date: z.preprocess((value) => (value === '' ? undefined : value), isoDate.optional()),
});

/**
 * The office hands one day's run to another driver; substituteDriverId null hands it back. A
 * substitute whose bus is full for that run is refused like any assignment, unless an admin allows it.
 */
export const substituteInput = z.object({
  driverId: id,
  run: runRef,
  date: isoDate,
  substituteDriverId: id.nullish().transform((value) => value ?? null),
  ...overCapacityField,
});
export type SubstituteInput = z.input<typeof substituteInput>;

/** Days from one 'YYYY-MM-DD' to another (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
