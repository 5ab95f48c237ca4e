/**
 * How the payroll screen says its figures and failures: money in the store's currency (lib/format), a period
 * as its two days, a refusal by the server's code in the user's language (lib/api/error-messages.ts, never the
 * English message), a technician's settings problem by the domain's issue code (docs/payroll.md, invalid input).
 */
import type { TFunction } from 'i18next';
import type { ResourceError } from '../../../../machines/resource/resource.types';
import type { PayPeriod } from '../../../domain/payroll';
import { failureKeys } from '../../lib/api/error-messages';
import { formatDate, formatMoney } from '../../lib/format';

export const NS = 'payroll';

export function failureText(t: TFunction, failure: ResourceError): string {
  return t(failureKeys(NS, new Set(), failure));
}

export function moneyText(minor: number, language: string, currency: string): string {
  return formatMoney(minor, language, currency);
}

export function periodText(period: PayPeriod, language: string): string {
  // Civil days: read at UTC midnight and shown in UTC, so no time zone moves them a day.
  const day = (value: string) => formatDate(value, language, { timeZone: 'UTC' });
  return `${day(period.start)} – ${day(period.end)}`;
}
