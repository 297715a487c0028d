import { addDays, weekdayOf, type SchoolCalendar } from '@school-transport/contracts';
import type { Weekday } from '@school-transport/contracts';

/**
 * Bahrain's working days, by which the law's answer time is counted: Sunday to Thursday, less the
 * no-service dates the office set (public holidays). The school week the buses run is not used:
 * an office that runs buses on Saturdays still answers on working days.
 */
const WORKING_WEEKDAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu'];

export function isWorkingDay(calendar: Pick<SchoolCalendar, 'noServiceDates'>, date: string): boolean {
  return WORKING_WEEKDAYS.includes(weekdayOf(date)) && !calendar.noServiceDates.some((entry) => entry.date === date);
}

/** The date `count` working days after `from` (a request made on Thursday, 10 days: two weeks later). */
export function workingDaysAfter(calendar: Pick<SchoolCalendar, 'noServiceDates'>, from: string, count: number): string {
  let date = from;
  for (let left = count; left > 0; ) {
    date = addDays(date, 1);
    if (isWorkingDay(calendar, date)) left -= 1;
  }
  return date;
}

/** Working days from `today` to `dueBy`: 0 when due today or no working day is left before it; negative when late. */
export function workingDaysLeft(calendar: Pick<SchoolCalendar, 'noServiceDates'>, today: string, dueBy: string): number {
  if (dueBy < today) {
    let late = 0;
    for (let date = dueBy; date < today; date = addDays(date, 1)) if (isWorkingDay(calendar, addDays(date, 1))) late += 1;
    return -Math.max(late, 1);
  }
  let left = 0;
  for (let date = today; date < dueBy; date = addDays(date, 1)) if (isWorkingDay(calendar, addDays(date, 1))) left += 1;
  return left;
}
