import type { SnapshotFrom } from 'xstate';
import { pageCount } from '../support/paging';
import type { rowHistoryMachine } from './row-history.machine';

type Snapshot = SnapshotFrom<typeof rowHistoryMachine>;

export type RowHistoryStatus = 'loading' | 'paging' | 'ready' | 'empty' | 'failed' | 'offline';

export const selectStatus = (s: Snapshot): RowHistoryStatus => s.value as RowHistoryStatus;
export const selectItems = (s: Snapshot) => s.context.items;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectFilter = (s: Snapshot) => s.context.filter;
export const selectPage = (s: Snapshot) => s.context.page;
export const selectPageCount = (s: Snapshot) => pageCount(s.context.total, s.context.perPage);
export const selectTotal = (s: Snapshot) => s.context.total;
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
/** Whether any filter narrows the list (an empty list then says so, rather than "no history"). */
export const selectIsFiltered = (s: Snapshot) => Object.values(s.context.filter).some((v) => v !== '');
