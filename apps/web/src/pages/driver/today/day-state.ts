import type { DriverRun, DriverToday, DriverTodayRun, MarkEvent, RiderStatus, RunStudent } from '@school-transport/contracts';
import type { DayAction } from './day-queue.js';

/**
 * The day as the driver sees it on the phone: the server's last answer with every action still
 * waiting to be sent laid over it, so a tap shows at once, with or without signal.
 */
export function withWaitingActions(today: DriverToday, actions: readonly DayAction[]): DriverToday {
  const mine = actions.filter((action) => action.date === today.date && action.kind !== 'positions');
  if (mine.length === 0) return today;
  return { ...today, runs: today.runs.map((run) => applyActions(run, mine.filter((action) => action.run === run.run))) };
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
 * A run's key on the screen, unique among the day's runs: a driver covering another's run has two
 * runs of the same name (their own and the covered one).
 */
export function runKey(run: Pick<DriverTodayRun, 'run' | 'coveringFor'>): string {
  return run.coveringFor ? `${run.run}:${run.coveringFor.id}` : run.run;
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
 * The moment the afternoon run comes next: halfway between the morning's planned end and the
 * afternoon's planned start (the settings' times, which the server sends with each run), so that a
 * driver who finishes the morning early or is still waiting at 12:00 sees the right list.
 */
export function afternoonComesNextAt(runs: readonly DriverTodayRun[]): number | null {
  const morningEnd = Date.parse(runs.find((run) => run.run === 'morning')?.plannedEnd ?? '');
  const afternoonStart = Date.parse(runs.find((run) => run.run === 'afternoon')?.plannedStart ?? '');
  if (Number.isNaN(morningEnd) || Number.isNaN(afternoonStart)) return null;
  return morningEnd + (afternoonStart - morningEnd) / 2;
}

/**
 * Without the planned times (a list saved on the phone before the server sent them): halfway
 * between the default morning end (08:00) and afternoon start (13:00).
 */
const DEFAULT_AFTERNOON_COMES_NEXT_FROM = '10:30';

/**
 * The run the screen opens on (its key): one in progress; else the one that comes next by the
 * clock; a run already done gives way to the other when that one is not. Of two runs of the same
 * name, the one the driver drives (not handed away) comes first.
 */
export function nextRunKey(runs: readonly DriverTodayRun[], now: Date): string | null {
  const name = nextRun(runs, now);
  if (!name) return null;
  const named = runs.filter((run) => run.run === name);
  const open = named.find((run) => run.status === 'in_progress' && !run.handedTo);
  return runKey(open ?? named.find((run) => !run.handedTo) ?? named[0]!);
}

/** The run name the screen opens on (see nextRunKey). */
export function nextRun(runs: readonly DriverTodayRun[], now: Date): DriverRun | null {
  if (runs.length === 0) return null;
  const open = runs.find((run) => run.status === 'in_progress' && !run.handedTo);
  if (open) return open.run;
  const changeover = afternoonComesNextAt(runs);
  const morningFirst = changeover === null ? bahrainClock(now) < DEFAULT_AFTERNOON_COMES_NEXT_FROM : now.getTime() < changeover;
  const byClock: DriverRun[] = morningFirst ? ['morning', 'afternoon'] : ['afternoon', 'morning'];
  const ordered = byClock.map((name) => runs.find((run) => run.run === name)).filter((run): run is DriverTodayRun => run !== undefined);
  return (ordered.find((run) => run.status !== 'done') ?? ordered[0]!).run;
}
