import { describe, expect, it } from 'vitest';
import { seatRefusalOf } from './seat-refusal.js';

describe('seatRefusalOf', () => {
  it('reads the run, seats and riders of a full bus, and nothing from other answers', () => {
    expect(seatRefusalOf({ data: { run: 'afternoon', seats: 24, riders: 24, httpStatus: 409 } })).toEqual({ run: 'afternoon', seats: 24, riders: 24 });
    expect(seatRefusalOf({ data: { run: 'evening', seats: 24, riders: 24 } })).toBeNull();
    expect(seatRefusalOf({ data: { httpStatus: 409 } })).toBeNull();
    expect(seatRefusalOf(new Error('offline'))).toBeNull();
    expect(seatRefusalOf(null)).toBeNull();
  });
});
