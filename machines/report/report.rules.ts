/**
 * The report chart's pure rules: the order a header's tap gives a column, and which custom ranges may be asked
 * for (docs/reports.md#the-query: two days, the first not after the last).
 */
import { parseDay } from '../../src/domain/report-periods';

/** A column's next order: ascending, then descending, then the report's default (null). */
export function nextSort(current: string | null, field: string): string | null {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return null;
  return field;
}

/** Two real days, `YYYY-MM-DD`, the first not after the last. */
export function isValidRange(start: string, end: string): boolean {
  return parseDay(start) !== null && parseDay(end) !== null && start <= end;
}
