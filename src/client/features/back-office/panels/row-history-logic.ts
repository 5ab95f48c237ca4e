/**
 * The row history chart (machines/row-history) with its one side effect: a page of a row's history, newest
 * first, from GET /api/<resource>/{id}/histories in the one list dialect (docs/back-office.md "Row actions").
 */
import { fromPromise } from 'xstate';
import { rowHistoryMachine } from '../../../../../machines/row-history/row-history.machine';
import type { HistoryPage } from '../../../../../machines/row-history/row-history.types';
import { listRows } from '../resource-api';

/** The chart reading the histories of `resource`'s rows (`giftcards` → /api/giftcards/{id}/histories). */
export function rowHistoryLogic(resource: string) {
  return rowHistoryMachine.provide({
    actors: {
      fetchHistory: fromPromise(({ input, signal }): Promise<HistoryPage> =>
        listRows<{ id: number }>(
          `${resource}/${input.rowId}/histories`,
          { page: input.page, per_page: input.perPage, sort: '-created_at', filter: { ...input.filter } },
          { signal },
        ),
      ),
    },
  });
}
