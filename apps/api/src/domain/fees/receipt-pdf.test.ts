import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Language, Receipt } from '@school-transport/contracts';
import { renderReceiptPdf } from './receipt-pdf.js';

const RECEIPT: Receipt = {
  id: '00000000-0000-0000-0000-000000000001',
  receiptNumber: 'RCT-000001',
  paidAt: '2026-11-22',
  method: 'bank_transfer',
  reference: 'TRX-42.',
  amountBhd: '60.00',
  voided: false,
  voidReason: null,
  parentName: 'Sara Ali Jr.',
  lines: [
    { studentName: 'Maryam Ali', automatedId: 'STU-000042', month: '2026-11', amountBhd: '30.00' },
    { studentName: 'مريم علي', automatedId: 'STU-000043', month: '2026-11', amountBhd: '30.00' },
  ],
  vat: null,
  company: { name: 'Demo Student Transport W.L.L.', contactText: 'Manama, Kingdom of Bahrain.', phones: ['39000001', '39000002'] },
};

/**
 * The receipt's text as a reader sees it: pdf.js (Firefox's PDF reader) reads the page's text
 * items, and the items on one baseline are put together from left to right, as they are drawn.
 */
async function linesOf(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const page = await document.getPage(1);
  const items: { text: string; x: number; y: number }[] = [];
  for (const item of (await page.getTextContent()).items) {
    if ('str' in item && item.str.trim() !== '') items.push({ text: item.str, x: item.transform[4] as number, y: Math.round(item.transform[5] as number) });
  }
  await document.destroy();
  const rows = new Map<number, { text: string; x: number }[]>();
  for (const item of items) rows.set(item.y, [...(rows.get(item.y) ?? []), item]);
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((item) => item.text)
        .join(''),
    );
}

const render = (language: Language) => renderReceiptPdf(RECEIPT, language);

describe('the receipt PDF read back as text', () => {
  it('keeps a Latin company name whole on an Arabic receipt, its full stop at its end', async () => {
    const lines = await linesOf(await render('ar'));
    expect(lines[0]).toBe('Demo Student Transport W.L.L.');
    expect(lines).toContain('Manama, Kingdom of Bahrain.');
  });

  it('keeps a long Latin company name in order when it wraps onto a second line', async () => {
    const name = 'Demo Student Transport and School Bus Services of the Kingdom W.L.L.';
    const lines = await linesOf(await renderReceiptPdf({ ...RECEIPT, company: { ...RECEIPT.company, name } }, 'ar'));
    expect(lines[1]).toMatch(/ W\.L\.L\.$/);
    expect(`${lines[0]} ${lines[1]}`).toBe(name);
  });

  it('keeps the receipt number, the parent’s name and the reference intact beside their Arabic labels', async () => {
    const lines = await linesOf(await render('ar'));
    const row = (label: string) => lines.find((line) => line.includes(label)) ?? '';
    // The label sits on the right, its value on the left: the value comes first reading left to right.
    expect(row('RCT-000001')).toMatch(/^RCT-000001\s*\S/);
    expect(row('Sara Ali Jr.')).toMatch(/^Sara Ali Jr\.\s*\S/);
    expect(row('TRX-42.')).toMatch(/^TRX-42\.\s*\S/);
    expect(row('39000001')).toContain('39000001 / 39000002');
    expect(row('STU-000042')).toContain('Maryam Ali');
  });

  it('writes the Arabic words in Noto Sans Arabic and the date right to left: day, month, year', async () => {
    const pdf = await render('ar');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic-Bold/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic-Regular/);
    // Read from the left, the date row shows the year, the month's name, the day, then its label.
    // (Shaped Arabic letters do not map back to their characters exactly, so only the order is read.)
    const date = (await linesOf(pdf)).find((line) => line.includes('2026') && !line.includes('STU-')) ?? '';
    expect(date).toMatch(/^2026[^\d]+22[^\d]+$/);
  });

  it('writes the same receipt in English, left to right', async () => {
    const lines = await linesOf(await render('en'));
    expect(lines[0]).toBe('Demo Student Transport W.L.L.');
    expect(lines.find((line) => line.startsWith('Receipt number'))).toMatch(/^Receipt number\s*RCT-000001$/);
    expect(lines.find((line) => line.startsWith('Date paid'))).toMatch(/^Date paid\s*22 November 2026$/);
    expect(lines.find((line) => line.startsWith('Received from'))).toMatch(/^Received from\s*Sara Ali Jr\.$/);
  });
});
