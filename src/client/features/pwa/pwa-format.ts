/** Sizes and durations of the PWA panels in the reader's language (Intl units; lib/format.ts for locales). */
import { formatNumber, intlLocale } from '../../lib/format';
import { formatAge } from './failed-requests';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** 1536 → "1.5 kB"; decimal steps of 1000, as browsers and storage estimates count. */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return formatNumber(value, language, {
    style: 'unit',
    unit: UNITS[unit],
    // "5 byte" reads oddly in English; bytes take the narrow form ("5B"), larger units the short one.
    unitDisplay: unit === 0 ? 'narrow' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
}

/** Whole seconds, rounded up, never below zero: 1200 ms → "2 sec". */
export function formatSeconds(ms: number, language: string): string {
  return formatNumber(Math.max(0, Math.ceil(ms / 1000)), language, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'short',
  });
}

/** How long ago, in words of the reader: 5 h → "5 hours ago" (a failed request's age). */
export function formatAgo(ms: number, language: string): string {
  const { unit, value } = formatAge(ms);
  return new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'always' }).format(-value, unit);
}
