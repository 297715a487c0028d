import type { Language } from '@school-transport/contracts';
import { currentLanguage } from './language.js';

/**
 * Numbers, dates and BHD amounts in the screen's language, with Intl. Arabic keeps Latin digits, as
 * the outbox's messages do (apps/api/src/domain/notifications/templates.ts): the phone numbers,
 * student IDs and receipt numbers a parent types and reads are Latin digits, and one screen should
 * not mix two sets. Month names, separators and word order are Arabic's. English dates read as in
 * Bahrain (day month year).
 */
const LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar-BH-u-nu-latn' };

export function localeOf(language: Language = currentLanguage()): string {
  return LOCALES[language];
}

/** A count or any plain number: 1,234. */
export function formatNumber(value: number, language?: Language): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/**
 * An amount in BHD as the API gives it ("25.00", a string so no cent is lost), with the two
 * decimals the product shows everywhere; the catalogs put the currency beside it ('{{price}} BHD',
 * '{{price}} د.ب.'). Text that is not a number is shown as it came.
 */
export function formatAmount(amount: string | number, language?: Language): string {
  const value = typeof amount === 'number' ? amount : Number(amount.trim());
  if (typeof amount === 'string' && (amount.trim() === '' || !Number.isFinite(value))) return amount;
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** A moment (ISO text) as a date: "22 Nov 2026" / "22 نوفمبر 2026". */
export function formatDate(iso: string, language?: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}

/** A moment with its time, for decisions the office reads back. */
export function formatDateTime(iso: string, language?: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A calendar day 'YYYY-MM-DD' (no time zone: the day itself): "30 Sept 2026". */
export function formatDay(day: string, language?: Language): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** A service month 'YYYY-MM': "September 2026" / "سبتمبر 2026". */
export function formatMonth(month: string, language?: Language): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month;
  return new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));
}
