import { describe, expect, it } from 'vitest';
import type { DriverTodayRun, RunStudent } from '@school-transport/contracts';
import { moved, stopsOfRun } from './run-stops.js';
import { withStops, type SavedToday } from './phone-storage.js';

const child = (firstName: string, stopId: string, number: number): RunStudent => ({
  id: firstName,
  automatedId: `ST-${firstName}`,
  firstName,
  lastName: 'Saleh',
  schoolName: 'Al Noor School',
  address: `Home of ${stopId}`,
  contactNumber1: '36112233',
  status: 'expected',
  absenceReason: null,
  stop: { id: stopId, number },
  markedBy: null,
  handover: null,
  receivedBy: null,
});

describe("the driver's stops", () => {
  it('group siblings listed together into one stop, in the order listed', () => {
    const run = { students: [child('Amal', 'a', 1), child('Aya', 'a', 1), child('Badr', 'b', 2)] } as DriverTodayRun;
    expect(stopsOfRun(run)).toEqual([
      { id: 'a', number: 1, names: ['Amal', 'Aya'], address: 'Home of a' },
      { id: 'b', number: 2, names: ['Badr'], address: 'Home of b' },
    ]);
  });

  it('move a stop one place, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('a list saved on the phone by the app before runs had stops', () => {
  it('shows each child as a stop of its own, in the saved order', () => {
    const old = { ...child('Amal', 'a', 1) } as Partial<RunStudent>;
    delete old.stop;
    const saved = {
      userId: 'u',
      driverName: 'D',
      savedAt: '2026-12-01T03:00:00.000Z',
      today: { date: '2026-12-01', noService: null, runs: [{ students: [old, { ...old, id: 'Badr', firstName: 'Badr' }] } as DriverTodayRun] },
    };
    expect(withStops(saved as SavedToday)!.today.runs[0]!.students.map((student) => student.stop)).toEqual([
      { id: 'Amal', number: 1 },
      { id: 'Badr', number: 2 },
    ]);
  });
});
