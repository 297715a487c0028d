import { describe, expect, it } from 'vitest';
import { catalogOfModule, namespaceOfFile, resources } from './index.js';
import { messages } from './en/messages.js';
import { officeCatalogs } from './en/office.js';
import { screenCatalogs } from './en/screens.js';

/**
 * Every English namespace has an Arabic one (src/i18n/ar/<namespace>.ts), with every key, no
 * string empty in either language, and the same {{placeholders}}: a screen in Arabic never falls
 * back to English, nor shows a raw {{name}}.
 */
const arabicModules = import.meta.glob<Record<string, unknown>>(['./ar/*.ts', '!./ar/*.test.ts'], { eager: true });
const arabic = new Map(Object.entries(arabicModules).map(([path, module]) => [namespaceOfFile(path), catalogOfModule(module, namespaceOfFile(path))]));
/** A namespace's catalog file: 'modificationRequests' → 'modification-requests.ts'. */
const fileOf = (namespace: string) => `${namespace.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.ts`;

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf as "a.b.c" → text (or a non-string where a string should be). */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (tree === null || typeof tree !== 'object') return found;
  for (const [key, value] of Object.entries(tree as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') for (const [inner, text] of leaves(value, path)) found.set(inner, text);
    else found.set(path, value);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort();
/** Arabic may say "one" in words ("طالب واحد"), so a `_one` form may leave out {{count}}. */
const placeholdersMatch = (key: string, english: string, arabic: string) =>
  placeholders(arabic).join() === placeholders(english).join() ||
  (key.endsWith('_one') &&
    placeholders(arabic).join() ===
      placeholders(english)
        .filter((name) => name !== 'count')
        .join());

const english = { ...resources.en, ...screenCatalogs, ...officeCatalogs, messages };

describe.each(Object.keys(english))('the %s catalog', (namespace) => {
  const keys = leaves(english[namespace as keyof typeof english]);

  it('has no empty English string', () => {
    const empty = [...keys].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    expect(empty, `empty in en/${fileOf(namespace)}`).toEqual([]);
  });

  it('has an Arabic catalog, with every key filled and the same placeholders', () => {
    expect(arabic.has(namespace), `src/i18n/ar/${fileOf(namespace)} is missing`).toBe(true);
    const translated = leaves(arabic.get(namespace));
    const missing = [...keys.keys()].filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !keys.has(key));
    const empty = [...translated].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([key]) => key);
    const mismatched = [...keys]
      .filter(([key, text]) => typeof text === 'string' && typeof translated.get(key) === 'string')
      .filter(([key, text]) => !placeholdersMatch(key, text as string, translated.get(key) as string))
      .map(([key, text]) => `${key}: en {${placeholders(text as string).join(', ')}} ar {${placeholders(translated.get(key) as string).join(', ')}}`);
    expect({ missing, extra, empty, mismatched }, `ar/${fileOf(namespace)} against en/${fileOf(namespace)}`).toEqual({
      missing: [],
      extra: [],
      empty: [],
      mismatched: [],
    });
  });
});

describe('the Arabic catalogs', () => {
  it('are each the Arabic of an English namespace', () => {
    const unknown = [...arabic.keys()].filter((namespace) => !(namespace in english));
    expect(unknown).toEqual([]);
  });
});
