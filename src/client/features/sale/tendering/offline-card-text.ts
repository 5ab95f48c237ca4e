/**
 * What the tendering panel says about card payments taken offline (docs/offline.md): the age of one ("Taken
 * offline 12 minutes ago", Intl.RelativeTimeFormat in the user's language) and why one was refused (the limit
 * and what is left, domain offline-card.ts via the sale machine's error).
 */
import type { TFunction } from 'i18next';
import type { OfflineCardRefusal } from '../../../../../machines/sale/sale.types';
import type { Minor } from '../../../../domain/order.types';
import { intlLocale } from '../../../lib/format';
import { MINUTE_MS } from './minute-clock';

const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(language: string): Intl.RelativeTimeFormat {
  const locale = intlLocale(language);
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'long' });
    relativeFormats.set(locale, format);
  }
  return format;
}

/** "12 minutes ago", "2 hours ago", "1 day ago" (whole units, rounded down); null under a minute. */
export function relativeAge(language: string, takenAt: number, now: number): string | null {
  const age = now - takenAt;
  if (!Number.isFinite(age) || age < MINUTE_MS) return null;
  const format = relativeFormat(language);
  if (age < HOUR_MS) return format.format(-Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return format.format(-Math.floor(age / HOUR_MS), 'hour');
  return format.format(-Math.floor(age / DAY_MS), 'day');
}

/** A payment's line in the list: "Taken offline 12 minutes ago", or "just now" under a minute. */
export function offlineAgeText(
  t: TFunction,
  language: string,
  takenAt: string | undefined,
  now: number,
): string {
  const at = takenAt === undefined ? Number.NaN : Date.parse(takenAt);
  const age = Number.isFinite(at) ? relativeAge(language, at, now) : null;
  return age === null ? t('offlineCard.takenJustNow') : t('offlineCard.takenAgo', { age });
}

/** The refusal of an offline card payment: the limit that refused it and what it still allows. */
export function offlineRefusalText(
  t: TFunction,
  refusal: OfflineCardRefusal,
  money: (minor: Minor) => string,
): string {
  if (refusal.limit === 0) return t('offlineCard.none');
  const values = { limit: money(refusal.limit), left: money(refusal.left) };
  return refusal.exceeded === 'perTicket'
    ? t('offlineCard.perTicketExceeded', values)
    : t('offlineCard.totalExceeded', values);
}
