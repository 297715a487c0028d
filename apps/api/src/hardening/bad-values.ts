import fc from 'fast-check';

/**
 * The values the bad-input tests throw: wrong types, huge strings,
 * unicode (any code point, combining marks, emoji), right-to-left marks, null bytes, SQL and HTML
 * fragments, numbers out of range, money with three decimals.
 */
export const SQL_FRAGMENTS = [
  "'; DROP TABLE students; --",
  "' OR '1'='1",
  '1) UNION SELECT password_hash FROM users --',
  "1'; SELECT pg_sleep(5); --",
  '$$ || $$',
  '\\x27',
];
export const HTML_FRAGMENTS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
];
export const UNICODE_TEXT = [
  '\u202Eevil\u202C',
  '\u200F\u200Eمرحبا',
  'سارة\u200F علي',
  'e\u0301\u0301\u0301',
  '👨‍👩‍👧‍👦',
  '\uFEFFbom',
  '\uD800',
  '\u2028\u2029',
];
export const NULL_BYTES = ['a\u0000b', '\u0000', '%00'];
export const MONEY_WITH_THREE_DECIMALS = ['25.123', '0.001', '99999999.999', 25.125, 0.005];
export const OUT_OF_RANGE_NUMBERS = [
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1,
  -0.001,
  0,
  2 ** 31,
  '1e309',
  '-0',
  '99999999999.99',
  'NaN',
  'Infinity',
];

const fragments = fc.constantFrom<unknown>(
  ...SQL_FRAGMENTS,
  ...HTML_FRAGMENTS,
  ...UNICODE_TEXT,
  ...NULL_BYTES,
  ...MONEY_WITH_THREE_DECIMALS,
  ...OUT_OF_RANGE_NUMBERS,
  '',
  ' ',
  '../../etc/passwd',
);

/** One bad value of any kind. */
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fragments },
  // Fragments inside otherwise ordinary text, as a person might type them.
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fragments, fc.string({ maxLength: 8 })).map(([a, b, c]) => `${a}${String(b)}${c}`) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 5000, maxLength: 20000 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null)) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
    ),
  },
);

/** Money values with three decimals (or more): never accepted, never rounded into the ledger. */
export function isMoneyWithThreeDecimals(value: unknown): boolean {
  return (typeof value === 'string' || typeof value === 'number') && /^-?\d+\.\d{3,}$/.test(String(value).trim());
}
