import { describe, expect, it } from 'vitest';
import {
  addDays,
  bahrainInstant,
  bahrainToday,
  isSchoolDay,
  noServiceName,
  plannedEnd,
  plannedStart,
  schoolDaysBetween,
  weekdayOf,
} from './school-day-calendar.js';
import { schoolDaySettings } from './school-day.js';

const settings = schoolDaySettings.parse({ noServiceDates: [{ date: '2026-12-16', name: 'National Day' }] });

describe('the school calendar', () => {
  it("takes today's date from Bahrain's clock, not the machine's zone", () => {
    // 21:30 UTC on 1 December is 00:30 on 2 December in Bahrain.
    expect(bahrainToday(new Date('2026-12-01T21:30:00Z'))).toBe('2026-12-02');
    expect(bahrainToday(new Date('2026-12-01T20:59:00Z'))).toBe('2026-12-01');
  });

  it('runs Sunday to Thursday by default, never on a Friday, Saturday or no-service date', () => {
    expect(weekdayOf('2026-12-04')).toBe('fri');
    expect(isSchoolDay(settings, '2026-12-03')).toBe(true);
    expect(isSchoolDay(settings, '2026-12-04')).toBe(false);
    expect(isSchoolDay(settings, '2026-12-05')).toBe(false);
    expect(isSchoolDay(settings, '2026-12-16')).toBe(false);
    expect(noServiceName(settings, '2026-12-16')).toBe('National Day');
  });

  it('skips the weekend and holidays inside a range', () => {
    expect(schoolDaysBetween(settings, '2026-12-03', '2026-12-07')).toEqual(['2026-12-03', '2026-12-06', '2026-12-07']);
    expect(schoolDaysBetween(settings, '2026-12-15', '2026-12-17')).toEqual(['2026-12-15', '2026-12-17']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("places the planned times on Bahrain's clock", () => {
    expect(bahrainInstant('2026-12-01', '06:00').toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(plannedStart(settings, '2026-12-01', 'afternoon').toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(plannedEnd(settings, '2026-12-01', 'morning').toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('refuses settings whose planned end is not after the start', () => {
    expect(schoolDaySettings.safeParse({ morningStart: '08:00', morningEnd: '07:00' }).success).toBe(false);
    expect(schoolDaySettings.safeParse({ schoolDays: ['sun', 'funday'] }).success).toBe(false);
  });
});
