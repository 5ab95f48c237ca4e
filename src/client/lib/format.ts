/**
 * Numbers, money and dates for the reader's language, through Intl.
 *
 * The app's language codes are the spec's (docs/platform.md#languages: en, es, kr, thai, vi); 'kr' and 'thai'
 * are not BCP-47 tags for Korean and Thai ('kr' is Kanuri, 'thai' is not a valid language subtag at all, so
 * Intl throws on it), hence the mapping to ko and th. Money goes from integer minor units to an exact decimal
 * string (dinero.js via src/domain/money) and Intl formats the string, so no float ever carries an amount.
 */
import { DEFAULT_CURRENCY, LANGUAGES } from '../../domain/constants';
import type { Language } from '../../domain/constants';
import { minorDigits, toDecimalString } from '../../domain/money';
import type { Minor } from '../../domain/order.types';

export const INTL_LOCALE: Readonly<Record<Language, string>> = {
  en: 'en-US',
  es: 'es',
  kr: 'ko-KR',
  thai: 'th-TH',
  vi: 'vi-VN',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The BCP-47 locale of an app language; anything unknown reads as English. */
export function intlLocale(language: string): string {
  return isLanguage(language) ? INTL_LOCALE[language] : INTL_LOCALE.en;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * 1234567 minor units of USD in en → "$12,345.67"; in vi → "12.345,67 US$". The fraction digits are the
 * currency's minor unit (dinero's exponent), not Intl's idea of it, so what is shown is what is stored.
 */
export function formatMoney(minor: Minor, language: string, currency: string = DEFAULT_CURRENCY): string {
  const digits = minorDigits(currency);
  const decimal = toDecimalString(minor, currency) as `${number}`;
  return numberFormat(intlLocale(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(decimal);
}

/** Plain numbers (quantities, counts, percentages as numbers): grouping and decimal mark of the language. */
export function formatNumber(
  value: number,
  language: string,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(intlLocale(language), options).format(value);
}

/** 9.5 → "9.5%" in en, "9,5 %" in es. */
export function formatPercent(value: number, language: string): string {
  return (
    numberFormat(intlLocale(language), { maximumFractionDigits: 6 }).format(value) + percentSign(language)
  );
}

function percentSign(language: string): string {
  // Intl's percent style multiplies by 100 and rounds; the spec's percentages are already in percent.
  const parts = numberFormat(intlLocale(language), { style: 'percent' }).formatToParts(0);
  return parts
    .filter((p) => p.type === 'percentSign' || p.type === 'literal')
    .map((p) => p.value)
    .join('');
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * A date (and optionally its time) in the language, in the store's time zone when given: a sale's business
 * day is the store's day, not the tablet's (the server stores UTC, docs/api.md#defaults-and-formats "Dates
 * are sent as UTC ISO").
 */
export function formatDate(
  value: DateInput,
  language: string,
  options: { timeZone?: string; withTime?: boolean } = {},
): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    ...(options.withTime ? { timeStyle: 'short' } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(toDate(value));
}

export function formatDateTime(value: DateInput, language: string, timeZone?: string): string {
  return formatDate(value, language, { withTime: true, ...(timeZone ? { timeZone } : {}) });
}

export function formatTime(value: DateInput, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(toDate(value));
}
