import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDay, formatMonth, formatNumber } from './format.js';

describe('formatting for the language', () => {
  it('shows BHD amounts with the two decimals the API gives, grouped, in Latin digits in both languages', () => {
    expect(formatAmount('25.00', 'en')).toBe('25.00');
    expect(formatAmount('25', 'ar')).toBe('25.00');
    expect(formatAmount('1234.5', 'en')).toBe('1,234.50');
    expect(formatAmount('1234.5', 'ar')).toBe('1,234.50');
    expect(formatAmount('n/a', 'ar')).toBe('n/a');
    expect(formatNumber(24, 'ar')).toBe('24');
  });

  it('writes dates and months with the language’s month names', () => {
    expect(formatDay('2026-09-30', 'en')).toBe('30 Sept 2026');
    expect(formatDay('2026-09-30', 'ar')).toBe('30 سبتمبر 2026');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-11', 'ar')).toBe('نوفمبر 2026');
    expect(formatDate('2026-11-22T10:00:00Z', 'en')).toBe('22 Nov 2026');
    expect(formatDate('2026-11-22T10:00:00Z', 'ar')).toMatch(/^22 نوفمبر 2026$/);
  });

  it('never shows Arabic-Indic digits (phone numbers and IDs are typed in Latin digits)', () => {
    for (const text of [formatAmount('987.65', 'ar'), formatDay('2026-12-31', 'ar'), formatNumber(1234567, 'ar')]) expect(text).not.toMatch(/[٠-٩]/);
  });
});
