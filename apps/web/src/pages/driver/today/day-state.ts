import {
  FIRST_RUN_NAMES,
  type DriverRun,
  type DriverToday,
  type DriverTodayRun,
  type MarkEvent,
  type RiderStatus,
  type RunStudent,
} from '@school-transport/contracts';
import type { DayAction } from './day-queue.js';

/**
 * The day as the driver sees it on the phone: the server's last answer with every action still
 * waiting to be sent laid over it, so a tap shows at once, with or without signal.
 */
export function withWaitingActions(today: DriverToday, actions: readonly DayAction[]): DriverToday {
  const mine = actions.filter((action) => action.date === today.date && action.kind !== 'positions');
  if (mine.length === 0) return today;
  // An action names its run by id, or (queued by an older screen, or while the bus has one run that way) by direction.
  return {
    ...today,
    runs: today.runs.map((run) =>
      applyActions(
        run,
        mine.filter((action) => action.run === run.id || action.run === run.run),
      ),
    ),
  };
}

function applyActions(run: DriverTodayRun, actions: readonly DayAction[]): DriverTodayRun {
  // A run handed to a substitute is theirs today: Start and End on this phone do not touch it.
  let result = run;
  for (const action of actions) {
    if (run.handedTo && (action.kind === 'start' || action.kind === 'end')) continue;
    if (action.kind === 'undo') {
      result = { ...result, students: result.students.map((student) => (student.id === action.studentId ? { ...student, status: action.previous } : student)) };
    } else if (action.kind === 'start' && result.status === 'not_started') result = { ...result, status: 'in_progress', startedAt: action.at };
    else if (action.kind === 'end' && result.status !== 'done') result = { ...result, status: 'done', endedAt: action.at };
    else if (action.kind === 'mark') {
      const status = action.event satisfies RiderStatus;
      result = { ...result, students: result.students.map((student) => (student.id === action.studentId ? { ...student, status } : student)) };
    }
  }
  return result;
}

/**
 * The marks the driver can make for a child, by the run and the child's status now (the server's
 * rules): in the morning a child waiting at home boards or is not there, and one on the bus is
 * dropped at school; in the afternoon a child boards at school (or is not there), and one on the
 * bus is dropped home or, with no adult at home, taken back to school. A child reported absent may
 * ride after all, and a no-show may board late; one already off the bus has no mark left.
 */
export function marksFor(run: DriverRun, status: RiderStatus): MarkEvent[] {
  if (status === 'expected') return ['boarded', 'no_show'];
  if (status === 'absent' || status === 'no_show') return ['boarded'];
  if (status === 'boarded') return run === 'morning' ? ['dropped'] : ['dropped', 'returned_to_school'];
  return [];
}

/**
 * A run's key on the screen, unique among the day's runs: its id (a bus may have two afternoon
 * runs, and a driver covering another's run has one more). A list saved on the phone before the
 * server sent ids keys by direction and whose run it is.
 */
export function runKey(run: Pick<DriverTodayRun, 'run' | 'coveringFor'> & { id?: string | undefined }): string {
  if (run.id) return run.id;
  return run.coveringFor ? `${run.run}:${run.coveringFor.id}` : run.run;
}

/**
 * How the phone names a run to the server: by direction while the bus drives one run that way
 * today (every phone and queue understands it, and a Start then starts a run it covers too), else
 * by the run's id.
 */
export function runRefOf(run: DriverTodayRun, runs: readonly DriverTodayRun[]): string {
  const sameWay = runs.filter((entry) => entry.run === run.run && entry.coveringFor === null);
  return sameWay.length > 1 && run.id ? run.id : run.run;
}

/** The children nobody has marked yet (neither boarded, absent nor not here): the run cannot end while there are any. */
export function notMarked(run: DriverTodayRun): RunStudent[] {
  return run.students.filter((student) => student.status === 'expected');
}

/** The children who boarded and are neither dropped nor returned to school: the run cannot end while there are any. */
export function stillOnBus(run: DriverTodayRun): RunStudent[] {
  return run.students.filter((student) => student.status === 'boarded');
}

/** The Bahrain clock's hour and minute now, as 'HH:MM'. */
export function bahrainClock(now: Date): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Bahrain' }).format(now);
}

/**
 * Without the planned times (a list saved on the phone before the server sent them): halfway
 * between the default morning end (08:00) and afternoon start (13:00).
 */
const DEFAULT_AFTERNOON_COMES_NEXT_FROM = '10:30';

const byPlannedStart = (a: DriverTodayRun, b: DriverTodayRun) =>
  (a.plannedStart ?? '').localeCompare(b.plannedStart ?? '') ||
  Number(a.run === 'afternoon') - Number(b.run === 'afternoon') ||
  Number(Boolean(a.handedTo)) - Number(Boolean(b.handedTo));

/**
 * The run the screen opens on (its key): one in progress; else the one that comes next by the
 * clock (each run from halfway between the previous run's planned end and its own planned start),
 * or a later one, or an earlier one, when that one is done. A run handed to a substitute gives way
 * to one the driver drives.
 */
export function nextRunKey(runs: readonly DriverTodayRun[], now: Date): string | null {
  if (runs.length === 0) return null;
  const open = runs.find((run) => run.status === 'in_progress' && !run.handedTo);
  if (open) return runKey(open);
  const ordered = [...runs].sort(byPlannedStart);
  let index = 0;
  ordered.forEach((run, at) => {
    if (at === 0 || (run.plannedStart !== undefined && run.plannedStart === ordered[at - 1]!.plannedStart)) return;
    const previousEnd = Date.parse(ordered[at - 1]!.plannedEnd ?? '');
    const start = Date.parse(run.plannedStart ?? '');
    const comesNext =
      Number.isNaN(previousEnd) || Number.isNaN(start)
        ? bahrainClock(now) >= DEFAULT_AFTERNOON_COMES_NEXT_FROM
        : now.getTime() >= previousEnd + (start - previousEnd) / 2;
    if (comesNext) index = at;
  });
  const fromNow = [...ordered.slice(index), ...ordered.slice(0, index).reverse()];
  return runKey(fromNow.find((run) => run.status !== 'done' && !run.handedTo) ?? fromNow.find((run) => !run.handedTo) ?? ordered[index]!);
}

/** The direction of the run the screen opens on (see nextRunKey). */
export function nextRun(runs: readonly DriverTodayRun[], now: Date): DriverRun | null {
  const key = nextRunKey(runs, now);
  return runs.find((run) => runKey(run) === key)?.run ?? null;
}

/** Whether the run still has the name the database gave it ('Morning', 'Afternoon'), so the screen says it in its own language. */
export function hasFirstRunName(run: Pick<DriverTodayRun, 'run'> & { name?: string | undefined }): boolean {
  return !run.name || run.name === FIRST_RUN_NAMES[run.run];
}

/** The run's planned window on the Bahrain clock ('11:30–12:30'); null without planned times. */
export function plannedWindow(run: Pick<DriverTodayRun, 'plannedStart' | 'plannedEnd'>): string | null {
  const start = Date.parse(run.plannedStart ?? '');
  const end = Date.parse(run.plannedEnd ?? '');
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return `${bahrainClock(new Date(start))}–${bahrainClock(new Date(end))}`;
}
