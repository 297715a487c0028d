import { describe, expect, it } from 'vitest';
import { admin as enAdmin } from './en/admin.js';
import { students as enStudents } from './en/students.js';
import { fees as enFees } from './en/fees.js';
import { analytics as enAnalytics } from './en/analytics.js';
import { outbox as enOutbox } from './en/outbox.js';
import { modificationRequests as enModificationRequests } from './en/modification-requests.js';
import { admin } from './ar/admin.js';
import { students } from './ar/students.js';
import { fees } from './ar/fees.js';
import { analytics } from './ar/analytics.js';
import { outbox } from './ar/outbox.js';
import { modificationRequests } from './ar/modification-requests.js';

type Tree = { readonly [key: string]: string | Tree };

/** Every string of a catalog by its dotted key. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const withoutPlaceholders = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '');

const namespaces: [string, Tree, Tree][] = [
  ['admin', enAdmin, admin],
  ['students', enStudents, students],
  ['fees', enFees, fees],
  ['analytics', enAnalytics, analytics],
  ['outbox', enOutbox, outbox],
  ['modificationRequests', enModificationRequests, modificationRequests],
];

describe.each(namespaces)('the Arabic %s catalog', (_name, english, arabic) => {
  const en = leaves(english);
  const ar = leaves(arabic);

  it('has exactly the English keys, none of them empty', () => {
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of ar) expect(text.trim(), key).not.toBe('');
  });

  it('keeps the English placeholders (a `_one` form may say "one" in words instead of {{count}})', () => {
    for (const [key, text] of en) {
      const expected = placeholders(text).filter((name) => !(key.endsWith('_one') && name === 'count'));
      const actual = placeholders(ar.get(key) ?? '').filter((name) => !(key.endsWith('_one') && name === 'count'));
      expect(actual, key).toEqual(expected);
    }
  });

  it('is written in Arabic wherever the English has words', () => {
    for (const [key, text] of en) {
      if (/[A-Za-z]/.test(withoutPlaceholders(text))) expect(withoutPlaceholders(ar.get(key) ?? ''), key).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
