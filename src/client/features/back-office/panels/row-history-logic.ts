/**
 * The row history chart (machines/row-history) with its one side effect: a page of a row's history, newest
 * first, from GET /api/<resource>/{id}/histories in the one list dialect (docs/back-office.md "Row actions").
 */
import { fromPromise } from 'xstate';
import { rowHistoryMachine } from '../../../../../machines/row-history/row-history.machine';
import type { HistoryPage } from '../../../../../machines/row-history/row-history.types';
import { api } from '../../../lib/api/api';
import { listRows, toQuery } from '../resource-api';

/**
 * Where a row's history is read when it is not /api/<resource>/{id}/histories: a path and the query naming the
 * row (a customer's points: /customers/historyPoint?customer_id=), or the list filter naming it (a product's
 * stock: /products/inventoriesDetail?filter[product_id]=). The filter is not the chart's: the panel offers no
 * box for it and an empty answer is "no history", not "nothing matches the filter".
 */
export interface HistorySource {
  path: string;
  query?: Record<string, string>;
  filter?: Record<string, string>;
}

/** The chart reading the histories of `resource`'s rows (`giftcards` → /api/giftcards/{id}/histories). */
export function rowHistoryLogic(resource: string, source?: (rowId: number) => HistorySource) {
  return rowHistoryMachine.provide({
    actors: {
      fetchHistory: fromPromise(({ input, signal }): Promise<HistoryPage> => {
        const from = source?.(input.rowId);
        const params = {
          page: input.page,
          per_page: input.perPage,
          sort: '-created_at',
          filter: { ...input.filter, ...from?.filter },
        };
        if (!from)
          return listRows<{ id: number }>(`${resource}/${input.rowId}/histories`, params, { signal });
        const { path, query } = from;
        return api.get<HistoryPage>(`/${path}`, {
          query: { ...toQuery(params), ...query },
          skipNotice: true,
          signal,
        });
      }),
    },
  });
}
