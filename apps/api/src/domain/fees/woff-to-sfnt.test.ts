import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as fontkit from 'fontkit';
import { woffToSfnt } from './woff-to-sfnt.js';

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'));

describe('unpacking the Arabic font for the receipts', () => {
  it('gives the same font as the WOFF file: same glyphs, same shaping', () => {
    const packed = fontkit.create(woff);
    const unpacked = fontkit.create(woffToSfnt(woff));
    if (!('layout' in packed) || !('layout' in unpacked)) throw new Error('expected single fonts');
    expect(unpacked.numGlyphs).toBe(packed.numGlyphs);
    expect(unpacked.postscriptName).toBe(packed.postscriptName);
    const shaped = (font: fontkit.Font) => font.layout('رقم الإيصال', []).glyphs.map((glyph) => glyph.id);
    expect(shaped(unpacked)).toEqual(shaped(packed));
    expect(unpacked.layout('رقم الإيصال', []).advanceWidth).toBe(packed.layout('رقم الإيصال', []).advanceWidth);
  });

  it('refuses a file that is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('OTTO and then some bytes of a plain font'))).toThrow('Not a WOFF 1.0 font');
  });
});
