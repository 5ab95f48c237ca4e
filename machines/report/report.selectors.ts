import type { SnapshotFrom } from 'xstate';
import { pageCount } from '../support/paging';
import type { reportMachine } from './report.machine';

type Snapshot = SnapshotFrom<typeof reportMachine>;

export type ReportDataStatus = 'loading' | 'ready' | 'empty' | 'failed' | 'offline';
export type ReportExportStatus = 'idle' | 'exporting' | 'failed';

const value = (s: Snapshot) => s.value as { data: ReportDataStatus; export: ReportExportStatus };

export const selectDataStatus = (s: Snapshot): ReportDataStatus => value(s).data;
export const selectExportStatus = (s: Snapshot): ReportExportStatus => value(s).export;
export const selectItems = (s: Snapshot) => s.context.items;
export const selectTotals = (s: Snapshot) => s.context.totals;
export const selectRange = (s: Snapshot) => s.context.range;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectExportFailure = (s: Snapshot) => s.context.exportFailure;
export const selectPeriod = (s: Snapshot) => s.context.period;
export const selectCustom = (s: Snapshot) => s.context.custom;
export const selectSort = (s: Snapshot) => s.context.sort;
export const selectFilters = (s: Snapshot) => s.context.filters;
/** The people to filter by, once loaded (none while loading, or when they could not be). */
export const selectPeople = (s: Snapshot) => s.context.people;
export const selectPage = (s: Snapshot) => s.context.page;
export const selectTotal = (s: Snapshot) => s.context.total;
export const selectPageCount = (s: Snapshot) => pageCount(s.context.total, s.context.perPage);
/** A period, sort or page is loading (the rows shown are the previous query's until it arrives). */
export const selectIsLoading = (s: Snapshot) => s.matches({ data: 'loading' });
export const selectCanExport = (s: Snapshot) => s.context.total > 0 && !s.matches({ export: 'exporting' });
