/**
 * Cost, deductible, commission and card fee (docs/money.md step 11; the definitions and worked examples are
 * in docs/money.md, "Cost, deductible and commission" and "Card fee").
 */
import { DEFAULT_CURRENCY, ITEM_TYPE } from './constants';
import { multiplyMinor, percentOf } from './money';
import type { Employee, Minor, OrderItem } from './order.types';

/**
 * cost × quantity: supply cost of a service, purchase cost of a product or kit. A gift card costs nothing
 * (its value is a liability, not a cost). A missing, negative or fractional unit cost counts as 0.
 */
export function lineCost(
  item: Pick<OrderItem, 'item_type' | 'cost' | 'quantity'>,
  currency: string = DEFAULT_CURRENCY,
): Minor {
  const unitCost = item.cost ?? 0;
  if (item.item_type === ITEM_TYPE.GIFTCARD || !Number.isSafeInteger(unitCost) || unitCost <= 0) return 0;
  if (!(item.quantity > 0)) return 0;
  return multiplyMinor(unitCost, item.quantity, currency);
}

/**
 * What is deducted from a line's net before commission: a service's supply cost (the polish, gel or acrylic
 * the salon buys for the work). Products and kits deduct nothing: their commission is on the sale.
 */
export function lineDeductible(item: Pick<OrderItem, 'item_type'>, cost: Minor): Minor {
  return item.item_type === ITEM_TYPE.SERVICE ? cost : 0;
}

function validRate(rate: number | null | undefined): number | undefined {
  return rate !== undefined && rate !== null && Number.isFinite(rate) && rate >= 0 ? rate : undefined;
}

/**
 * The item's own commission percent when it has a valid one (0 included: "this item pays none"), else
 * undefined. Payroll needs the difference between "own rate 0" and "no own rate" (docs/payroll.md, overrides).
 */
export function ownCommissionRate(item: { commission_rate?: number | null }): number | undefined {
  return validRate(item.commission_rate);
}

/**
 * The commission percent of a line: the item's own rate if set, else, for a service, the employee's rate,
 * else 0. Gift cards earn none: selling one is taking a deposit, and the commission is earned when it pays
 * for a service.
 */
export function commissionRate(
  item: Pick<OrderItem, 'item_type' | 'commission_rate'>,
  employee: Pick<Employee, 'commission_rate'> | null | undefined,
): number {
  if (item.item_type === ITEM_TYPE.GIFTCARD) return 0;
  const own = ownCommissionRate(item);
  if (own !== undefined) return own;
  if (item.item_type === ITEM_TYPE.SERVICE) return validRate(employee?.commission_rate) ?? 0;
  return 0;
}

/**
 * round(max(0, net − deductible) × rate / 100), half away from zero. On the line's net: after line
 * discounts, before order-level discounts (they are not spread over lines), never on tax or tips (tips are
 * the employee's in full).
 */
export function lineCommission(
  net: Minor,
  deductible: Minor,
  rate: number,
  currency: string = DEFAULT_CURRENCY,
): Minor {
  if (rate <= 0) return 0;
  return percentOf(Math.max(0, net - deductible), rate, currency);
}

/**
 * round(Σ credit payments × fee percent / 100): the processor's share of what went on cards
 * (payments.ts creditPaidTotal gives the sum). Whether the customer pays it is
 * settings.creditcard_fee_to_customer, applied in order-total.ts.
 */
export function creditcardFee(
  creditTotal: Minor,
  feePercent: number,
  currency: string = DEFAULT_CURRENCY,
): Minor {
  if (!Number.isFinite(feePercent) || feePercent <= 0 || creditTotal <= 0) return 0;
  return percentOf(creditTotal, feePercent, currency);
}
