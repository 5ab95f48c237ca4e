import type { ResourceError } from '../resource/resource.types';

/** One history row as the server lists it; the chart keeps rows as they come, the panel draws them. */
export interface HistoryItem {
  id: number;
}

export interface HistoryPage {
  items: readonly HistoryItem[];
  total: number;
  page: number;
  per_page: number;
}

/** The list's `filter[...]` values as the panel's controls hold them; '' is no filter. */
export type HistoryFilter = Readonly<Record<string, string>>;

export interface RowHistoryInput {
  /** The row whose history it is (a gift card, a customer, a coupon). */
  rowId: number;
  /** Rows per page; the panel's default when absent. */
  perPage?: number;
  /** The filters' first values; none when absent. */
  filter?: HistoryFilter;
}

export interface FetchHistoryInput {
  rowId: number;
  page: number;
  perPage: number;
  /** Only the filters with a value. */
  filter: HistoryFilter;
}

export interface RowHistoryContext {
  rowId: number;
  page: number;
  perPage: number;
  filter: HistoryFilter;
  /** The page shown: kept while another page or filter loads. */
  items: HistoryItem[];
  total: number;
  failure: ResourceError | null;
}

export type RowHistoryEvent =
  | { type: 'page.go'; page: number }
  | { type: 'filter.change'; field: string; value: string }
  | { type: 'retry' }
  | { type: 'connection.online' };
