/**
 * Ticket, membership, manager and other discounts of the whole order (docs/money.md step 6, docs/money.md).
 * They lower what the customer pays but not the tax: tax was computed per line on the line's net.
 */
import { DEFAULT_CURRENCY, type OrderDiscountKind } from './constants';
import { discountAmount } from './line-discounts';
import type { Minor, OrderDiscounts } from './order.types';

/**
 * The order in which the kinds are served when together they would exceed the base: the ticket's (printed
 * on the ticket, known to the customer) first, then the membership's (a standing promise), then the
 * manager's and other ad-hoc ones, which are the first to shrink.
 */
export const ORDER_DISCOUNT_CAP_ORDER: readonly OrderDiscountKind[] = [
  'ticket',
  'membership',
  'manager',
  'other',
];

export interface OrderDiscountAmounts {
  discount_ticket: Minor;
  discount_membership: Minor;
  discount_manager: Minor;
  discount_other: Minor;
  /** Their sum, never above the base. */
  total: Minor;
}

/** base = max(0, sub_total − Σ item discounts − Σ employee discounts) (docs/money.md). */
export function orderDiscountBase(subTotal: Minor, itemDiscounts: Minor, employeeDiscounts: Minor): Minor {
  return Math.max(0, subTotal - itemDiscounts - employeeDiscounts);
}

/**
 * Each kind on the same base: Percent → round(base × v / 100), Amount → min(v, base); then capped in the
 * order ORDER_DISCOUNT_CAP_ORDER so the sum never exceeds the base. Values ≤ 0 count as absent.
 */
export function orderDiscounts(
  discounts: OrderDiscounts | null | undefined,
  base: Minor,
  currency: string = DEFAULT_CURRENCY,
): OrderDiscountAmounts {
  let left = Math.max(0, base);
  const taken: Record<OrderDiscountKind, Minor> = { ticket: 0, membership: 0, manager: 0, other: 0 };
  for (const kind of ORDER_DISCOUNT_CAP_ORDER) {
    taken[kind] = Math.min(discountAmount(discounts?.[kind], base, currency), left);
    left -= taken[kind];
  }
  return {
    discount_ticket: taken.ticket,
    discount_membership: taken.membership,
    discount_manager: taken.manager,
    discount_other: taken.other,
    total: taken.ticket + taken.membership + taken.manager + taken.other,
  };
}
