import type { Language } from '@school-transport/contracts';
import { currentLanguage, isLanguage } from './current-language.js';

/**
 * Every date, month and BHD amount the web shows is written here, in the screen's language, with
 * Intl. Arabic keeps Latin digits, as the outbox's messages do (apps/api/src/domain/notifications/templates.ts):
 * the phone numbers, student IDs and receipt numbers a parent types and reads are Latin digits, and
 * one screen should not mix two sets. Month names, separators and word order are Arabic's. English
 * dates read as in Bahrain (day month year).
 *
 * Each function takes the screen's language (i18n.language); without one, or with one the app does
 * not have, the language the screens show now.
 */
const LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar-BH-u-nu-latn' };

/**
 * Moments (a message sent, a change decided) are shown on Bahrain's clock, whatever the device's
 * zone: the office, the parents and the fee ledger's days are all in Bahrain, so a screen never
 * shows a different day from the receipt or the due date beside it.
 */
const BAHRAIN = 'Asia/Bahrain';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const SERVICE_MONTH = /^\d{4}-\d{2}$/;

/**
 * Intl's formatters, one per locale and options, made once: building one costs far more than using
 * it (the locale's data is looked up each time), and a screen formats every amount and date on every
 * render, hundreds of times while a phone renders the first screen.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

export function localeOf(language?: string): string {
  return LOCALES[isLanguage(language) ? language : currentLanguage()];
}

/** A count or any plain number: 1,234. */
export function formatNumber(value: number, language?: string): string {
  return numberFormat(localeOf(language)).format(value);
}

/** A distance between stops: metres under a kilometre ('850 m'), else kilometres to one decimal ('1.2 km'). */
export function formatDistance(metres: number, language?: string): string {
  const locale = localeOf(language);
  if (metres < 1000) return numberFormat(locale, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(Math.round(metres / 10) * 10);
  return numberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(metres / 1000);
}

/**
 * An amount in BHD as the API gives it ("25.00", a string so no fils is lost), with the two
 * decimals the product shows everywhere, grouped; the catalogs put the currency beside it
 * ('{{price}} BHD', '{{price}} د.ب.'). Text that is not a number is shown as it came.
 */
export function formatAmount(amount: string | number, language?: string): string {
  const value = typeof amount === 'number' ? amount : Number(amount.trim());
  if (typeof amount === 'string' && (amount.trim() === '' || !Number.isFinite(value))) return amount;
  return numberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** An amount in BHD with its three decimals (fils), as a card payment is charged: "120.000" / "١٢٠٫٠٠٠". */
export function formatAmountWithFils(amount: string, language?: string): string {
  const value = Number(amount.trim());
  if (amount.trim() === '' || !Number.isFinite(value)) return amount;
  return numberFormat(localeOf(language), { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(value);
}

/**
 * A date: a calendar day 'YYYY-MM-DD' (a due date, a day paid: the day itself, no clock) or a
 * moment in ISO text (its day in Bahrain). "22 Nov 2026" / "22 نوفمبر 2026"; 'long' spells the
 * month out, for printed documents: "22 November 2026". Text that is neither is shown as it came.
 */
export function formatDate(value: string, language?: string, month: 'short' | 'long' = 'short'): string {
  const day = CALENDAR_DAY.test(value);
  const moment = day ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  return dateFormat(localeOf(language), { day: 'numeric', month, year: 'numeric', timeZone: day ? 'UTC' : BAHRAIN }).format(moment);
}

/** A moment with its time on Bahrain's clock, for what the office reads back: "26 Nov 2026, 03:51". */
export function formatDateTime(iso: string, language?: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  return dateFormat(localeOf(language), { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: BAHRAIN }).format(
    moment,
  );
}

/**
 * A moment's time alone on Bahrain's clock, 24-hour: "06:42" in both languages (the day is said
 * beside it, as on a school day's card: 'Boarded 06:42 · At school 07:15').
 */
export function formatTime(iso: string, language?: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso;
  return dateFormat(localeOf(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: BAHRAIN }).format(moment);
}

/**
 * A service month 'YYYY-MM' (or the month of a day 'YYYY-MM-DD'): "September 2026" / "سبتمبر 2026";
 * 'short' for a chart's axis, without the year: "Sept" / "سبتمبر".
 */
export function formatMonth(month: string, language?: string, width: 'long' | 'short' = 'long'): string {
  const first = SERVICE_MONTH.test(month) ? `${month}-01` : CALENDAR_DAY.test(month) ? month : null;
  if (!first) return month;
  const options: Intl.DateTimeFormatOptions = width === 'long' ? { month: 'long', year: 'numeric' } : { month: 'short' };
  return dateFormat(localeOf(language), { ...options, timeZone: 'UTC' }).format(new Date(`${first}T12:00:00Z`));
}

/**
 * A calendar day's weekday as a calendar's column heading: "Sun" / "ح" (Arabic's one-letter form:
 * its short names are whole words, too wide for seven columns).
 */
export function formatWeekday(day: string, language?: string): string {
  if (!CALENDAR_DAY.test(day)) return day;
  const locale = localeOf(language);
  return dateFormat(locale, { weekday: locale === LOCALES.ar ? 'narrow' : 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** A month of any year by its number, 1 for January: "September" / "سبتمبر" (a setting such as the school year's first month). */
export function formatMonthName(monthNumber: number, language?: string): string {
  return dateFormat(localeOf(language), { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, monthNumber - 1, 15)));
}

/** Things to choose one of, in the language's own words: 'KG, Primary or Afternoon'. */
export function formatChoices(items: readonly string[], language?: string): string {
  return new Intl.ListFormat(localeOf(language), { type: 'disjunction' }).format(items);
}
