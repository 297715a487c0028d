import { describe, expect, it } from 'vitest';
import { bahrainDate, currentServiceMonth, dueWindow, isServiceMonth, monthsToGenerate, schoolYearMonths } from './school-year.js';
import { companySettings } from './settings.js';
import { splitVat } from './fees.js';

describe('the due-date rule over a whole school year (September start)', () => {
  it('makes each fee due from the 26th to the 30th of the month before, and May and June both in April', () => {
    const year = schoolYearMonths('2026-09').map((month) => ({ month, ...dueWindow(month) }));
    expect(year).toEqual([
      { month: '2026-09', dueFrom: '2026-08-26', dueDate: '2026-08-30' },
      { month: '2026-10', dueFrom: '2026-09-26', dueDate: '2026-09-30' },
      { month: '2026-11', dueFrom: '2026-10-26', dueDate: '2026-10-30' },
      { month: '2026-12', dueFrom: '2026-11-26', dueDate: '2026-11-30' },
      { month: '2027-01', dueFrom: '2026-12-26', dueDate: '2026-12-30' },
      { month: '2027-02', dueFrom: '2027-01-26', dueDate: '2027-01-30' },
      // February is shorter than 30 days: the window ends on its last day.
      { month: '2027-03', dueFrom: '2027-02-26', dueDate: '2027-02-28' },
      { month: '2027-04', dueFrom: '2027-03-26', dueDate: '2027-03-30' },
      { month: '2027-05', dueFrom: '2027-04-26', dueDate: '2027-04-30' },
      { month: '2027-06', dueFrom: '2027-04-26', dueDate: '2027-04-30' },
    ]);
  });

  it('ends the February window on the 29th in a leap year', () => {
    expect(dueWindow('2028-03')).toEqual({ dueFrom: '2028-02-26', dueDate: '2028-02-29' });
  });

  it('knows the school year from any month, and the summer break belongs to no school year', () => {
    expect(schoolYearMonths('2027-03')[0]).toBe('2026-09');
    expect(schoolYearMonths('2027-07')[0]).toBe('2027-09');
    expect(isServiceMonth('2027-06')).toBe(true);
    expect(isServiceMonth('2027-07')).toBe(false);
    expect(isServiceMonth('2027-08')).toBe(false);
    expect(schoolYearMonths('2026-01', 1)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ]);
    expect(dueWindow('2026-10', 1)).toEqual({ dueFrom: '2026-08-26', dueDate: '2026-08-30' });
  });

  it('names the current service month, and in the summer the first month of the coming year', () => {
    expect(currentServiceMonth('2026-10-14')).toBe('2026-10');
    expect(currentServiceMonth('2027-07-02')).toBe('2027-09');
    expect(currentServiceMonth('2027-08-31')).toBe('2027-09');
  });

  it('generates a month from the 26th of the month before, and May and June together on 26 April', () => {
    expect(monthsToGenerate('2026-08-25')).toEqual([]);
    expect(monthsToGenerate('2026-08-26')).toEqual(['2026-09']);
    expect(monthsToGenerate('2026-10-03')).toEqual(['2026-10']);
    expect(monthsToGenerate('2026-10-26')).toEqual(['2026-10', '2026-11']);
    expect(monthsToGenerate('2027-04-26')).toEqual(['2027-04', '2027-05', '2027-06']);
    expect(monthsToGenerate('2027-07-15')).toEqual([]);
  });

  it('reads dates in Bahrain time (UTC+3)', () => {
    expect(bahrainDate(new Date('2026-08-25T21:30:00Z'))).toBe('2026-08-26');
    expect(bahrainDate(new Date('2026-08-25T20:59:00Z'))).toBe('2026-08-25');
  });
});

describe('school year and VAT settings', () => {
  it('defaults to a September start and no VAT, and refuses nonsense', () => {
    const defaults = companySettings.parse({});
    expect(defaults.firstServiceMonth).toBe(9);
    expect(defaults.vatRatePercent).toBe('0');
    expect(companySettings.parse({ firstServiceMonth: '1', vatRatePercent: '10.00' })).toMatchObject({ firstServiceMonth: 1, vatRatePercent: '10' });
    expect(companySettings.safeParse({ firstServiceMonth: 13 }).success).toBe(false);
    expect(companySettings.safeParse({ vatRatePercent: '101' }).success).toBe(false);
    expect(companySettings.safeParse({ vatRatePercent: 'ten' }).success).toBe(false);
  });

  it('splits a VAT-inclusive total into net and VAT that add up', () => {
    expect(splitVat('25.00', '10')).toEqual({ netBhd: '22.73', vatBhd: '2.27' });
    expect(splitVat('11.00', '10')).toEqual({ netBhd: '10.00', vatBhd: '1.00' });
    expect(splitVat('30.00', '0')).toEqual({ netBhd: '30.00', vatBhd: '0.00' });
  });
});
