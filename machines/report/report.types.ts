import type { ReportPeriod } from '../../src/domain/constants';
import type { ResourceError } from '../resource/resource.types';

/** The thirteen named periods; 'other' is the custom range, set with its two days. */
export type NamedPeriod = Exclude<ReportPeriod, 'other'>;

/** A custom range: two store days, `YYYY-MM-DD`, both included (docs/reports.md#the-query). */
export interface CustomRange {
  start: string;
  end: string;
}

/** The range the server says it read (src/contracts/reports.ts reportRangeSchema). */
export interface ReportRangeView {
  time_type: ReportPeriod;
  start_date: string;
  end_date: string;
  timezone: string;
}

/** What GET /api/report/<name> answers (docs/reports.md): a page of rows, the range, the totals. */
export interface ReportPage {
  items: readonly object[];
  total: number;
  page: number;
  per_page: number;
  range: ReportRangeView;
  totals: unknown;
}

/** What a load and an export ask for; the export leaves the paging out. */
export interface ReportQueryInput {
  period: ReportPeriod;
  custom: CustomRange | null;
  /** A sort field of the report, `-` for descending; null = the report's default. */
  sort: string | null;
  page: number;
  perPage: number;
  /**
   * The report's other query fields, by their wire names: a details screen's row (`customer_id`, `date`) and
   * the people chosen (`user_id`, `cashier_id`). Absent = not filtered.
   */
  filters: Readonly<Record<string, string>>;
}

/** A person a report may be filtered by (docs/reports.md#the-query: `user_id`, `cashier_id`). */
export interface ReportPerson {
  id: number;
  name: string;
}

export interface ReportInput {
  /** The first period shown; today when absent (the server's default, docs/reports.md#the-query). */
  period?: NamedPeriod;
  /** A custom first range instead (a details screen opened from a report on 'other'). */
  custom?: CustomRange | null;
  perPage?: number;
  sort?: string | null;
  filters?: Readonly<Record<string, string>>;
  /** Whether the screen offers people filters: then the store's people are loaded once. */
  people?: boolean;
}

export interface ReportContext extends ReportQueryInput {
  /** The page shown: kept while another loads, so the table does not blink. */
  items: readonly object[];
  total: number;
  totals: unknown;
  range: ReportRangeView | null;
  failure: ResourceError | null;
  exportFailure: ResourceError | null;
  offersPeople: boolean;
  /** The store's people for the filters (empty until loaded, or when the screen offers none). */
  people: readonly ReportPerson[];
}

export type ReportEvent =
  | { type: 'period.set'; period: NamedPeriod }
  | { type: 'period.custom'; start: string; end: string }
  | { type: 'sort.toggle'; field: string }
  /** A query field set (a person chosen) or cleared (null). */
  | { type: 'filter.set'; name: string; value: string | null }
  | { type: 'page.go'; page: number }
  | { type: 'retry' }
  | { type: 'connection.online' }
  | { type: 'export' }
  | { type: 'export.dismiss' }
  | { type: 'print' };
