import type { Language } from '@school-transport/contracts';
import i18n from './index.js';
import { loadLanguage } from './load-language.js';
import { isLanguage } from './current-language.js';

/** This browser's language choice (localStorage), kept across visits and reloads. */
const STORAGE_KEY = 'student-transport.language';
/**
 * Set when the switch was used while nobody was signed in: the next sign-in on this browser keeps
 * that choice (and saves it on the account) rather than turning the screens back to the account's.
 */
const CHOSEN_SIGNED_OUT_KEY = 'student-transport.language-chosen-signed-out';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Private modes and locked-down browsers may refuse storage: the choice then lasts the visit.
    return undefined;
  }
}

export function storedLanguage(): Language | null {
  const value = storage()?.getItem(STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

/**
 * The language of a first visit: the browser's choice if one was made here, else Arabic for a
 * browser (phone) set to Arabic, else English.
 */
export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferred[0]?.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** The cookie that tells the server this browser's language (it renders public pages in English only: entry-server.tsx). */
export const LANGUAGE_COOKIE = 'language';

/** Tells the server, on the next page it serves, which language this browser shows. */
export function rememberLanguageForServer(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Remembers a choice on this browser; `signedOut` marks one made before signing in. */
export function rememberLanguage(language: Language, options: { signedOut?: boolean } = {}): void {
  const store = storage();
  store?.setItem(STORAGE_KEY, language);
  rememberLanguageForServer(language);
  if (options.signedOut) store?.setItem(CHOSEN_SIGNED_OUT_KEY, language);
}

/** The choice made on this browser before this sign-in, if any; read once (it is then the account's). */
export function takeSignedOutChoice(): Language | null {
  const store = storage();
  const value = store?.getItem(CHOSEN_SIGNED_OUT_KEY);
  store?.removeItem(CHOSEN_SIGNED_OUT_KEY);
  return isLanguage(value) ? value : null;
}

/**
 * Shows the app in a language: its strings (Arabic's chunk is fetched first, so nothing shows half
 * translated), its direction and language on <html> (screen readers, fonts, Mantine's RTL styles),
 * the Arabic font, and the tab's title.
 */
export async function applyLanguage(language: Language): Promise<void> {
  if (language === 'ar') await Promise.all([loadLanguage('ar'), import('./arabic-font.js')]);
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.title = i18n.t('appName');
}
