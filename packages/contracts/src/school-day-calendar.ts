import { z } from 'zod';
import { bahrainDate } from './school-year.js';
import { WEEKDAYS, savedSchoolDaySettings, type Weekday } from './school-day.js';
import type { DriverRun } from './driver.js';

/**
 * The school calendar as pure functions, the same on the phone and the server. A date is Bahrain's
 * 'YYYY-MM-DD'; Bahrain keeps UTC+3 all year, so a date and a clock time name one instant whatever
 * the zone of the machine that asks.
 */

export const schoolCalendar = savedSchoolDaySettings.pick({ schoolDays: true, noServiceDates: true });
export type SchoolCalendar = z.output<typeof schoolCalendar>;
/** The school week and the no-service dates, for the family's date pickers. */
export const schoolCalendarAnswer = z.object({ calendar: schoolCalendar });

export interface PlannedRunTimes {
  morningStart: string;
  morningEnd: string;
  afternoonStart: string;
  afternoonEnd: string;
}

/** Today's date in Bahrain. */
export const bahrainToday = (now: Date): string => bahrainDate(now);

/** The date `count` days after (or before, when negative) the given one. */
export function addDays(date: string, count: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + count);
  return day.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

/** The instant a Bahrain clock time ('06:00') falls on a date. */
export function bahrainInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+03:00`);
}

/** The no-service date's name ('National Day'), or null. */
export function noServiceName(calendar: SchoolCalendar, date: string): string | null {
  return calendar.noServiceDates.find((entry) => entry.date === date)?.name ?? null;
}

/** Whether the buses run: a day of the school week that is not a no-service date. */
export function isSchoolDay(calendar: SchoolCalendar, date: string): boolean {
  return calendar.schoolDays.includes(weekdayOf(date)) && noServiceName(calendar, date) === null;
}

/** The school days from one date to another, both included: weekends and no-service dates are skipped. */
export function schoolDaysBetween(calendar: SchoolCalendar, from: string, to: string): string[] {
  const days: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) if (isSchoolDay(calendar, date)) days.push(date);
  return days;
}

export function plannedStart(times: PlannedRunTimes, date: string, run: DriverRun): Date {
  return bahrainInstant(date, run === 'morning' ? times.morningStart : times.afternoonStart);
}

export function plannedEnd(times: PlannedRunTimes, date: string, run: DriverRun): Date {
  return bahrainInstant(date, run === 'morning' ? times.morningEnd : times.afternoonEnd);
}
