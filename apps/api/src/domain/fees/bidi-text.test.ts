import { describe, expect, it } from 'vitest';
import { chunksOf } from './bidi-text.js';

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

describe('characters outside the basic plane', () => {
  it('keeps an emoji in a name whole (two UTF-16 units, one character)', () => {
    expect(chunksOf('Sara 🚌 مريم', 'ltr').map((chunk) => chunk.text)).toEqual(['Sara 🚌 ', 'مريم']);
  });
});
