import type { FormatterModule } from 'i18next';

/** Unicode's first-strong isolate and its closing mark. */
const FSI = '\u2068';
const PDI = '\u2069';

const LATIN = /[A-Za-z]/;
const MARK_AT_AN_END = /^[\p{P}\p{S}]|[\p{P}\p{S}]$/u;

/**
 * A value put into an Arabic sentence ('مسجّل الدخول باسم {{name}}'), isolated when its own
 * direction would otherwise be lost: Latin text that starts or ends with punctuation or a symbol
 * ('Demo Student Transport W.L.L.', 'Sara (B)'). Right to left, such a mark at the edge of a Latin
 * run takes the sentence's direction and lands on the wrong side of the name; inside an isolate
 * (U+2068 ... U+2069) it stays where it was typed. Other values are left as they are, isolating them
 * would change nothing on screen: Arabic text, numbers, and Latin text that begins and ends with a
 * letter or a digit (digits after Latin letters already follow them: 'RCT-000001', 'F8').
 */
export function isolateInArabic(value: string, language: string | undefined): string {
  const text = value.trim();
  if (language !== 'ar' || !LATIN.test(text) || !MARK_AT_AN_END.test(text) || text.startsWith(FSI)) return value;
  return `${FSI}${value}${PDI}`;
}

/**
 * i18next's formatter, which every interpolated value goes through (interpolation.alwaysFormat).
 * The catalogs name no formats ({{value, number}}): dates and amounts come written by format.ts.
 */
export const isolateTypedText: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value, _format, language) => (typeof value === 'string' ? isolateInArabic(value, language) : value),
};
