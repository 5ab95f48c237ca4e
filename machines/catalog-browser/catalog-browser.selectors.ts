/**
 * View facts of the catalog browser, derived from its snapshot (conventions.md: never stored). The visible
 * tiles are memoised on (index, tab, search): the grid gets the same array back until one of them changes,
 * so its memoised tiles never re-render for anything else.
 */
import type { SnapshotFrom } from 'xstate';
import { filterTiles } from './catalog-index';
import type { VisibleTiles } from './catalog-index';
import type { catalogBrowserMachine } from './catalog-browser.machine';
import type { CatalogError, CatalogTab, EmployeeChoice, TabId } from './catalog-browser.types';

export type CatalogBrowserSnapshot = SnapshotFrom<typeof catalogBrowserMachine>;

export type CatalogStatus = 'loading' | 'ready' | 'failed';

export function selectCatalogStatus(snapshot: CatalogBrowserSnapshot): CatalogStatus {
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

const NO_TABS: readonly CatalogTab[] = [];
const NO_TILES: VisibleTiles = { tiles: [], total: 0 };

export const selectTabs = (snapshot: CatalogBrowserSnapshot): readonly CatalogTab[] =>
  snapshot.context.index?.tabs ?? NO_TABS;
export const selectTab = (snapshot: CatalogBrowserSnapshot): TabId => snapshot.context.tab;
export const selectSearch = (snapshot: CatalogBrowserSnapshot): string => snapshot.context.search;
export const selectCatalogEmployees = (snapshot: CatalogBrowserSnapshot): readonly EmployeeChoice[] =>
  snapshot.context.employees;
export const selectCatalogError = (snapshot: CatalogBrowserSnapshot): CatalogError | null =>
  snapshot.context.error;

interface Memo {
  tab: TabId;
  search: string;
  result: VisibleTiles;
}
const visibleCache = new WeakMap<object, Memo>();

export function selectVisibleTiles(snapshot: CatalogBrowserSnapshot): VisibleTiles {
  const { index, tab, search } = snapshot.context;
  if (!index) return NO_TILES;
  const memo = visibleCache.get(index);
  if (memo && memo.tab === tab && memo.search === search) return memo.result;
  const result = filterTiles(index, tab, search);
  visibleCache.set(index, { tab, search, result });
  return result;
}
