import { describe, expect, it } from 'vitest';
import { formatAmount, formatChoices, formatDate, formatDateTime, formatMonth, formatMonthName, formatNumber, formatTime, formatWeekday } from './format.js';

const LATIN_MONTH = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/i;

describe('formatting for the language', () => {
  it('shows BHD amounts with the two decimals the API gives, grouped, in Latin digits in both languages', () => {
    expect(formatAmount('25.00', 'en')).toBe('25.00');
    expect(formatAmount('25', 'ar')).toBe('25.00');
    expect(formatAmount('1234.5', 'en')).toBe('1,234.50');
    expect(formatAmount('1234.5', 'ar')).toBe('1,234.50');
    expect(formatAmount(0.1 + 0.2, 'en')).toBe('0.30');
    expect(formatAmount('n/a', 'ar')).toBe('n/a');
    expect(formatNumber(24, 'ar')).toBe('24');
  });

  it('writes calendar days, months and month names with the language’s month names', () => {
    expect(formatDate('2026-09-30', 'en')).toBe('30 Sept 2026');
    expect(formatDate('2026-09-30', 'ar')).toBe('30 سبتمبر 2026');
    expect(formatDate('2026-09-30', 'en', 'long')).toBe('30 September 2026');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'ar')).toBe('نوفمبر 2026');
    expect(formatMonth('2026-11-01', 'ar')).toBe('نوفمبر 2026');
    expect(formatMonth('2026-09', 'en', 'short')).toBe('Sept');
    expect(formatMonth('2026-09', 'ar', 'short')).toBe('سبتمبر');
    expect(formatMonthName(1, 'en')).toBe('January');
    expect(formatMonthName(12, 'ar')).toBe('ديسمبر');
    expect(formatWeekday('2026-11-22', 'en')).toBe('Sun');
    expect(formatWeekday('2026-11-22', 'ar')).toBe('ح');
  });

  it('writes a moment’s time alone on Bahrain’s clock, 24-hour with Latin digits, whatever the device’s zone', () => {
    expect(formatTime('2026-11-26T03:42:00Z', 'en')).toBe('06:42');
    expect(formatTime('2026-11-26T03:42:00Z', 'ar')).toBe('06:42');
    expect(formatTime('2026-11-26T10:05:00Z', 'ar')).toBe('13:05');
    expect(formatTime('2026-11-26T11:05:00Z', 'en')).toBe('14:05');
    expect(formatTime('2026-11-25T21:00:00Z', 'en')).toBe('00:00');
    expect(formatTime('not a time', 'en')).toBe('not a time');
  });

  it('writes a moment on Bahrain’s clock, so late evening UTC is already the next day', () => {
    expect(formatDate('2026-11-22T10:00:00Z', 'en')).toBe('22 Nov 2026');
    expect(formatDate('2026-11-22T10:00:00Z', 'ar')).toBe('22 نوفمبر 2026');
    expect(formatDate('2026-11-25T22:30:00Z', 'en')).toBe('26 Nov 2026');
    expect(formatDateTime('2026-11-26T00:51:00Z', 'en')).toBe('26 Nov 2026, 03:51');
    const arabic = formatDateTime('2026-11-26T00:51:00Z', 'ar');
    expect(arabic).toContain('26 نوفمبر 2026');
    expect(arabic).toContain('03:51');
  });

  it('has no Latin month name in any Arabic date, month or amount, and no Arabic-Indic digits either', () => {
    const texts: string[] = [];
    for (let month = 1; month <= 12; month += 1) {
      const mm = String(month).padStart(2, '0');
      texts.push(formatDate(`2026-${mm}-15`, 'ar'), formatDate(`2026-${mm}-15T08:00:00Z`, 'ar', 'long'), formatDateTime(`2026-${mm}-15T08:00:00Z`, 'ar'));
      texts.push(formatMonth(`2026-${mm}`, 'ar'), formatMonth(`2026-${mm}`, 'ar', 'short'), formatMonthName(month, 'ar'));
    }
    texts.push(formatAmount('987.65', 'ar'), formatNumber(1234567, 'ar'));
    for (const text of texts) {
      expect(text).not.toMatch(LATIN_MONTH);
      expect(text).not.toMatch(/[٠-٩]/);
    }
    // The same dates in English do name the months, so the check above can tell.
    expect(formatDate('2026-05-15', 'en')).toMatch(LATIN_MONTH);
  });

  it('joins runs to choose from with the language’s own “or”', () => {
    expect(formatChoices(['Afternoon – KG', 'Afternoon'], 'en')).toBe('Afternoon – KG or Afternoon');
    expect(formatChoices(['KG', 'Primary', 'Afternoon'], 'en')).toBe('KG, Primary or Afternoon');
    expect(formatChoices(['الروضة', 'بعد الظهر'], 'ar')).toBe('الروضة أو بعد الظهر');
  });

  it('shows text that is not a date or a month as it came', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
    expect(formatDateTime('', 'ar')).toBe('');
    expect(formatMonth('2026', 'en')).toBe('2026');
  });
});
