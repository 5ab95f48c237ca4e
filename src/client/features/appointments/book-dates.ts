/**
 * Store dates ('YYYY-MM-DD' on the store's wall clock, docs/appointments.md#time) as the reader's language writes
 * them. A store date is already the store's: it is formatted as the calendar date it is (UTC noon, in UTC), so
 * neither the device's zone nor a clock change can move it to another day.
 */
import { addDays } from '../../../domain/bookings/availability';
import { intlLocale } from '../../lib/format';

/** A store date ('YYYY-MM-DD') as the calendar date it is: formatted at UTC noon in UTC, no zone shifts it. */
function dateValue(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
}

export function formatStoreDate(
  date: string,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'full' },
): string {
  return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(
    dateValue(date),
  );
}

/** The header's label: the day, or the range of the week. */
export function rangeLabel(fromDate: string, days: number, language: string): string {
  if (days === 1) return formatStoreDate(fromDate, language);
  const format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' });
  return format.formatRange(dateValue(fromDate), dateValue(addDays(fromDate, days - 1)));
}
