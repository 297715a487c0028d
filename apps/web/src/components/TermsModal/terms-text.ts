import type { Language } from '@school-transport/contracts';

/** The terms as the server answers them: the English text, and the Arabic one once the office has written it. */
export interface TermsTexts {
  content: string;
  contentAr: string | null;
}

/** What the parent reads and accepts: the text in the page's language, and which language that text is in. */
export interface ShownTerms {
  text: string;
  language: Language;
  /** The page is in Arabic but this version has no Arabic text yet, so its English is shown. */
  arabicMissing: boolean;
}

export function termsShownIn(pageLanguage: Language, terms: TermsTexts): ShownTerms {
  if (pageLanguage === 'ar' && terms.contentAr) return { text: terms.contentAr, language: 'ar', arabicMissing: false };
  return { text: terms.content, language: 'en', arabicMissing: pageLanguage === 'ar' };
}
