import { describe, expect, it } from 'vitest';
import { datePickerLanguage } from './date-picker.js';

describe('the date pickers in the screen’s language', () => {
  it('write the picked day, or range, as the screens write days', () => {
    const english = datePickerLanguage('en').valueFormatter;
    const arabic = datePickerLanguage('ar').valueFormatter;
    const input = { locale: 'en', format: 'YYYY-MM-DD', labelSeparator: '–' };
    expect(english({ ...input, type: 'default', date: '2026-12-01' })).toBe('1 December 2026');
    expect(arabic({ ...input, type: 'default', date: '2026-12-01' })).toBe('1 ديسمبر 2026');
    expect(english({ ...input, type: 'range', date: ['2026-12-01', '2026-12-03'] })).toBe('1 December 2026 – 3 December 2026');
    expect(english({ ...input, type: 'range', date: ['2026-12-01', null] })).toBe('1 December 2026');
    expect(english({ ...input, type: 'default', date: null })).toBe('');
  });
});
