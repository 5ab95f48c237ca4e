/**
 * Pay periods (docs/payroll.md, pay periods): which civil days of the store's time zone one pay statement
 * covers. Civil dates go through report-periods.ts's helpers (Date.UTC arithmetic, no luxon), so leap days and
 * month ends come from the calendar itself, never from a table of month lengths.
 */
import { addDays, civil, dayInTimeZone, formatDay, parseDay, type CivilDate } from '../report-periods';
import type { PayPeriod, PayPeriodRule, PayrollIssue } from './types';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01: the counter weekly and biweekly periods step along. */
function dayNumber(date: CivilDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS;
}

function lastOfMonth(date: CivilDate): CivilDate {
  return civil(date.year, date.month + 1, 0);
}

/** The anchor of a weekly or biweekly rule must be a real day; the other kinds need none. */
export function validatePayPeriodRule(rule: PayPeriodRule, path = 'rule'): PayrollIssue[] {
  if ((rule.kind === 'weekly' || rule.kind === 'biweekly') && !parseDay(rule.anchor)) {
    return [{ code: 'anchor_invalid', path: `${path}.anchor` }];
  }
  return [];
}

/**
 * The pay period containing `day` ('YYYY-MM-DD'), or null when the day or the anchor is not a real date.
 * Weekly and biweekly periods repeat every 7 or 14 days from the anchor, before it as well as after it.
 */
export function payPeriodContaining(rule: PayPeriodRule, day: string): PayPeriod | null {
  const date = parseDay(day);
  if (!date) return null;
  switch (rule.kind) {
    case 'weekly':
    case 'biweekly': {
      const anchor = parseDay(rule.anchor);
      if (!anchor) return null;
      const length = rule.kind === 'weekly' ? 7 : 14;
      // floor, not truncation: a day before the anchor belongs to an earlier period, not the anchor's.
      const offset = Math.floor((dayNumber(date) - dayNumber(anchor)) / length) * length;
      const start = addDays(anchor, offset);
      return { start: formatDay(start), end: formatDay(addDays(start, length - 1)) };
    }
    case 'semi_monthly':
      return date.day <= 15
        ? {
            start: formatDay(civil(date.year, date.month, 1)),
            end: formatDay(civil(date.year, date.month, 15)),
          }
        : { start: formatDay(civil(date.year, date.month, 16)), end: formatDay(lastOfMonth(date)) };
    case 'monthly':
      return { start: formatDay(civil(date.year, date.month, 1)), end: formatDay(lastOfMonth(date)) };
  }
}

function shifted(day: string, days: number): string | null {
  const date = parseDay(day);
  return date ? formatDay(addDays(date, days)) : null;
}

/** The period before the one given (the period containing the day before its start). */
export function previousPayPeriod(rule: PayPeriodRule, period: PayPeriod): PayPeriod | null {
  const day = shifted(period.start, -1);
  return day ? payPeriodContaining(rule, day) : null;
}

/** The period after the one given (the period containing the day after its end). */
export function nextPayPeriod(rule: PayPeriodRule, period: PayPeriod): PayPeriod | null {
  const day = shifted(period.end, 1);
  return day ? payPeriodContaining(rule, day) : null;
}

/**
 * The pay period of an instant (a sale's time, a clock-in) in the store's time zone: a sale at 23:30 in Los
 * Angeles on the last day of a period is that period's, whatever the UTC date. Null for an invalid instant or
 * an unknown zone.
 */
export function payPeriodAt(rule: PayPeriodRule, at: Date, timeZone: string): PayPeriod | null {
  if (Number.isNaN(at.getTime())) return null;
  let day: string;
  try {
    day = dayInTimeZone(at, timeZone);
  } catch {
    return null;
  }
  return payPeriodContaining(rule, day);
}

/** Number of days in a period (7, 14, 13–16 or 28–31); 0 when it is not two real days in order. */
export function payPeriodDays(period: PayPeriod): number {
  const start = parseDay(period.start);
  const end = parseDay(period.end);
  if (!start || !end || period.end < period.start) return 0;
  return dayNumber(end) - dayNumber(start) + 1;
}

/** Whether a civil day lies within a period (string comparison is day order for 'YYYY-MM-DD'). */
export function periodIncludes(period: PayPeriod, day: string): boolean {
  return period.start <= day && day <= period.end;
}

/**
 * Where a correction of a sale made on `saleDay` lands (docs/payroll.md, adjustments): in the sale's own period
 * while that period is still open, else, once it is locked (it ended before the open period starts), in the
 * open period as an adjustment line.
 */
export function correctionLanding(
  rule: PayPeriodRule,
  saleDay: string,
  openPeriod: PayPeriod,
): { period: PayPeriod; asAdjustment: boolean } | null {
  const own = payPeriodContaining(rule, saleDay);
  if (!own) return null;
  if (own.end < openPeriod.start) return { period: openPeriod, asAdjustment: true };
  return { period: own, asAdjustment: false };
}
