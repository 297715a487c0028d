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
    expect(lines[1]).toEqual({ run: 'afternoon', events: [], status: 'expected', absenceReason: null, runName: null, busName: null });
  });

  it('has nothing on a day without buses, and leaves out a run the student does not ride', () => {
    expect(todayLines({ date: '2026-12-04', morning: null, afternoon: null })).toEqual([]);
    expect(todayLines({ date: '2026-12-01', morning: { run: null, bus: null, status: 'absent', absenceReason: 'Ill', events: [] }, afternoon: null })).toEqual([
      { run: 'morning', events: [], status: 'absent', absenceReason: 'Ill', runName: null, busName: null },
    ]);
  });

  it('names each way’s bus and run when the child goes home on another bus, and a run’s own name on one bus', () => {
    const way = (runName: string, busId: string, busName: string) => ({
      run: { id: `run-${runName}`, name: runName },
      bus: { id: busId, name: busName },
      status: 'expected' as const,
      absenceReason: null,
      events: [],
    });
    const otherBus = todayLines({ date: '2026-12-01', morning: way('Morning', 'bus-1', 'Hassan'), afternoon: way('Afternoon – KG', 'bus-2', 'Yusuf') });
    expect(otherBus.map((line) => [line.runName, line.busName])).toEqual([
      [null, 'Hassan'],
      ['Afternoon – KG', 'Yusuf'],
    ]);
    const oneBus = todayLines({ date: '2026-12-01', morning: way('Morning', 'bus-1', 'Hassan'), afternoon: way('Afternoon – KG', 'bus-1', 'Hassan') });
    expect(oneBus.map((line) => [line.runName, line.busName])).toEqual([
      [null, null],
      ['Afternoon – KG', null],
    ]);
  });
});
