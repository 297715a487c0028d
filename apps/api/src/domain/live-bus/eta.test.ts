import { describe, expect, it } from 'vitest';
import { chooseSpeed, DEFAULT_SPEED_MPS, distanceAlong, estimateEta, haversineMetres, movingSpeed, ROAD_FACTOR } from './eta.js';

/**
 * Points on one meridian, so the answers can be worked out by hand: a hundredth of a degree of
 * latitude is 2π × 6,371,000 m / 36,000 = 1,111.95 m.
 */
const HUNDREDTH_M = (2 * Math.PI * 6_371_000) / 36_000;
const at = (lat: number) => ({ lat, lng: 50.5 });

describe('the ETA to a stop', () => {
  it('measures along the meridian as computed by hand', () => {
    expect(HUNDREDTH_M).toBeCloseTo(1111.95, 2);
    expect(haversineMetres(at(26), at(26.01))).toBeCloseTo(HUNDREDTH_M, 3);
  });

  it('goes through each stop before theirs, in order, not straight to theirs', () => {
    // Bus at 26.00, a stop at 26.02 first, then theirs back at 26.01: 2.22 km + 1.11 km, not 1.11 km.
    expect(distanceAlong(at(26), [at(26.02), at(26.01)])).toBeCloseTo(3 * HUNDREDTH_M, 3);
  });

  it('answers 8–14 min for 2.22 km at 5 m/s with one stop of a minute before theirs', () => {
    // 2,223.9 m straight is 2,891.1 m of road (× 1.3); / 5 m/s = 578.2 s driving, + 60 s at the stop before = 638.2 s.
    // Low: 638.2 × 0.8 = 510.6 s = 8.5 min → 8. High: 638.2 × 1.25 = 797.8 s = 13.3 min → 14.
    expect(ROAD_FACTOR).toBe(1.3);
    expect(estimateEta({ bus: at(26), stops: [at(26.01), at(26.02)], speed: { mps: 5, source: 'run' }, stopSeconds: 60 })).toEqual({
      minMinutes: 8,
      maxMinutes: 14,
    });
  });

  it('widens the range when the speed is only the operator’s average, and more when it is the constant', () => {
    // Same 638.2 s. Operator: × 0.7 = 446.8 s = 7.4 → 7; × 1.4 = 893.5 s = 14.9 → 15.
    expect(estimateEta({ bus: at(26), stops: [at(26.01), at(26.02)], speed: { mps: 5, source: 'operator' }, stopSeconds: 60 })).toEqual({
      minMinutes: 7,
      maxMinutes: 15,
    });
    // Constant 5.56 m/s: 2,891.1 / 5.556 = 520.4 s + 60 = 580.4 s; × 0.6 = 348.2 s = 5.8 → 5; × 1.6 = 928.6 s = 15.5 → 16.
    expect(estimateEta({ bus: at(26), stops: [at(26.01), at(26.02)], speed: chooseSpeed(null, null), stopSeconds: 60 })).toEqual({
      minMinutes: 5,
      maxMinutes: 16,
    });
  });

  it('is at least a minute wide, from 0, when the bus is at the stop', () => {
    expect(estimateEta({ bus: at(26), stops: [at(26)], speed: { mps: 5, source: 'run' }, stopSeconds: 60 })).toEqual({ minMinutes: 0, maxMinutes: 1 });
  });

  it('learns the speed from the stretches where the bus moved, not from standing at a stop', () => {
    const t0 = Date.parse('2026-12-01T03:00:00Z');
    const fixes = [
      { ...at(26), at: new Date(t0) },
      { ...at(26.0015), at: new Date(t0 + 30_000) },
      // Standing 60 s at a stop: not driving time.
      { ...at(26.0015), at: new Date(t0 + 90_000) },
      { ...at(26.003), at: new Date(t0 + 120_000) },
    ];
    // 2 × 166.79 m over 2 × 30 s = 5.56 m/s.
    expect(movingSpeed(fixes)).toBeCloseTo((0.3 * HUNDREDTH_M) / 60, 5);
    // Less than a minute of driving teaches nothing.
    expect(movingSpeed(fixes.slice(0, 2))).toBeNull();
  });

  it('falls back from the run’s speed to the operator’s, then to 20 km/h', () => {
    expect(chooseSpeed(7, 4)).toEqual({ mps: 7, source: 'run' });
    expect(chooseSpeed(null, 4)).toEqual({ mps: 4, source: 'operator' });
    expect(chooseSpeed(null, null)).toEqual({ mps: DEFAULT_SPEED_MPS, source: 'default' });
  });
});
