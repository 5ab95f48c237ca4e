/**
 * The row history chart (machines/row-history) reading a product's stock movements, newest first, from
 * GET /api/products/inventoriesDetail?filter[product_id]= (docs/back-office-catalog.md "Stock"): the same chart
 * as every row's history, pointed at the catalog's own read.
 */
import { rowHistoryLogic } from './row-history-logic';

export const stockHistoryLogic = rowHistoryLogic('products', () => ({
  path: 'products/inventoriesDetail',
  query: {},
}));

/** The chart's input for one product: its movements are the list's `filter[product_id]`. */
export function stockHistoryInput(productId: number) {
  return { rowId: productId, filter: { product_id: String(productId) } };
}
