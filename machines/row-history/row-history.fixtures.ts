/** History pages, for the row history chart's tests. */
import type { HistoryItem, HistoryPage } from './row-history.types';

export function aHistoryItem(id: number): HistoryItem & { amount: number; kind: string } {
  return { id, amount: id * 100, kind: id === 1 ? 'issue' : 'reload' };
}

/** Page `page` of `total` rows, two a page. */
export function aHistoryPage(page: number, total: number): HistoryPage {
  const first = (page - 1) * 2 + 1;
  const ids = [first, first + 1].filter((id) => id <= total);
  return { items: ids.map(aHistoryItem), total, page, per_page: 2 };
}
