import { describe, expect, it } from 'vitest';
import { barOf, offsetOf } from './timeline.js';

describe('the runs timeline', () => {
  it('places a run by its planned start and end between 06:00 and 16:00', () => {
    expect(offsetOf('06:00')).toBe(0);
    expect(offsetOf('11:00')).toBe(50);
    expect(offsetOf('16:00')).toBe(100);
    expect(barOf({ plannedStart: '06:30', plannedEnd: '07:30' })).toEqual({ start: 5, width: 10 });
  });

  it('keeps a run outside the day visible at the nearer edge', () => {
    expect(barOf({ plannedStart: '05:00', plannedEnd: '06:30' })).toEqual({ start: 0, width: 5 });
    expect(barOf({ plannedStart: '17:00', plannedEnd: '18:00' })).toEqual({ start: 98, width: 2 });
  });
});
