/**
 * A report's period as the store reads it (docs/reports.md#periods): the period choice or the typed range
 * turned into whole store days by src/domain/report-periods.ts, then into the UTC instants those days run
 * between by src/domain/store-time.ts, so SQL filters by an indexed instant range and groups by the store day.
 */
import type { ReportFilterQuery, ReportRange } from '../../contracts/reports';
import { DEFAULT_RANGE_END_YEARS_AHEAD } from '../../domain/constants';
import type { ReportPeriod } from '../../domain/constants';
import { dayInTimeZone, periodRange } from '../../domain/report-periods';
import { wallTimeToInstant } from '../../domain/store-time';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { stores } from '../db/schema/stores';
import { scopeStoreId, tenantIdWhere } from '../db/scoped';
import { notFound, unprocessable, VALIDATION_MESSAGE } from '../errors';

/** The range with its instants as Dates, for the SQL. */
export interface ResolvedRange extends ReportRange {
  fromAt: Date;
  toAt: Date;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as typed, or the store day a UTC instant falls on (an end instant names the last day, included). */
function storeDayOf(value: string, timeZone: string): string {
  return DAY_ONLY.test(value) ? value : dayInTimeZone(new Date(value), timeZone);
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** The instant a store day starts at (its 00:00 on the store's wall clock). */
export function startOfStoreDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return wallTimeToInstant(Date.UTC(y, m - 1, d), timeZone);
}

/** The session store's time zone (stores.timezone, an IANA name). */
export async function storeTimeZone(db: Queryable, auth: AuthContext): Promise<string> {
  const [row] = await db
    .select({ timezone: stores.timezone })
    .from(stores)
    .where(tenantIdWhere(stores, auth, scopeStoreId(auth)))
    .limit(1);
  if (!row) throw notFound('Store not found.');
  return row.timezone;
}

/** The range of a report query in `timeZone`, at `now`. An 'other' range without a start is a 422. */
export function resolveRange(query: ReportFilterQuery, timeZone: string, now: Date): ResolvedRange {
  const period: ReportPeriod =
    query.time_type ?? (query.effective_start || query.effective_end ? 'other' : 'today');
  let days: { start: string; end: string };
  if (period === 'other') {
    if (!query.effective_start) {
      throw unprocessable(VALIDATION_MESSAGE, { effective_start: ['Give the first day of the range.'] });
    }
    const start = storeDayOf(query.effective_start, timeZone);
    const end = query.effective_end
      ? storeDayOf(query.effective_end, timeZone)
      : addYears(dayInTimeZone(now, timeZone), DEFAULT_RANGE_END_YEARS_AHEAD);
    if (start > end) {
      throw unprocessable(VALIDATION_MESSAGE, { effective_end: ['The range ends before it starts.'] });
    }
    days = { start, end };
  } else {
    days = periodRange(period, now, timeZone);
  }
  const fromAt = startOfStoreDay(days.start, timeZone);
  const toAt = startOfStoreDay(addDays(days.end, 1), timeZone);
  return {
    time_type: period,
    start_date: days.start,
    end_date: days.end,
    from: fromAt.toISOString(),
    to: toAt.toISOString(),
    timezone: timeZone,
    fromAt,
    toAt,
  };
}
