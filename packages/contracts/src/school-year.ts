/**
 * The school year and the due-date rule of the terms, as pure functions shared by
 * the web app and the server. A month is 'YYYY-MM'; a day is 'YYYY-MM-DD' in Bahrain's time.
 *
 * - The agreement runs for 10 service months from the first service month (default September).
 * - A month's fee is due from the 26th to the 30th of the month before; in February, whose last day
 *   is the 28th or 29th, the window ends on its last day.
 * - The last service month (June with a September start) is due in the same window as the one
 *   before it (May): both from the 26th to the 30th of April.
 */
export const SERVICE_MONTH_COUNT = 10;
export const DEFAULT_FIRST_SERVICE_MONTH = 9;
export const DUE_WINDOW_FIRST_DAY = 26;
export const DUE_WINDOW_LAST_DAY = 30;
/** Bahrain keeps UTC+3 all year (no daylight saving). */
const BAHRAIN_OFFSET_MS = 3 * 60 * 60 * 1000;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

function parts(month: string): { year: number; month: number } {
  if (!isMonth(month)) throw new Error(`Not a month: ${month}`);
  return { year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) };
}

function format(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The month `count` months after (or before, when negative) the given one. */
export function addMonths(month: string, count: number): string {
  const { year, month: m } = parts(month);
  const index = year * 12 + (m - 1) + count;
  return format(Math.floor(index / 12), (index % 12) + 1);
}

export function daysInMonth(month: string): number {
  const { year, month: m } = parts(month);
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** Today's date in Bahrain, 'YYYY-MM-DD'. */
export function bahrainDate(now: Date): string {
  return new Date(now.getTime() + BAHRAIN_OFFSET_MS).toISOString().slice(0, 10);
}

export function monthOfDate(date: string): string {
  return date.slice(0, 7);
}

/** The instant a month begins in Bahrain. */
export function monthStartInstant(month: string): Date {
  return new Date(`${month}-01T00:00:00+03:00`);
}

/** The first month of the school year that contains `month`, or that starts next when `month` is in the summer break. */
export function schoolYearStart(month: string, firstServiceMonth = DEFAULT_FIRST_SERVICE_MONTH): string {
  const { year, month: m } = parts(month);
  const thisYearsStart = format(year, firstServiceMonth);
  const start = m >= firstServiceMonth ? thisYearsStart : format(year - 1, firstServiceMonth);
  // Past the last service month: the break before the next school year.
  return month > addMonths(start, SERVICE_MONTH_COUNT - 1) ? addMonths(start, 12) : start;
}

/** The 10 service months of the school year that contains `month` (or that follows the break it is in). */
export function schoolYearMonths(month: string, firstServiceMonth = DEFAULT_FIRST_SERVICE_MONTH): string[] {
  const start = schoolYearStart(month, firstServiceMonth);
  return Array.from({ length: SERVICE_MONTH_COUNT }, (_, i) => addMonths(start, i));
}

export function isServiceMonth(month: string, firstServiceMonth = DEFAULT_FIRST_SERVICE_MONTH): boolean {
  return schoolYearMonths(month, firstServiceMonth).includes(month);
}

/**
 * The service month whose fee the student's paid/unpaid flag shows: the month running now, or in
 * the summer break the first month of the coming school year.
 */
export function currentServiceMonth(today: string, firstServiceMonth = DEFAULT_FIRST_SERVICE_MONTH): string {
  return schoolYearMonths(monthOfDate(today), firstServiceMonth).find((month) => month >= monthOfDate(today))!;
}

export interface DueWindow {
  /** The first day of the window, 'YYYY-MM-DD'. */
  dueFrom: string;
  /** The last day to pay: after it an unpaid fee is overdue. */
  dueDate: string;
}

/** The due window of a service month's fee (see the rule at the top of this file). */
export function dueWindow(month: string, firstServiceMonth = DEFAULT_FIRST_SERVICE_MONTH): DueWindow {
  const months = schoolYearMonths(month, firstServiceMonth);
  const isLast = months.indexOf(month) === SERVICE_MONTH_COUNT - 1;
  const payIn = addMonths(month, isLast ? -2 : -1);
  const lastDay = Math.min(DUE_WINDOW_LAST_DAY, daysInMonth(payIn));
  return { dueFrom: `${payIn}-${DUE_WINDOW_FIRST_DAY}`, dueDate: `${payIn}-${String(lastDay).padStart(2, '0')}` };
}

/** The service months whose due window has opened by `today` and whose month has not ended: what the daily job makes rows for. */
export function monthsToGenerate(today: string, firstServiceMonth = DEFAULT_FIRST_SERVICE_MONTH): string[] {
  const thisMonth = monthOfDate(today);
  const candidates = [...new Set([...schoolYearMonths(thisMonth, firstServiceMonth), ...schoolYearMonths(addMonths(thisMonth, 2), firstServiceMonth)])];
  return candidates.filter((month) => month >= thisMonth && dueWindow(month, firstServiceMonth).dueFrom <= today);
}
