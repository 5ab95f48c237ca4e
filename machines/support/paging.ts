/**
 * Paging shared by every chart that shows one page of a server list at a time (the sales list, the resource
 * screens, stock history). The server pages with `page` and `per_page` (docs/api.md "Lists"); these are the
 * client's side of it: how many pages a total makes, which page a pager may go to, and what a loaded page leads
 * to.
 */
import { outputParams } from './transitions';

/** What every list endpoint answers: the rows of one page and how many rows the whole list has. */
export interface LoadedPage {
  items: readonly unknown[];
  total: number;
}

/** Pages a total makes; an empty list still has its one (empty) page. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** An empty page after the last one (its last rows were deleted meanwhile): the chart goes back to the last page. */
export function isPastLastPage(page: LoadedPage, current: number, perPage: number): boolean {
  return page.items.length === 0 && page.total > 0 && current > pageCount(page.total, perPage);
}

/** A page the pager may load: a whole number from 1 to the last page, other than the one shown. */
export function isPageInRange(target: number, current: number, total: number, perPage: number): boolean {
  return Number.isInteger(target) && target >= 1 && target <= pageCount(total, perPage) && target !== current;
}

/**
 * The onDone of a page load, in a region whose states include `loading`, `empty` and `ready`. The chart's
 * setup names the guards `isPastLastPage` and `isPageEmpty` and the actions `goToLastPage` and `storePage`,
 * each taking the loaded page as params. Past the last page it loads the last one instead.
 */
export function pageLoadedTransitions() {
  return [
    {
      guard: { type: 'isPastLastPage' as const, params: outputParams },
      target: 'loading',
      reenter: true,
      actions: { type: 'goToLastPage' as const, params: outputParams },
    },
    {
      guard: { type: 'isPageEmpty' as const, params: outputParams },
      target: 'empty',
      actions: { type: 'storePage' as const, params: outputParams },
    },
    { target: 'ready', actions: { type: 'storePage' as const, params: outputParams } },
  ];
}
