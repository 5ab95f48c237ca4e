/**
 * Moving one row up or down a list shown in display order (docs/back-office.md "Row actions"): which rows
 * get which `display_order`. Rows with distinct orders swap theirs (two writes). Rows whose orders tie (new
 * rows all start at 0) cannot be told apart by a swap, so the page is numbered again from its first row's
 * order, writing only the rows whose order changes.
 */
import type { MoveDirection, ResourceRow } from '../../../../machines/resource/resource.types';

export interface OrderWrite {
  id: number;
  display_order: number;
}

function orderOf(row: ResourceRow): number {
  return Number(row.display_order ?? 0);
}

/** The writes that move `id` one place `direction` among `rows` (listed in display order); none at an edge. */
export function moveWrites(rows: readonly ResourceRow[], id: number, direction: MoveDirection): OrderWrite[] {
  const at = rows.findIndex((row) => row.id === id);
  const to = direction === 'up' ? at - 1 : at + 1;
  const row = rows[at];
  const neighbour = rows[to];
  if (at < 0 || !row || !neighbour) return [];
  const mine = orderOf(row);
  const theirs = orderOf(neighbour);
  const tied = rows.some(
    (other) => other !== row && other !== neighbour && [mine, theirs].includes(orderOf(other)),
  );
  if (mine !== theirs && !tied) {
    return [
      { id: row.id, display_order: theirs },
      { id: neighbour.id, display_order: mine },
    ];
  }
  const moved = [...rows];
  moved[at] = neighbour;
  moved[to] = row;
  const base = Math.min(...rows.map(orderOf));
  return moved
    .map((one, index) => ({ id: one.id, display_order: base + index, was: orderOf(one) }))
    .filter((write) => write.display_order !== write.was)
    .map(({ id: rowId, display_order }) => ({ id: rowId, display_order }));
}
