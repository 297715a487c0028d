import i18n from 'i18next';

/** A date as people read it in the screen's language: "22 Nov 2026". */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-BH' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}

/** The same with the time, for decisions the office reads back. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-BH' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
