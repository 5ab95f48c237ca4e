/** Whether a body replayed with a stored sale's uuid is the same order (create answers it) or another (409). */
import type { SaleBody } from '../../../contracts/sales';
import { ITEM_TYPE } from '../../../domain/constants';
import type { LineDiscount, Order, Payment } from '../../../domain/order.types';
import { giftcardNumberOf, keptLineDiscounts } from './validation';

function discountKey(d: { type: number; value: number; approved_by?: number | null } | null | undefined) {
  return d && d.value > 0 ? `${d.type}:${d.value}:${d.approved_by ?? ''}` : '';
}

function lineDiscountsKey(discounts: readonly LineDiscount[] | undefined): string {
  return keptLineDiscounts(discounts)
    .map((d) => `${d.type}:${d.discount.type}:${d.discount.value}`)
    .sort()
    .join('|');
}

function paymentsKey(payments: readonly Payment[]): string {
  return payments
    .filter((p) => p.payment_amount > 0)
    .map((p) => `${p.payment_type}:${p.payment_amount}:${p.payment_info?.reference ?? ''}`)
    .sort()
    .join('|');
}

/**
 * Whether a body describes the order a stored sale holds: same status, customer, employees, lines (item,
 * quantity, effective price, discounts, gift card), tips, ticket/manager/other discounts and payments. Names,
 * catalog prices and client totals are not compared (the server rebuilt them); a price equal to the catalog's is
 * the same as no override.
 */
export function sameOrder(body: SaleBody, stored: Order): boolean {
  if (body.status !== stored.status) return false;
  if ((body.customer?.id ?? body.customer_id ?? null) !== (stored.customer?.id ?? null)) return false;
  for (const kind of ['ticket', 'manager', 'other'] as const) {
    if (discountKey(body.discount?.[kind]) !== discountKey(stored.discount[kind])) return false;
  }
  if (paymentsKey(body.payments) !== paymentsKey(stored.payments)) return false;
  if (body.orderEmployees.length !== stored.orderEmployees.length) return false;
  return body.orderEmployees.every((group, g) => {
    const s = stored.orderEmployees[g]!;
    if (group.employee.id !== s.employee.id) return false;
    if ((group.tips?.tip_amount ?? 0) !== (s.tips?.tip_amount ?? 0)) return false;
    if (group.orderItems.length !== s.orderItems.length) return false;
    return group.orderItems.every((item, i) => {
      const line = s.orderItems[i]!;
      if (item.item_type !== line.item_type || item.quantity !== line.quantity) return false;
      if (lineDiscountsKey(item.discounts) !== lineDiscountsKey(line.discounts)) return false;
      if (item.item_type === ITEM_TYPE.GIFTCARD) {
        return (
          giftcardNumberOf(item.giftcard_number) === line.giftcard_number &&
          (item.price ?? item.unit_price ?? 0) === line.unit_price
        );
      }
      return (
        item.item_id === line.item_id && (item.price ?? line.unit_price) === (line.price ?? line.unit_price)
      );
    });
  });
}
