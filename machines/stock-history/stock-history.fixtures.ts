/** Movement pages and failures, for the stock history chart's tests. */
import type { InventoryMovement } from '../../src/contracts/products';
import type { MovementPage } from './stock-history.types';

export function aMovement(id: number): InventoryMovement {
  return {
    id,
    product_id: 3,
    product_name: 'Brow Gel',
    change: id % 2 === 0 ? -1 : 2,
    quantity_after: 7 + id,
    reason: 'received',
    note: id === 1 ? 'First delivery' : null,
    user_id: 1,
    user_name: 'Owner',
    created_at: `2026-11-0${id}T10:00:00.000Z`,
  };
}

/** Page `page` of `total` movements, two a page. */
export function aMovementPage(page: number, total: number): MovementPage {
  const first = (page - 1) * 2 + 1;
  const ids = [first, first + 1].filter((id) => id <= total);
  return { items: ids.map(aMovement), total, page, per_page: 2 };
}
