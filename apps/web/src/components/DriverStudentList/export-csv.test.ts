import { describe, expect, it } from 'vitest';
import { buildCsv, csvFileName } from './export-csv.js';

describe('the driver CSV', () => {
  it('starts with a byte-order mark, quotes commas, quotes and new lines, and neutralises formulas', () => {
    const csv = buildCsv(
      ['ID', 'Name', 'Address'],
      [
        ['STU-1', 'Noor "Nana", Jr', '=HYPERLINK("x")'],
        ['STU-2', 'سارة', 'Line 1\nLine 2'],
        ['STU-3', '+973', null],
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe(
      ['ID,Name,Address', 'STU-1,"Noor ""Nana"", Jr","\'=HYPERLINK(""x"")"', 'STU-2,سارة,"Line 1\nLine 2"', "STU-3,'+973,", ''].join('\r\n'),
    );
  });

  it('names the file after the driver and the day, without characters a file system refuses', () => {
    expect(csvFileName('Ahmed Demo', '2026-11-22')).toBe('driver-students-Ahmed Demo-2026-11-22.csv');
    expect(csvFileName('A/B: "C"', '2026-11-22')).toBe('driver-students-A-B- -C--2026-11-22.csv');
    expect(csvFileName('  ', '2026-11-22')).toBe('driver-students-driver-2026-11-22.csv');
  });
});
