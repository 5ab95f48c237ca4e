/**
 * A report screen's address (docs/reports.md#details-screens): the period and the report's own fields travel
 * in the URL query, in the server's words (`time_type`, `effective_start`, `effective_end`, `customer_id`), so
 * a details link opens on the period its report showed, and a details screen can be bookmarked or reloaded.
 */
import { isValidRange } from '../../../../machines/report/report.rules';
import type { CustomRange, NamedPeriod, ReportInput } from '../../../../machines/report/report.types';
import { REPORT_PERIODS } from '../../../domain/constants';
import type { ReportPeriod } from '../../../domain/constants';

const isPeriod = (value: string | null): value is ReportPeriod =>
  value !== null && (REPORT_PERIODS as readonly string[]).includes(value);

/** A details link: `path?time_type=…[&effective_start=…&effective_end=…]&<the row's fields>`. */
export function detailsHref(
  path: string,
  { period, custom }: { period: ReportPeriod; custom: CustomRange | null },
  params: Readonly<Record<string, string>>,
): string {
  const query = new URLSearchParams({ time_type: period });
  if (period === 'other' && custom) {
    query.set('effective_start', custom.start);
    query.set('effective_end', custom.end);
  }
  for (const [name, value] of Object.entries(params)) query.set(name, value);
  return `${path}?${query.toString()}`;
}

/**
 * The chart's first query from the URL: its period (a named one, or 'other' with two real days in order;
 * anything else is ignored and the report opens on today) and the fields the report reads (`names`), kept
 * when present and not blank.
 */
export function readReportUrl(
  search: URLSearchParams,
  names: readonly string[],
): Pick<ReportInput, 'period' | 'custom' | 'filters'> {
  const filters: Record<string, string> = {};
  for (const name of names) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const type = search.get('time_type');
  const start = search.get('effective_start') ?? '';
  const end = search.get('effective_end') ?? '';
  if ((type === 'other' || type === null) && isValidRange(start, end)) {
    return { custom: { start, end }, filters };
  }
  if (isPeriod(type) && type !== 'other') return { period: type as NamedPeriod, filters };
  return { filters };
}
