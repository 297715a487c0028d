import { describe, expect, it } from 'vitest';
import { termsShownIn } from './terms-text.js';

const both = { content: 'The bus waits at most 3 minutes.', contentAr: 'تنتظر الحافلة 3 دقائق كحدٍّ أقصى.' };
const englishOnly = { content: 'The bus waits at most 3 minutes.', contentAr: null };

describe('the terms text a parent reads', () => {
  it('is the Arabic text on an Arabic page, and the English one on an English page', () => {
    expect(termsShownIn('ar', both)).toEqual({ text: both.contentAr, language: 'ar', arabicMissing: false });
    expect(termsShownIn('en', both)).toEqual({ text: both.content, language: 'en', arabicMissing: false });
  });

  it('is the English text, marked as such, on an Arabic page while the version has no Arabic text', () => {
    expect(termsShownIn('ar', englishOnly)).toEqual({ text: englishOnly.content, language: 'en', arabicMissing: true });
    expect(termsShownIn('en', englishOnly)).toEqual({ text: englishOnly.content, language: 'en', arabicMissing: false });
  });
});
