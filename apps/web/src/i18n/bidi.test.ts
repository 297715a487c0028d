import { describe, expect, it } from 'vitest';
import i18n from './index.js';
import { loadLanguage } from './load-language.js';
import './office.js';
import { isolateInArabic } from './bidi.js';

describe('typed text inside an Arabic sentence', () => {
  it('isolates Latin text that starts or ends with punctuation, so the mark stays on its side of the name', () => {
    expect(isolateInArabic('Demo Student Transport W.L.L.', 'ar')).toBe('\u2068Demo Student Transport W.L.L.\u2069');
    expect(isolateInArabic('Sara (B)', 'ar')).toBe('\u2068Sara (B)\u2069');
    expect(isolateInArabic('"Quoted" name', 'ar')).toBe('\u2068"Quoted" name\u2069');
  });

  it('leaves English screens, Arabic text, numbers and names that begin and end with a letter as they are', () => {
    expect(isolateInArabic('Demo Student Transport W.L.L.', 'en')).toBe('Demo Student Transport W.L.L.');
    expect(isolateInArabic('مريم.', 'ar')).toBe('مريم.');
    expect(isolateInArabic('30.00', 'ar')).toBe('30.00');
    expect(isolateInArabic('Riffa', 'ar')).toBe('Riffa');
    expect(isolateInArabic('RCT-000001', 'ar')).toBe('RCT-000001');
    expect(isolateInArabic('F8', 'ar')).toBe('F8');
  });

  it('is what the catalogs put in their sentences, in Arabic only', async () => {
    await loadLanguage('ar');
    const ar = i18n.getFixedT('ar', 'admin');
    const en = i18n.getFixedT('en', 'admin');
    expect(ar('shell.signedInAs', { name: 'Demo Admin Jr.' })).toBe('مسجّل الدخول باسم \u2068Demo Admin Jr.\u2069');
    expect(ar('shell.signedInAs', { name: 'Demo Admin' })).toBe('مسجّل الدخول باسم Demo Admin');
    expect(en('shell.signedInAs', { name: 'Demo Admin Jr.' })).toBe('Signed in as Demo Admin Jr.');
  });
});
