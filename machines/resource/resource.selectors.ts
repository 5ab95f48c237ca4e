/** View facts of the resource screen, derived from the snapshot (never stored). */
import type { SnapshotFrom } from 'xstate';
import type { resourceMachine } from './resource.machine';
import { pageCount } from '../support/paging';
import { canCommitImport } from './resource.rules';
import type { FieldIssues, ResourceError, ResourceRow } from './resource.types';

type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

export type ListStatus = 'loading' | 'ready' | 'empty' | 'error' | 'offline';
export type BulkStatus = 'idle' | 'confirming' | 'running' | 'done' | 'failed';
export type RemovalStatus = 'idle' | 'confirming' | 'removing' | 'failed';
export type RowActionStatus = 'closed' | 'open';
export type OrderingStatus = 'idle' | 'moving' | 'failed';
export type EditorStatus =
  'closed' | 'loading' | 'loadFailed' | 'editing' | 'validating' | 'saving' | 'failed' | 'saved';
export type ImportStatus =
  'idle' | 'choosing' | 'parsing' | 'checking' | 'preview' | 'committing' | 'done' | 'failed';
export type ExportStatus = 'idle' | 'exporting' | 'failed';

function regionValue<T extends string>(snapshot: ResourceSnapshot, region: string): T {
  return (snapshot.value as Record<string, string>)[region] as T;
}

export const selectListStatus = (s: ResourceSnapshot): ListStatus => regionValue(s, 'list');
export const selectBulkStatus = (s: ResourceSnapshot): BulkStatus => regionValue(s, 'bulk');
export const selectRemovalStatus = (s: ResourceSnapshot): RemovalStatus => regionValue(s, 'removal');
export const selectEditorStatus = (s: ResourceSnapshot): EditorStatus => regionValue(s, 'editor');
/** The import's step; the two steps of reading a file are told apart (`parsing`, then `checking`). */
export function selectImportStatus(s: ResourceSnapshot): ImportStatus {
  const value = (s.value as Record<string, unknown>).import;
  if (typeof value === 'object' && value !== null) return (value as { reading: ImportStatus }).reading;
  return value as ImportStatus;
}
export const selectExportStatus = (s: ResourceSnapshot): ExportStatus => regionValue(s, 'export');

/** Rows stay on screen while a refresh loads, so the table does not flash empty. */
export const selectItems = (s: ResourceSnapshot): readonly ResourceRow[] => s.context.items;
export const selectTotal = (s: ResourceSnapshot): number => s.context.total;
export const selectPage = (s: ResourceSnapshot): number => s.context.list.page;
export const selectPageCount = (s: ResourceSnapshot): number =>
  pageCount(s.context.total, s.context.list.perPage);
export const selectPerPage = (s: ResourceSnapshot): number => s.context.list.perPage;
export const selectSort = (s: ResourceSnapshot): string | null => s.context.list.sort;
export const selectFilter = (s: ResourceSnapshot): Readonly<Record<string, string>> => s.context.list.filter;
export const selectSearchText = (s: ResourceSnapshot): string => s.context.searchText;
/** The search the shown rows answer (the box may hold more while the debounce waits). */
export const selectAppliedSearch = (s: ResourceSnapshot): string => s.context.list.search;
export const selectListError = (s: ResourceSnapshot): ResourceError | null => s.context.listError;
export const selectIsLoading = (s: ResourceSnapshot): boolean => s.matches({ list: 'loading' });
/** An empty list because of a search or a filter, not because nothing exists yet. */
export const selectIsNarrowed = (s: ResourceSnapshot): boolean =>
  s.context.list.search !== '' || Object.keys(s.context.list.filter).length > 0;

export const selectSelected = (s: ResourceSnapshot): readonly number[] => s.context.selected;
export const selectAllSelected = (s: ResourceSnapshot): boolean =>
  s.context.items.length > 0 && s.context.items.every((row) => s.context.selected.includes(row.id));
export const selectCanStartBulk = (s: ResourceSnapshot): boolean =>
  s.can({ type: 'bulk.start', action: 'delete', idempotencyKey: 'probe' });
export const selectBulk = (s: ResourceSnapshot) => s.context.bulk;
export const selectRemoval = (s: ResourceSnapshot) => s.context.removal;

export const selectRowActionStatus = (s: ResourceSnapshot): RowActionStatus => regionValue(s, 'rowAction');
/** The open row action's id and row id (both null when no panel is open). */
export const selectRowAction = (s: ResourceSnapshot) => s.context.rowAction;
export const selectOrderingStatus = (s: ResourceSnapshot): OrderingStatus => regionValue(s, 'ordering');
export const selectOrdering = (s: ResourceSnapshot) => s.context.ordering;

export const selectEditorOpen = (s: ResourceSnapshot): boolean =>
  !s.matches({ editor: 'closed' }) && !s.matches({ editor: 'saved' });
export const selectEditor = (s: ResourceSnapshot) => s.context.editor;
export const selectEditorValues = (s: ResourceSnapshot) => s.context.editor.values;
export const selectFieldErrors = (s: ResourceSnapshot): FieldIssues => s.context.editor.fieldErrors;
export const selectEditorBusy = (s: ResourceSnapshot): boolean =>
  s.matches({ editor: 'validating' }) || s.matches({ editor: 'saving' }) || s.matches({ editor: 'loading' });

export const selectImport = (s: ResourceSnapshot) => s.context.import;
export const selectImportOpen = (s: ResourceSnapshot): boolean => !s.matches({ import: 'idle' });
export const selectCanCommitImport = (s: ResourceSnapshot): boolean =>
  s.matches({ import: 'preview' }) && canCommitImport(s.context.import.parsed, s.context.import.result);

export const selectExport = (s: ResourceSnapshot) => s.context.export;
