/**
 * Report period choices (docs/api.md#defaults-and-formats) turned into inclusive date ranges 'YYYY-MM-DD' in
 * the store's time zone. "Today" is the calendar day of `now` in that zone (a sale at 23:30 in Los Angeles is
 * that day's, not the next UTC day's), read with Intl so no clock or I/O is touched.
 *
 * Decisions (the spec only names the periods):
 * - weeks start on Monday (ISO 8601);
 * - "this_*" periods run from the start of the current week / month / year to today (no future days);
 * - "last_*" periods are whole calendar units before the current one: last_week is Monday to Sunday of the
 *   previous week, last_2_weeks the two whole weeks before this one, last_month the previous calendar month,
 *   last_N_months the N whole months before this one, last_year the previous calendar year; last_day is
 *   yesterday. Whole units make two reports of the same period agree whichever day they are run on;
 * - 'all' runs from REPORT_PERIOD_ALL_START (docs/api.md#defaults-and-formats) to today;
 * - 'other' is the explicit range given, or null when none is given.
 */
import { REPORT_PERIOD_ALL_START } from './constants';
import type { ReportPeriod } from './constants';

export interface PeriodRange {
  /** First day, inclusive. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

/**
 * A calendar day with no time zone; arithmetic goes through Date.UTC, which normalises overflowing parts.
 * Exported with its helpers for the pay periods (src/domain/payroll/periods.ts, docs/payroll.md).
 */
export interface CivilDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function civil(year: number, month: number, day: number): CivilDate {
  const d = new Date(Date.UTC(year, month - 1, day));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return civil(date.year, date.month, date.day + days);
}

/** Monday = 0 ... Sunday = 6. */
export function isoWeekday(date: CivilDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

export function formatDay(date: CivilDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** The calendar day of `now` in `timeZone` (an IANA name; Intl throws RangeError for an unknown one). */
export function dayInTimeZone(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return formatDay({ year: part('year'), month: part('month'), day: part('day') });
}

export function parseDay(value: string): CivilDate | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = civil(year, month, day);
  // Rejects 2024-02-30 and the like, which Date.UTC would silently roll over.
  return date.year === year && date.month === month && date.day === day ? date : null;
}

/** The `months` whole calendar months before the current one. */
function lastMonths(today: CivilDate, months: number): PeriodRange {
  const firstOfThisMonth = civil(today.year, today.month, 1);
  return {
    start: formatDay(civil(today.year, today.month - months, 1)),
    end: formatDay(addDays(firstOfThisMonth, -1)),
  };
}

/** The `weeks` whole Monday-to-Sunday weeks before the current one. */
function lastWeeks(today: CivilDate, weeks: number): PeriodRange {
  const monday = addDays(today, -isoWeekday(today));
  return { start: formatDay(addDays(monday, -7 * weeks)), end: formatDay(addDays(monday, -1)) };
}

export function periodRange(
  period: Exclude<ReportPeriod, 'other'>,
  now: Date,
  timeZone?: string,
): PeriodRange;
export function periodRange(
  period: ReportPeriod,
  now: Date,
  timeZone?: string,
  custom?: PeriodRange | null,
): PeriodRange | null;
export function periodRange(
  period: ReportPeriod,
  now: Date,
  timeZone = 'UTC',
  custom?: PeriodRange | null,
): PeriodRange | null {
  const today = parseDay(dayInTimeZone(now, timeZone)) as CivilDate;
  const todayText = formatDay(today);
  switch (period) {
    case 'all':
      return { start: REPORT_PERIOD_ALL_START, end: todayText };
    case 'today':
      return { start: todayText, end: todayText };
    case 'last_day': {
      const yesterday = formatDay(addDays(today, -1));
      return { start: yesterday, end: yesterday };
    }
    case 'this_week':
      return { start: formatDay(addDays(today, -isoWeekday(today))), end: todayText };
    case 'this_month':
      return { start: formatDay(civil(today.year, today.month, 1)), end: todayText };
    case 'this_year':
      return { start: formatDay(civil(today.year, 1, 1)), end: todayText };
    case 'last_week':
      return lastWeeks(today, 1);
    case 'last_2_weeks':
      return lastWeeks(today, 2);
    case 'last_month':
      return lastMonths(today, 1);
    case 'last_2_months':
      return lastMonths(today, 2);
    case 'last_3_months':
      return lastMonths(today, 3);
    case 'last_6_months':
      return lastMonths(today, 6);
    case 'last_year':
      return { start: formatDay(civil(today.year - 1, 1, 1)), end: formatDay(civil(today.year - 1, 12, 31)) };
    case 'other':
      return custom ? customRange(custom) : null;
  }
}

/** An explicit range must be two real days, start not after end; anything else is a caller's bug. */
function customRange(custom: PeriodRange): PeriodRange {
  const start = parseDay(custom.start);
  const end = parseDay(custom.end);
  if (!start || !end) throw new RangeError(`invalid report range ${custom.start}..${custom.end}`);
  if (custom.start > custom.end)
    throw new RangeError(`report range starts after it ends: ${custom.start}..${custom.end}`);
  return { start: custom.start, end: custom.end };
}
