/** View facts of the order report list, derived from the snapshot (never stored). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SaleSummary } from '../../src/contracts/sales';
import type { saleManagementMachine } from '../sale-management/sale-management.machine';
import type { saleListMachine } from './sale-list.machine';
import { hasInvalidChange, pendingCount, pendingOf } from './sale-list.changes';
import { pageCount } from '../support/paging';
import type {
  PendingChange,
  QueuedSaleAction,
  SaleDetailBundle,
  SaleListError,
  SaleListFilters,
} from './sale-list.types';

type SaleListSnapshot = SnapshotFrom<typeof saleListMachine>;

export type ListStatus = 'loading' | 'ready' | 'empty' | 'failed';
export type DetailStatus = 'closed' | 'loading' | 'open' | 'failed';

export function selectListStatus(snapshot: SaleListSnapshot): ListStatus {
  if (snapshot.matches({ list: 'ready' })) return 'ready';
  if (snapshot.matches({ list: 'empty' })) return 'empty';
  if (snapshot.matches({ list: 'failed' })) return 'failed';
  return 'loading';
}

export function selectDetailStatus(snapshot: SaleListSnapshot): DetailStatus {
  if (snapshot.matches({ detail: 'loading' })) return 'loading';
  if (snapshot.matches({ detail: 'open' })) return 'open';
  if (snapshot.matches({ detail: 'failed' })) return 'failed';
  return 'closed';
}

export function selectItems(snapshot: SaleListSnapshot): readonly SaleSummary[] {
  return snapshot.context.items;
}

export function selectTotal(snapshot: SaleListSnapshot): number {
  return snapshot.context.total;
}

export function selectFilters(snapshot: SaleListSnapshot): SaleListFilters {
  return snapshot.context.filters;
}

export interface Paging {
  page: number;
  pageCount: number;
  canGoBack: boolean;
  canGoForward: boolean;
}

export function selectPaging(snapshot: SaleListSnapshot): Paging {
  const { page, total, perPage } = snapshot.context;
  return {
    page,
    pageCount: pageCount(total, perPage),
    canGoBack: snapshot.can({ type: 'page.go', page: page - 1 }),
    canGoForward: snapshot.can({ type: 'page.go', page: page + 1 }),
  };
}

/** Same-valued paging facts compare equal, so a component re-renders only when one changes. */
export function samePaging(a: Paging, b: Paging): boolean {
  return (
    a.page === b.page &&
    a.pageCount === b.pageCount &&
    a.canGoBack === b.canGoBack &&
    a.canGoForward === b.canGoForward
  );
}

export function selectListError(snapshot: SaleListSnapshot): SaleListError | null {
  return snapshot.context.listError;
}

export function selectSelectedId(snapshot: SaleListSnapshot): number | null {
  return snapshot.context.selectedId;
}

export function selectDetail(snapshot: SaleListSnapshot): SaleDetailBundle | null {
  return snapshot.context.detail;
}

export function selectDetailError(snapshot: SaleListSnapshot): SaleListError | null {
  return snapshot.context.detailError;
}

export function selectIsListLoading(snapshot: SaleListSnapshot): boolean {
  return snapshot.matches({ list: 'loading' });
}

/** The action-mode chart of the screen (the `actions` child), for its own selectors. */
export function selectActionsRef(
  snapshot: SaleListSnapshot,
): ActorRefFrom<typeof saleManagementMachine> | undefined {
  return snapshot.children.actions as ActorRefFrom<typeof saleManagementMachine> | undefined;
}

// ---- edit mode (save all changes) ---------------------------------------------------------------------

export function selectIsEditingChanges(snapshot: SaleListSnapshot): boolean {
  return snapshot.matches({ changes: 'editing' });
}

export function selectPendingChanges(snapshot: SaleListSnapshot): readonly PendingChange[] {
  return snapshot.context.pending;
}

/** How many fields are changed and not saved (each order time and each employee's tip once). */
export function selectPendingCount(snapshot: SaleListSnapshot): number {
  return pendingCount(snapshot.context.pending);
}

/** A typed value that is not a value yet blocks the save. */
export function selectHasInvalidChange(snapshot: SaleListSnapshot): boolean {
  return hasInvalidChange(snapshot.context.pending);
}

/** Whether "Save all changes" would go through now: the chart's own answer. */
export function selectCanSaveChanges(snapshot: SaleListSnapshot): boolean {
  return snapshot.can({ type: 'changes.save', now: new Date(0), intentId: '' });
}

/** The pending change of one sale (undefined: none). */
export function selectPendingOf(snapshot: SaleListSnapshot, saleId: number): PendingChange | undefined {
  return pendingOf(snapshot.context.pending, saleId);
}

// ---- actions waiting in the offline queue --------------------------------------------------------------

const NONE: readonly QueuedSaleAction[] = [];

/** Every action waiting in the offline queue, oldest first. */
export function selectQueuedActions(snapshot: SaleListSnapshot): readonly QueuedSaleAction[] {
  return snapshot.context.queuedActions;
}

/** The queued actions that change one sale (the same empty list when none: no re-render for nothing). */
export function selectQueuedActionsOf(
  snapshot: SaleListSnapshot,
  saleId: number,
): readonly QueuedSaleAction[] {
  const mine = snapshot.context.queuedActions.filter((action) => action.saleIds.includes(saleId));
  return mine.length === 0 ? NONE : mine;
}
