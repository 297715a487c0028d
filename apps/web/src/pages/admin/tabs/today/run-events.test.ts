import { describe, expect, it } from 'vitest';
import { RUN_EVENTS, endRefusalOf } from './run-events.js';

describe('acting for a driver', () => {
  it('offers a return to school only on the afternoon run, and a no-show on both (a run ends only with every child marked)', () => {
    expect(RUN_EVENTS.morning).toEqual(['boarded', 'no_show', 'dropped']);
    expect(RUN_EVENTS.afternoon).toEqual(['boarded', 'no_show', 'dropped', 'returned_to_school']);
  });

  it('reads from End’s refusal the children it names and why, and nothing from any other error', () => {
    const sara = { id: 'a', firstName: 'Sara', lastName: 'Ali' };
    expect(endRefusalOf({ data: { students: [sara], messageCode: 'schoolDay.stillOnBus_one' } })).toEqual({ reason: 'stillOnBus', students: [sara] });
    expect(endRefusalOf({ data: { students: [sara], messageCode: 'schoolDay.notMarked_one' } })).toEqual({ reason: 'notMarked', students: [sara] });
    expect(endRefusalOf({ data: { students: [] } })).toBeNull();
    expect(endRefusalOf({ data: {} })).toBeNull();
    expect(endRefusalOf(new Error('offline'))).toBeNull();
    expect(endRefusalOf(null)).toBeNull();
  });
});
