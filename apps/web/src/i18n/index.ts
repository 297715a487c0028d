import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isolateTypedText } from './bidi.js';
import { common } from './en/common.js';
import { site } from './en/site.js';

/**
 * Every user-visible string comes from this catalog, one namespace per part of the product, so
 * Arabic (right to left) is a second catalog rather than a rewrite of the screens. English is in
 * the first download; Arabic arrives in a chunk of its own (loadLanguage) when it is chosen.
 */
export const resources = {
  en: { common, site },
} as const;

/** Namespaces whose English loads with the parent's and the driver's pages (i18n/screens.ts, en/screens.ts). */
export const SCREEN_NAMESPACES = ['parent', 'driver'] as const;

/** Namespaces whose English loads with the pages that use them (i18n/office.ts, en/office.ts). */
export const OFFICE_NAMESPACES = [
  'admin',
  'students',
  'analytics',
  'outbox',
  'modificationRequests',
  'fees',
  'users',
  'familyMessages',
  'attendance',
  'parentDay',
  'officeDay',
  'routes',
  'liveBus',
] as const;

/** 'messages' (the shared contract's messages) joins when i18n/messages.ts loads; see there. */
export type Namespace = keyof (typeof resources)['en'] | (typeof SCREEN_NAMESPACES)[number] | (typeof OFFICE_NAMESPACES)[number] | 'messages';
export const NAMESPACES: Namespace[] = [...(Object.keys(resources.en) as Namespace[]), ...SCREEN_NAMESPACES, ...OFFICE_NAMESPACES, 'messages'];

/**
 * The Arabic catalogs: every file of ./ar is picked up (one per namespace, named as its namespace
 * in kebab-case and exporting a const named as its namespace), so a namespace's Arabic lands by
 * adding its file. vite.config.ts puts them in one lazily loaded chunk; the completeness test
 * (catalogs.test.ts) fails while one is missing.
 */
export const ARABIC_CATALOGS = import.meta.glob<Record<string, unknown>>(['./ar/*.ts', '!./ar/*.test.ts']);

/**
 * The namespace of a catalog file: './ar/parent.ts' → 'parent'. File names are kebab-case like
 * every module's, namespaces camelCase like the consts that hold them: './ar/modification-requests.ts'
 * → 'modificationRequests'.
 */
export function namespaceOfFile(path: string): string {
  return path
    .replace(/^.*\//, '')
    .replace(/\.ts$/, '')
    .replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase());
}

/** A catalog module's strings: the export named as its namespace, else its only (or default) export. */
export function catalogOfModule(module: Record<string, unknown>, namespace: string): unknown {
  if (namespace in module) return module[namespace];
  if ('default' in module) return module.default;
  const values = Object.values(module);
  return values.length === 1 ? values[0] : undefined;
}

void i18n
  .use(initReactI18next)
  .use(isolateTypedText)
  .init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'ar'],
    defaultNS: 'common',
    ns: NAMESPACES,
    // Arabic's bundles are added after start-up: i18next must not treat them as missing.
    partialBundledLanguages: true,
    // Typed text inside an Arabic sentence keeps its own direction: every value goes through bidi.ts.
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });

export default i18n;
