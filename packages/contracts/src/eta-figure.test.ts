import { describe, expect, it } from 'vitest';
import { etaFigure } from './eta-figure.js';

describe('the ETA a family is shown', () => {
  it('keeps a range no wider than half its middle', () => {
    // Middle 14, width 4 ≤ 7.
    expect(etaFigure({ minMinutes: 12, maxMinutes: 16 })).toEqual({ kind: 'range', minMinutes: 12, maxMinutes: 16 });
    // Middle 8, width 4 = half of it: still a range.
    expect(etaFigure({ minMinutes: 6, maxMinutes: 10 })).toEqual({ kind: 'range', minMinutes: 6, maxMinutes: 10 });
  });

  it('turns 52–140 min into about 1½ hours', () => {
    // Middle 96, width 88 > 48; 96 min is nearest 3 half hours.
    expect(etaFigure({ minMinutes: 52, maxMinutes: 140 })).toEqual({ kind: 'aboutHours', hours: 1.5 });
  });

  it('says about so many minutes for a wide range under an hour, to the nearest 5 from 10 min', () => {
    // Middle 26.5 → 25; middle 8.5 → 9 (to the minute below 10).
    expect(etaFigure({ minMinutes: 15, maxMinutes: 38 })).toEqual({ kind: 'aboutMinutes', minutes: 25 });
    expect(etaFigure({ minMinutes: 4, maxMinutes: 13 })).toEqual({ kind: 'aboutMinutes', minutes: 9 });
    expect(etaFigure({ minMinutes: 0, maxMinutes: 1 })).toEqual({ kind: 'aboutMinutes', minutes: 1 });
  });

  it('says about an hour, or 2 hours, and only more than an hour when even the low end is an hour away', () => {
    expect(etaFigure({ minMinutes: 35, maxMinutes: 85 })).toEqual({ kind: 'aboutHours', hours: 1 });
    expect(etaFigure({ minMinutes: 55, maxMinutes: 185 })).toEqual({ kind: 'aboutHours', hours: 2 });
    expect(etaFigure({ minMinutes: 62, maxMinutes: 170 })).toEqual({ kind: 'overAnHour' });
    expect(etaFigure({ minMinutes: 30, maxMinutes: 260 })).toEqual({ kind: 'overAnHour' });
  });
});
