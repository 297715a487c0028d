import { describe, expect, it } from 'vitest';
import { chunksOf, isolate } from './bidi-text.js';

/** The chunks as drawn from left to right; Arabic chunks (reversed by the font's shaping) marked. */
const drawn = (line: string, direction: 'rtl' | 'ltr') => chunksOf(line, direction).map((chunk) => (chunk.arabicFont ? `[${chunk.text}]` : chunk.text));

describe('laying out a line of mixed Arabic and Latin text', () => {
  it('puts the first Arabic word at the right and keeps an Arabic phrase one shaped run', () => {
    expect(drawn('رقم الإيصال', 'rtl')).toEqual(['[رقم الإيصال]']);
  });

  it('keeps numbers and Latin words left to right inside Arabic, at their place from the right', () => {
    // Logical: "Total 30.00 BHD" in Arabic; drawn from the left: the currency, the amount, then the label.
    expect(drawn('الإجمالي 30.00 د.ب.', 'rtl')).toEqual(['.', '[ب]', '.', '[د]', ' ', '30.00', ' ', '[الإجمالي]']);
    expect(drawn('مريم Sara', 'rtl')).toEqual(['Sara', ' ', '[مريم]']);
  });

  it('mirrors brackets between Arabic words and reverses the punctuation around them', () => {
    // "Amount (BHD)": the bracket that opens the group at the right is drawn as ')'.
    expect(drawn('المبلغ (د.ب.)', 'rtl')).toEqual(['(.', '[ب]', '.', '[د]', ') ', '[المبلغ]']);
  });

  it('writes an Arabic name on an English line in its place, left to right around it', () => {
    expect(drawn('Received from مريم أحمد today', 'ltr')).toEqual(['Received from ', '[مريم أحمد]', ' today']);
  });
});

describe('text someone typed, isolated inside the paragraph', () => {
  it('keeps a Latin name’s final full stop at its end in a right-to-left paragraph', () => {
    // Alone in an Arabic paragraph, the full stop takes the paragraph's direction and is drawn first.
    expect(drawn('Demo Student Transport W.L.L.', 'rtl')).toEqual(['.', 'Demo Student Transport W.L.L']);
    expect(drawn(isolate('Demo Student Transport W.L.L.'), 'rtl')).toEqual(['Demo Student Transport W.L.L.']);
  });

  it('keeps a list of numbers in its written order after an Arabic label', () => {
    expect(drawn(`الهاتف: ${isolate('39000001 / 39000002')}`, 'rtl')).toEqual(['39000001 / 39000002', ' :', '[الهاتف]']);
  });

  it('keeps an Arabic name whole, and its full stop at its end, on an English line', () => {
    expect(drawn(`Received from ${isolate('مريم.')}`, 'ltr')).toEqual(['Received from ', '.', '[مريم]']);
  });
});

describe('characters outside the basic plane', () => {
  it('keeps an emoji in a name whole (two UTF-16 units, one character)', () => {
    expect(chunksOf('Sara 🚌 مريم', 'ltr').map((chunk) => chunk.text)).toEqual(['Sara 🚌 ', 'مريم']);
  });
});
