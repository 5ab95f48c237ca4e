/**
 * The stock history chart (machines/stock-history) with its one side effect: a page of the product's stock
 * movements, newest first, from GET /api/products/inventoriesDetail (docs/back-office-catalog.md "Stock").
 */
import { fromPromise } from 'xstate';
import { stockHistoryMachine } from '../../../../../machines/stock-history/stock-history.machine';
import type { InventoryMovement } from '../../../../contracts/products';
import { listRows } from '../resource-api';

export const stockHistoryLogic = stockHistoryMachine.provide({
  actors: {
    fetchMovements: fromPromise(({ input, signal }) =>
      listRows<InventoryMovement>(
        'products/inventoriesDetail',
        {
          page: input.page,
          per_page: input.perPage,
          sort: '-created_at',
          filter: { product_id: String(input.productId) },
        },
        { signal },
      ),
    ),
  },
});
