/**
 * When a technician can be booked (docs/appointments.md#availability): working windows from weekly hours and
 * days off on the store's wall clock, and the next free starts for a line around the time already taken.
 * Pure: the server answers a clash with these slots, and the book offers the same ones before it asks.
 */
import { wallTimeToInstant } from '../store-time';
import { busySegments, overlaps, MINUTE_MS } from './segments';
import type { Interval, LineTiming } from './segments';

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day's hours on the store's wall clock, 'HH:MM' (closes after opens, same day). */
export interface DayHours {
  opens: string;
  closes: string;
}
/** Hours by weekday (0 = Sunday); null = closed that day. */
export type WeeklyHours = Record<Weekday, DayHours | null>;

/** The store's booking hours when it has set none: every day 09:00 to 19:00. */
export const DEFAULT_BOOKING_HOURS: WeeklyHours = {
  0: { opens: '09:00', closes: '19:00' },
  1: { opens: '09:00', closes: '19:00' },
  2: { opens: '09:00', closes: '19:00' },
  3: { opens: '09:00', closes: '19:00' },
  4: { opens: '09:00', closes: '19:00' },
  5: { opens: '09:00', closes: '19:00' },
  6: { opens: '09:00', closes: '19:00' },
};

export const HOURS_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Whether a day's hours make sense ('HH:MM' both, closing after opening). */
export function validDayHours(hours: DayHours): boolean {
  return (
    HOURS_PATTERN.test(hours.opens) &&
    HOURS_PATTERN.test(hours.closes) &&
    minutesOf(hours.closes) > minutesOf(hours.opens)
  );
}

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic on the date alone, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() as Weekday;
}

/** The instant the store's wall clock reads `hhmm` on `date`. */
export function storeInstant(date: string, hhmm: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return wallTimeToInstant(Date.UTC(y, m - 1, d) + minutesOf(hhmm) * MINUTE_MS, timeZone).getTime();
}

/**
 * The working windows of `days` store dates from `fromDate`, as instants: each open day's hours, except the
 * days off. On a day clocks change the window is as long as the wall clock says it is.
 */
export function workingWindows(
  fromDate: string,
  days: number,
  hours: WeeklyHours,
  daysOff: ReadonlySet<string>,
  timeZone: string,
): Interval[] {
  const windows: Interval[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = addDays(fromDate, i);
    const day = hours[weekdayOf(date)];
    if (!day || daysOff.has(date)) continue;
    windows.push({
      start: storeInstant(date, day.opens, timeZone),
      end: storeInstant(date, day.closes, timeZone),
    });
  }
  return windows;
}

/** Whether every busy segment of the line lies inside one working window. */
export function withinWindows(line: LineTiming, windows: readonly Interval[]): boolean {
  return busySegments(line).every((s) => windows.some((w) => w.start <= s.start && s.end <= w.end));
}

/** Whether the line's busy segments miss every interval in `busy`. */
export function isFree(line: LineTiming, busy: readonly Interval[]): boolean {
  return busySegments(line).every((s) => busy.every((b) => !overlaps(s, b)));
}

/** Minutes between candidate starts: the book's grid. */
export const SLOT_STEP_MINUTES = 15;

/**
 * Up to `limit` starts at or after `from`, on the `stepMinutes` grid (counted from each window's start), at
 * which the line fits: inside a working window and clear of `busy`.
 */
export function nextFreeStarts(
  line: Omit<LineTiming, 'start'>,
  busy: readonly Interval[],
  windows: readonly Interval[],
  from: number,
  limit: number,
  stepMinutes: number = SLOT_STEP_MINUTES,
): number[] {
  const step = stepMinutes * MINUTE_MS;
  const starts: number[] = [];
  const ordered = [...windows].sort((a, b) => a.start - b.start);
  for (const w of ordered) {
    if (starts.length >= limit) break;
    if (w.end <= from) continue;
    // The first grid point of this window at or after `from`; the line starts after its own buffer.
    const first = w.start + line.bufferBeforeMinutes * MINUTE_MS;
    let start = first < from ? first + Math.ceil((from - first) / step) * step : first;
    for (; start < w.end && starts.length < limit; start += step) {
      const candidate = { ...line, start };
      if (withinWindows(candidate, [w]) && isFree(candidate, busy)) starts.push(start);
    }
  }
  return starts;
}
