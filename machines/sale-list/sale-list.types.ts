import type { SaleDetail, SaleRefundInfo, SaleSummary } from '../../src/contracts/sales';
import type { SaleStatus } from '../../src/domain/constants';
import type { Minor } from '../../src/domain/order.types';
import type { ManagedSale } from '../sale-management/sale-management.types';

/** What the order report list is narrowed to (docs/api.md#the-client "Lists are GET with query params"; docs/api.md filters). */
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

/** A tip typed for one employee of a sale; `tip_amount` null: the text typed is not an amount. */
export interface PendingTip {
  user_id: number;
  tip_amount: Minor | null;
}

/**
 * What the edit mode changed on one sale and has not saved yet (sale-list.changes.ts). An absent field is
 * unchanged; null is a field whose text is not a value yet.
 */
export interface PendingChange {
  id: number;
  /** For the confirmation ("tickets #12, #15"). */
  ticketNo: number;
  /** UTC ISO (docs/api.md#defaults-and-formats). */
  orderAt?: string | null;
  tips?: PendingTip[];
}

/**
 * An action the offline request queue took instead of the server (the action chart's `queued` step;
 * docs/offline.md): it waits on this till and the sales it touches are shown as waiting for it, as they were
 * before it.
 */
export interface QueuedSaleAction {
  /** The queue's id of the request (its synthetic answer's requestId). */
  requestId: string;
  /** The action's intent id (its Idempotency-Key). */
  intentId: string;
  /** The action mode (ACTION_MODE). */
  mode: string;
  /** The sales it changes: the open sale, or every sale of a "save all changes"; none for "clear all trashed". */
  saleIds: number[];
  /** The queue gave up after its retries: it stays there, failed, until retried or removed. */
  failed: boolean;
}

/** Where a queued action stands in the queue: waiting (or being sent), failed, or gone (sent or removed). */
export type QueuedActionStatus = 'waiting' | 'failed' | 'gone';

/** What the queue watcher tells the list (sendBack). */
export interface QueuedActionStatusEvent {
  type: 'queued.status';
  requestId: string;
  status: QueuedActionStatus;
}

export interface WatchQueuedActionsInput {
  requestIds: readonly string[];
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
  /** The edit mode's unsaved changes, in the order the sales were first changed. */
  pending: PendingChange[];
  /**
   * The Idempotency-Key of saving exactly these changes (docs/api.md#writes-and-idempotency: one per intent,
   * reused on retry): kept when the same changes are saved again after a failure, dropped as soon as they
   * change.
   */
  saveIntentId: string | null;
  /** Actions waiting in the offline queue, oldest first. */
  queuedActions: QueuedSaleAction[];
  /** The request ids the running watcher was started with. */
  watchedIds: string[];
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
  | { type: 'sale.changed'; gone: boolean }
  /** Edit mode: order times in the list and tips of the open sale become editable, changes pile up. */
  | { type: 'changes.start' }
  /** Leaves edit mode, forgetting what was not saved. */
  | { type: 'changes.discard' }
  | {
      type: 'change.orderAt';
      saleId: number;
      ticketNo: number;
      /** UTC ISO; null when the field holds no valid time. */
      orderAt: string | null;
      original: string;
    }
  | {
      type: 'change.tip';
      saleId: number;
      ticketNo: number;
      userId: number;
      /** Minor units; null when the text is not an amount. */
      amount: Minor | null;
      original: Minor;
    }
  /** Opens "save all changes" in the action chart with the pending changes; `intentId` a fresh uuid. */
  | { type: 'changes.save'; now: Date; intentId: string }
  /** Raised when the action chart saved them: the edit mode ends clean. */
  | { type: 'changes.saved' }
  | QueuedActionStatusEvent;

/** The part of an action-mode snapshot the list reads (xstate.snapshot.actions events). */
export interface ActionsSnapshotView {
  value: unknown;
  context: {
    mode: string;
    intentId: string | null;
    sale: ManagedSale | null;
    result: { sale?: ManagedSale | null; queued?: { requestId: string } } | null;
  };
}

export const SALE_LIST_ERROR = {
  LOAD_FAILED: { code: 'sale_management.errors.load_failed', message: 'The sales could not be loaded.' },
  DETAIL_FAILED: {
    code: 'sale_management.errors.detail_failed',
    message: 'This sale could not be loaded.',
  },
} as const satisfies Record<string, SaleListError>;
