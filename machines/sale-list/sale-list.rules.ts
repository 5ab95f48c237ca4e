/**
 * Pure rules of the order report list: default filters, paging arithmetic, a sale detail's status facts for the
 * action-mode chart, and how the list reads a finished action from that chart's snapshot.
 */
import type { SaleDetail } from '../../src/contracts/sales';
import { ACTION_MODE, SALE_STATUS } from '../../src/domain/constants';
import { isShowingMode } from '../sale-management/sale-management.modes';
import type { ManagedSale } from '../sale-management/sale-management.types';
import type {
  ActionsSnapshotView,
  PendingChange,
  QueuedSaleAction,
  SaleListError,
  SaleListFilters,
} from './sale-list.types';

export const NO_FILTERS: Readonly<SaleListFilters> = {
  dateFrom: null,
  dateTo: null,
  status: null,
  search: '',
};

/** Filters as the list uses them: the search trimmed, a reversed date range put the right way round. */
export function normaliseFilters(filters: Partial<SaleListFilters>): SaleListFilters {
  const merged = { ...NO_FILTERS, ...filters };
  const dateFrom = merged.dateFrom || null;
  const dateTo = merged.dateTo || null;
  const reversed = dateFrom !== null && dateTo !== null && dateFrom > dateTo;
  return {
    dateFrom: reversed ? dateTo : dateFrom,
    dateTo: reversed ? dateFrom : dateTo,
    status: merged.status,
    search: merged.search.trim(),
  };
}

/** The status facts the action-mode chart decides with (src/domain/sale-status.ts SaleStatusFacts). */
export function managedSaleOf(sale: SaleDetail | null | undefined): ManagedSale | null {
  if (!sale) return null;
  return {
    id: sale.id,
    status: sale.status,
    statusBeforeTrash: sale.status_before_trash,
    orderAt: sale.order_at,
    hasRefund: sale.has_refund,
  };
}

function isActionsSnapshot(value: unknown): value is ActionsSnapshotView {
  if (typeof value !== 'object' || value === null) return false;
  const context = (value as { context?: unknown }).context;
  return typeof context === 'object' && context !== null && 'mode' in context && 'intentId' in context;
}

/** The mode the action chart is done with (its `open.done` step), or null. */
export function finishedModeOf(snapshot: unknown): string | null {
  if (!isActionsSnapshot(snapshot)) return null;
  const value = snapshot.value;
  const done = typeof value === 'object' && value !== null && (value as { open?: unknown }).open === 'done';
  return done ? snapshot.context.mode : null;
}

/**
 * The action chart just finished an action (its `open.done` step) that the list has not reloaded for yet. A mode
 * that only shows what it read (the invoice) changed nothing: no reload.
 */
export function finishedIntentOf(snapshot: unknown, settledIntentId: string | null): string | null {
  const mode = finishedModeOf(snapshot);
  if (mode === null || isShowingMode(mode) || !isActionsSnapshot(snapshot)) return null;
  const intentId = snapshot.context.intentId;
  return intentId !== null && intentId !== settledIntentId ? intentId : null;
}

/**
 * Whether the finished action took the selected sale away for good: the action says the sale no longer exists
 * (clear one), or the whole trash was cleared while a trashed sale was open.
 */
export function isSaleGoneAfter(snapshot: unknown, selectedStatus: number | null): boolean {
  if (!isActionsSnapshot(snapshot)) return false;
  const { mode, result } = snapshot.context;
  if (result?.sale === null) return true;
  return mode === ACTION_MODE.CLEAR_TRASH_ALL && selectedStatus === SALE_STATUS.TRASH;
}

/**
 * The action the chart just handed to the offline queue (its `open.queued` step) that the list has not
 * recorded yet, with the sales it touches: the chart's sale, or for "save all changes" the list's pending
 * changes (still there when the chart's snapshot arrives), or none for "clear all trashed". An intent already
 * recorded is not recorded twice (its snapshot may come again after another action settled in between).
 */
export function queuedActionOf(
  snapshot: unknown,
  settledIntentId: string | null,
  pending: readonly PendingChange[],
  recorded: readonly QueuedSaleAction[] = [],
): QueuedSaleAction | null {
  if (!isActionsSnapshot(snapshot)) return null;
  const value = snapshot.value;
  const queued =
    typeof value === 'object' && value !== null && (value as { open?: unknown }).open === 'queued';
  const { mode, intentId, sale, result } = snapshot.context;
  const requestId = result?.queued?.requestId;
  if (!queued || requestId === undefined || intentId === null || intentId === settledIntentId) return null;
  if (recorded.some((action) => action.intentId === intentId)) return null;
  const saleIds =
    mode === ACTION_MODE.SAVE_ALL_CHANGES
      ? pending.map((change) => change.id)
      : mode === ACTION_MODE.CLEAR_TRASH_ALL || sale === null
        ? []
        : [sale.id];
  return { requestId, intentId, mode, saleIds, failed: false };
}

/** Whether the open sale is gone for good now that a queued clear of it has left the queue. */
export function isSaleGoneAfterQueued(
  action: QueuedSaleAction,
  selectedId: number | null,
  selectedStatus: number | null,
): boolean {
  if (action.mode === ACTION_MODE.CLEAR_TRASH_ONE)
    return selectedId !== null && action.saleIds.includes(selectedId);
  return action.mode === ACTION_MODE.CLEAR_TRASH_ALL && selectedStatus === SALE_STATUS.TRASH;
}

/** The action chart is idle with other status facts than the open sale's (an update it could not take then). */
export function isActionsOutOfSync(snapshot: unknown, sale: ManagedSale | null): boolean {
  if (!isActionsSnapshot(snapshot) || snapshot.value !== 'idle') return false;
  return JSON.stringify(snapshot.context.sale) !== JSON.stringify(sale);
}

/** A failed load as the screen shows it: the server's message when it sent one. */
export function toListError(error: unknown, fallback: SaleListError): SaleListError {
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return { code: fallback.code, message };
  }
  return { ...fallback };
}
