import type { SnapshotFrom } from 'xstate';
import { pageCount } from '../support/paging';
import type { stockHistoryMachine } from './stock-history.machine';

type Snapshot = SnapshotFrom<typeof stockHistoryMachine>;

export type StockHistoryStatus = 'loading' | 'paging' | 'ready' | 'empty' | 'failed' | 'offline';

export const selectStatus = (s: Snapshot): StockHistoryStatus => s.value as StockHistoryStatus;
export const selectMovements = (s: Snapshot) => s.context.items;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectPage = (s: Snapshot) => s.context.page;
export const selectPageCount = (s: Snapshot) => pageCount(s.context.total, s.context.perPage);
export const selectTotal = (s: Snapshot) => s.context.total;
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
