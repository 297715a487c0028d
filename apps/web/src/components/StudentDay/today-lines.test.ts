import { describe, expect, it } from 'vitest';
import { todayLines } from './today-lines.js';

describe('the Today line of a student card', () => {
  it('lists the runs the student rides, morning first, each mark in the order it was made', () => {
    const lines = todayLines({
      date: '2026-12-01',
      afternoon: { run: null, bus: null, status: 'expected', absenceReason: null, events: [] },
      morning: {
        run: null,
        bus: null,
        status: 'dropped',
        absenceReason: null,
        events: [
          { event: 'dropped', at: '2026-12-01T04:15:00.000Z', markedBy: { role: 'attendant', name: 'Aisha' }, receivedBy: null },
          { event: 'boarded', at: '2026-12-01T03:42:00.000Z', markedBy: { role: 'driver', name: 'Hassan' }, receivedBy: null },
        ],
      },
    });
    expect(lines.map((line) => line.run)).toEqual(['morning', 'afternoon']);
    expect(lines[0]!.events.map((mark) => mark.event)).toEqual(['boarded', 'dropped']);
    expect(lines[1]).toEqual({ run: 'afternoon', events: [], status: 'expected', absenceReason: null });
  });

  it('has nothing on a day without buses, and leaves out a run the student does not ride', () => {
    expect(todayLines({ date: '2026-12-04', morning: null, afternoon: null })).toEqual([]);
    expect(todayLines({ date: '2026-12-01', morning: { run: null, bus: null, status: 'absent', absenceReason: 'Ill', events: [] }, afternoon: null })).toEqual([{ run: 'morning', events: [], status: 'absent', absenceReason: 'Ill' }]);
  });
});
