import type { DateFormatter } from '@mantine/dates';
import { formatDate, formatMonth, formatWeekday } from './format.js';

/**
 * Mantine's date pickers in the screen's language, like every other date: the calendar's month,
 * weekday and day names, and the picked day written as the screens write days ('27 November 2026',
 * '27 نوفمبر 2026'; a range 'from – to'), rather than a format string's English month names.
 */
export function datePickerLanguage(language: string) {
  const day = (value: unknown) => (typeof value === 'string' && value ? formatDate(value.slice(0, 10), language, 'long') : '');
  const valueFormatter: DateFormatter = ({ type, date }) => (type === 'range' && Array.isArray(date) ? date.map(day).filter(Boolean).join(' – ') : day(date));
  return {
    monthLabelFormat: (month: string) => formatMonth(month, language),
    monthsListFormat: (month: string) => formatMonth(month, language, 'short'),
    weekdayFormat: (weekday: string) => formatWeekday(weekday, language),
    getDayAriaLabel: (date: string) => formatDate(date, language, 'long'),
    valueFormatter,
  };
}
