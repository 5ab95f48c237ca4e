import type { SnapshotFrom } from 'xstate';
import type { FinderMachine } from './finder.machine';

type Snapshot<TItem> = SnapshotFrom<FinderMachine<TItem>>;

export type FinderStatus = 'idle' | 'debouncing' | 'searching' | 'found' | 'failed' | 'offline';

export const selectFinderStatus = <TItem>(s: Snapshot<TItem>): FinderStatus => s.value as FinderStatus;
export const selectQuery = <TItem>(s: Snapshot<TItem>): string => s.context.query;
export const selectResults = <TItem>(s: Snapshot<TItem>): readonly TItem[] => s.context.results;
/** The query the results answer, or null when nothing was searched (the picker offers its own list). */
export const selectAnswered = <TItem>(s: Snapshot<TItem>): string | null => s.context.answered;
export const selectFinderFailure = <TItem>(s: Snapshot<TItem>) => s.context.failure;
