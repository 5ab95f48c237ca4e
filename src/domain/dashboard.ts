/**
 * The dashboard's arithmetic (docs/dashboard.md), shared by the server (which computes the figures) and the
 * client (which draws the cards): the week-earlier comparison, the average ticket, the change in percent and
 * which hours a by-hour chart shows. Pure: no clock, no I/O.
 */
import { DEFAULT_WORKING_HOURS } from './constants';
import { addDays, formatDay, parseDay } from './report-periods';
import { wallTimeToInstant, zoneOffsetMs } from './store-time';

/** The comparison is the same days one week earlier: the same weekdays (docs/dashboard.md#the-comparison). */
export const COMPARISON_DAYS_BACK = 7;

const DAY_MS = 86_400_000;

/** A store day (`YYYY-MM-DD`) `days` earlier; the day as given when it is not a day. */
export function daysEarlier(day: string, days: number = COMPARISON_DAYS_BACK): string {
  const parsed = parseDay(day);
  return parsed ? formatDay(addDays(parsed, -days)) : day;
}

/**
 * The instant one week before `now` on the store's wall clock (13:05 last Tuesday for 13:05 this Tuesday),
 * whatever daylight saving did in between: a period still running is compared with the same part of the
 * week-earlier days, not with whole days (docs/dashboard.md#the-comparison).
 */
export function sameWallTimeWeekEarlier(now: Date, timeZone: string): Date {
  const wall = now.getTime() + zoneOffsetMs(now, timeZone);
  return wallTimeToInstant(wall - COMPARISON_DAYS_BACK * DAY_MS, timeZone);
}

/** Net sales per sale, in minor units, rounded half away from zero; 0 when there was no sale. */
export function averageTicket(net: number, salesCount: number): number {
  if (salesCount <= 0) return 0;
  const quotient = Math.abs(net) / salesCount;
  return Math.sign(net) * Math.round(quotient);
}

export type ChangeDirection = 'up' | 'down' | 'same';

export interface Change {
  direction: ChangeDirection;
  /** Whole percent of the earlier figure, always positive; null when the earlier figure was 0 (no base). */
  percent: number | null;
}

/** How `current` moved from `previous`: the arrow of a figure card and its percent (docs/dashboard.md). */
export function changeOf(current: number, previous: number): Change {
  const direction: ChangeDirection = current > previous ? 'up' : current < previous ? 'down' : 'same';
  if (previous === 0) return { direction, percent: direction === 'same' ? 0 : null };
  return { direction, percent: Math.round((Math.abs(current - previous) / Math.abs(previous)) * 100) };
}

/**
 * The hours a by-hour chart shows: from the first hour with a sale to the last, widened to at least the
 * default working hours (docs/api.md#defaults-and-formats: 08:00 to 21:00), so a quiet morning still reads
 * as a day. `hours` are the 24 hours of the store day.
 */
export function shownHours<T extends { hour: number; sales_count: number }>(
  hours: readonly T[],
  open = Number(DEFAULT_WORKING_HOURS.start.slice(0, 2)),
  close = Number(DEFAULT_WORKING_HOURS.end.slice(0, 2)),
): T[] {
  const busy = hours.filter((h) => h.sales_count > 0).map((h) => h.hour);
  const first = Math.min(open, ...busy);
  const last = Math.max(close - 1, ...busy);
  return hours.filter((h) => h.hour >= first && h.hour <= last);
}
