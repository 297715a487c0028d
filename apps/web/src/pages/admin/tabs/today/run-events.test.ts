import { describe, expect, it } from 'vitest';
import { RUN_EVENTS, stillOnBusOf } from './run-events.js';

describe('acting for a driver', () => {
  it('offers a return to school only on the afternoon run, and a no-show only in the morning', () => {
    expect(RUN_EVENTS.morning).toEqual(['boarded', 'no_show', 'dropped']);
    expect(RUN_EVENTS.afternoon).toEqual(['boarded', 'dropped', 'returned_to_school']);
  });

  it('reads the children still on the bus from End’s refusal, and nothing from any other error', () => {
    expect(stillOnBusOf({ data: { students: [{ id: 'a', firstName: 'Sara', lastName: 'Ali' }] } })).toEqual([{ id: 'a', firstName: 'Sara', lastName: 'Ali' }]);
    expect(stillOnBusOf({ data: { students: [] } })).toBeNull();
    expect(stillOnBusOf({ data: {} })).toBeNull();
    expect(stillOnBusOf(new Error('offline'))).toBeNull();
    expect(stillOnBusOf(null)).toBeNull();
  });
});
