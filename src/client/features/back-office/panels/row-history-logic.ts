/**
 * The row history chart (machines/row-history) with its one side effect: a page of a row's history, newest
 * first, from GET /api/<resource>/{id}/histories in the one list dialect (docs/back-office.md "Row actions").
 */
import { fromPromise } from 'xstate';
import { rowHistoryMachine } from '../../../../../machines/row-history/row-history.machine';
import type { FetchHistoryInput, HistoryPage } from '../../../../../machines/row-history/row-history.types';
import { api } from '../../../lib/api/api';
import type { ApiClient } from '../../../lib/api/client';
import type { QueryParams } from '../../../lib/api/query';
import { toQuery } from '../resource-api';

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

/** What one page of a row's history asks the API for: the path and the query, in the list dialect. */
export function historyRequest(
  resource: string,
  source: ((rowId: number) => HistorySource) | undefined,
  input: FetchHistoryInput,
): { path: string; query: QueryParams } {
  const from = source?.(input.rowId);
  const params = {
    page: input.page,
    per_page: input.perPage,
    sort: '-created_at',
    filter: { ...input.filter, ...from?.filter },
  };
  return {
    path: from ? `/${from.path}` : `/${resource}/${input.rowId}/histories`,
    query: { ...toQuery(params), ...from?.query },
  };
}

/**
 * The chart reading the histories of `resource`'s rows (`giftcards` → /api/giftcards/{id}/histories). `client`
 * is the app's API client unless a test gives its own.
 */
export function rowHistoryLogic(
  resource: string,
  source?: (rowId: number) => HistorySource,
  client: Pick<ApiClient, 'get'> = api,
) {
  return rowHistoryMachine.provide({
    actors: {
      fetchHistory: fromPromise(({ input, signal }): Promise<HistoryPage> => {
        const { path, query } = historyRequest(resource, source, input);
        return client.get<HistoryPage>(path, { query, skipNotice: true, signal });
      }),
    },
  });
}
