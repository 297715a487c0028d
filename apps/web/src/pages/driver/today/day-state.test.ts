import { describe, expect, it } from 'vitest';
import type { DriverToday, DriverTodayRun, RunStudent } from '@school-transport/contracts';
import { DayRequestError, isRefusal } from './day-api.js';
import { marksFor, nextRun, stillOnBus, withWaitingActions } from './day-state.js';
import type { DayAction } from './day-queue.js';

const student = (id: string, status: RunStudent['status'] = 'expected'): RunStudent => ({
  id,
  automatedId: `ST-${id}`,
  firstName: id,
  lastName: 'Saleh',
  schoolName: 'Al Noor School',
  address: 'Block 801',
  contactNumber1: '36112233',
  status,
  absenceReason: status === 'absent' ? 'Ill' : null,
  stop: { id: `stop-${id}`, number: 1 },
  markedBy: null,
  handover: null,
  receivedBy: null,
});
const run = (name: 'morning' | 'afternoon', status: DriverTodayRun['status'], students: RunStudent[] = []): DriverTodayRun => ({
  id: `run-${name}`,
  name: name === 'morning' ? 'Morning' : 'Afternoon',
  run: name,
  date: '2026-12-01',
  status,
  startedAt: null,
  endedAt: null,
  // The default planned times: 06:00–08:00 and 13:00–15:00 in Bahrain (UTC+3).
  plannedStart: name === 'morning' ? '2026-12-01T03:00:00.000Z' : '2026-12-01T10:00:00.000Z',
  plannedEnd: name === 'morning' ? '2026-12-01T05:00:00.000Z' : '2026-12-01T12:00:00.000Z',
  coveringFor: null,
  handedTo: null,
  students,
});
/** 2026-12-01 at a Bahrain clock time (UTC+3). */
const at = (time: string) => new Date(`2026-12-01T${time}:00+03:00`);

describe("the driver's day on the phone", () => {
  it('shows every waiting tap at once over the last list: the run started, the child boarded, then dropped', () => {
    const today: DriverToday = {
      date: '2026-12-01',
      noService: null,
      attendant: null,
      positionFromTracker: false,
      runs: [run('morning', 'not_started', [student('noor'), student('maryam')]), run('afternoon', 'not_started', [student('noor')])],
    };
    const base = { userId: 'u', run: 'morning' as const, date: '2026-12-01' };
    const actions: DayAction[] = [
      { ...base, kind: 'start', id: '1', at: '2026-12-01T03:10:00.000Z' },
      { ...base, kind: 'mark', id: '2', at: '2026-12-01T03:12:00.000Z', studentId: 'noor', event: 'boarded', position: null },
      { ...base, kind: 'mark', id: '3', at: '2026-12-01T03:13:00.000Z', studentId: 'maryam', event: 'no_show', position: null },
      { ...base, kind: 'mark', id: '4', at: '2026-12-01T04:00:00.000Z', studentId: 'noor', event: 'dropped', position: null },
      // A mark of another day's run is not laid over today's.
      { ...base, kind: 'mark', id: '5', date: '2026-11-30', at: '2026-11-30T03:12:00.000Z', studentId: 'maryam', event: 'boarded', position: null },
    ];
    const shown = withWaitingActions(today, actions);
    expect(shown.runs[0]).toMatchObject({ status: 'in_progress', startedAt: '2026-12-01T03:10:00.000Z' });
    expect(shown.runs[0]!.students.map((entry) => entry.status)).toEqual(['dropped', 'no_show']);
    expect(shown.runs[1]!.students[0]!.status).toBe('expected');
    expect(withWaitingActions(today, actions.slice(0, 2)).runs[0]!.students.map((entry) => entry.status)).toEqual(['boarded', 'expected']);
    expect(stillOnBus(withWaitingActions(today, actions.slice(0, 2)).runs[0]!).map((entry) => entry.id)).toEqual(['noor']);
  });

  it('offers the marks the run and the status allow: boarding after all for an absent child or a no-show, none once off the bus', () => {
    expect(marksFor('morning', 'expected')).toEqual(['boarded', 'no_show']);
    expect(marksFor('morning', 'boarded')).toEqual(['dropped']);
    expect(marksFor('afternoon', 'boarded')).toEqual(['dropped', 'returned_to_school']);
    expect(marksFor('morning', 'absent')).toEqual(['boarded']);
    expect(marksFor('afternoon', 'no_show')).toEqual(['boarded']);
    for (const status of ['dropped', 'returned_to_school'] as const) {
      expect(marksFor('morning', status)).toEqual([]);
      expect(marksFor('afternoon', status)).toEqual([]);
    }
  });

  it('opens on the run in progress, else the one that comes next by the Bahrain clock, else the one not done', () => {
    const both = (morning: DriverTodayRun['status'], afternoon: DriverTodayRun['status']) => [run('morning', morning), run('afternoon', afternoon)];
    expect(nextRun(both('not_started', 'not_started'), at('06:15'))).toBe('morning');
    expect(nextRun(both('done', 'not_started'), at('07:55'))).toBe('afternoon');
    expect(nextRun(both('not_started', 'not_started'), at('13:05'))).toBe('afternoon');
    expect(nextRun(both('in_progress', 'not_started'), at('13:05'))).toBe('morning');
    expect(nextRun(both('not_started', 'done'), at('15:30'))).toBe('morning');
    expect(nextRun(both('done', 'done'), at('15:30'))).toBe('afternoon');
    expect(nextRun([], at('06:15'))).toBeNull();
  });

  it('changes over to the afternoon halfway between the planned morning end and afternoon start, from the settings', () => {
    const both = () => [run('morning', 'not_started'), run('afternoon', 'not_started')];
    // Defaults 08:00 and 13:00: the afternoon comes next from 10:30.
    expect(nextRun(both(), at('10:29'))).toBe('morning');
    expect(nextRun(both(), at('10:30'))).toBe('afternoon');
    // A school that ends at 11:00 (afternoon planned 11:00–12:30, morning 06:00–07:00): from 09:00.
    const early = [
      { ...run('morning', 'not_started'), plannedEnd: '2026-12-01T04:00:00.000Z' },
      { ...run('afternoon', 'not_started'), plannedStart: '2026-12-01T08:00:00.000Z', plannedEnd: '2026-12-01T09:30:00.000Z' },
    ];
    expect(nextRun(early, at('08:59'))).toBe('morning');
    expect(nextRun(early, at('09:00'))).toBe('afternoon');
    expect(nextRun(early, at('10:00'))).toBe('afternoon');
    // A list saved on the phone before the server sent its planned times: the default changeover.
    const saved = both().map(({ plannedStart: _start, plannedEnd: _end, ...rest }) => rest) as unknown as DriverTodayRun[];
    expect(nextRun(saved, at('10:00'))).toBe('morning');
    expect(nextRun(saved, at('10:31'))).toBe('afternoon');
  });

  it('tells a refusal, which sending again cannot change, from a request that did not get through', () => {
    for (const status of [400, 403, 404, 409]) expect(isRefusal(new DayRequestError(status, 'no', undefined, undefined))).toBe(true);
    for (const status of [401, 429, 500, 503]) expect(isRefusal(new DayRequestError(status, 'later', undefined, undefined))).toBe(false);
    expect(isRefusal(new TypeError('Failed to fetch'))).toBe(false);
    expect(isRefusal(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(false);
  });
});
