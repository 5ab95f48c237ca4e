import type { SaleDetail, SaleRefundInfo, SaleSummary } from '../../src/contracts/sales';
import type { SaleStatus } from '../../src/domain/constants';
import type { ManagedSale } from '../sale-management/sale-management.types';

/** What the order report list is narrowed to (000 §7 "Lists are GET with query params"; design.md §5 filters). */
export interface SaleListFilters {
  /** First store-local business date shown (YYYY-MM-DD, inclusive); null: no lower bound. */
  dateFrom: string | null;
  /** Last store-local business date shown (YYYY-MM-DD, inclusive); null: no upper bound. */
  dateTo: string | null;
  /** One status (Trash included); null: every status. */
  status: SaleStatus | null;
  /** A ticket number (digits only) or an invoice number ('S0001-000123'); '' for none. */
  search: string;
}

export interface LoadSalesInput {
  page: number;
  perPage: number;
  filters: SaleListFilters;
}

/** One page of GET /api/pos/sales. */
export interface SalePage {
  items: SaleSummary[];
  total: number;
  page: number;
  per_page: number;
}

export interface LoadSaleDetailInput {
  id: number;
}

/** An employee a sale's lines can move to (change employee). */
export interface StaffMember {
  id: number;
  name: string;
}

/** Everything the detail panel and its action forms read: the sale, what is refundable, who can take lines. */
export interface SaleDetailBundle {
  sale: SaleDetail;
  refund: SaleRefundInfo;
  employees: StaffMember[];
}

/** A failed load: `code` an i18n key, `message` the server's or the client's English text. */
export interface SaleListError {
  code: string;
  message: string;
}

export interface SaleListContext {
  /** The store's IANA time zone, handed to the action-mode chart (a void's business day). */
  timeZone: string;
  filters: SaleListFilters;
  page: number;
  perPage: number;
  /** The last page loaded; kept while the next one loads so the table does not blink. */
  items: SaleSummary[];
  total: number;
  listError: SaleListError | null;
  selectedId: number | null;
  detail: SaleDetailBundle | null;
  detailError: SaleListError | null;
  /** Intent id of the last finished action already reloaded for, so one finished action reloads once. */
  settledIntentId: string | null;
}

export interface SaleListInput {
  timeZone: string;
  perPage?: number;
  filters?: Partial<SaleListFilters>;
}

export type SaleListEvent =
  | { type: 'filters.apply'; filters: SaleListFilters }
  | { type: 'page.go'; page: number }
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'sale.select'; id: number }
  | { type: 'detail.close' }
  | { type: 'detail.retry' }
  /** An action changed sales (raised when the action-mode chart finishes); `gone`: the selected sale is cleared. */
  | { type: 'sale.changed'; gone: boolean };

/** The part of an action-mode snapshot the list reads (xstate.snapshot.actions events). */
export interface ActionsSnapshotView {
  value: unknown;
  context: {
    mode: string;
    intentId: string | null;
    sale: ManagedSale | null;
    result: { sale?: ManagedSale | null } | null;
  };
}

export const SALE_LIST_ERROR = {
  LOAD_FAILED: { code: 'sale_management.errors.load_failed', message: 'The sales could not be loaded.' },
  DETAIL_FAILED: {
    code: 'sale_management.errors.detail_failed',
    message: 'This sale could not be loaded.',
  },
} as const satisfies Record<string, SaleListError>;
