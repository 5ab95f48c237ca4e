/**
 * Gross and line discounts of one order line (docs/money.md steps 1-3, docs/money.md).
 */
import { DEFAULT_CURRENCY, DISCOUNT_SOURCE, DISCOUNT_TYPE } from './constants';
import { multiplyMinor, percentOf } from './money';
import type { DiscountValue, LineDiscount, Minor, OrderItem } from './order.types';

/** The overridden price when set, else the catalog price (docs/money.md). */
export function linePrice(item: Pick<OrderItem, 'price' | 'unit_price'>): Minor {
  return item.price ?? item.unit_price;
}

/**
 * gross = price × quantity. A line is never negative: a quantity or price ≤ 0 gives 0 (a refund is its own
 * record, not a negative line), which keeps "totals never negative" true whatever the editor lets through.
 */
export function lineGross(
  item: Pick<OrderItem, 'price' | 'unit_price' | 'quantity'>,
  currency: string = DEFAULT_CURRENCY,
): Minor {
  const price = linePrice(item);
  if (!(item.quantity > 0) || price <= 0) return 0;
  return multiplyMinor(price, item.quantity, currency);
}

/**
 * What one discount takes from `base`: Percent → round(base × v / 100), Amount → min(v, base). A value ≤ 0,
 * not finite, or an Amount that is not whole minor units is ignored (docs/money.md: "amounts of zero or less
 * are not kept as discounts"; parseAmount always yields whole units). Never more than the base.
 */
export function discountAmount(
  discount: DiscountValue | null | undefined,
  base: Minor,
  currency: string = DEFAULT_CURRENCY,
): Minor {
  if (!discount || base <= 0) return 0;
  const { type, value } = discount;
  if (!Number.isFinite(value) || value <= 0) return 0;
  if (type === DISCOUNT_TYPE.PERCENT) return Math.min(percentOf(base, value, currency), base);
  if (type === DISCOUNT_TYPE.AMOUNT && Number.isSafeInteger(value)) return Math.min(value, base);
  return 0;
}

export interface LineDiscountAmounts {
  gross: Minor;
  item_discount: Minor;
  employee_discount: Minor;
  net: Minor;
}

function firstOfSource(
  discounts: readonly LineDiscount[] | undefined,
  source: number,
): DiscountValue | undefined {
  if (!discounts) return undefined;
  for (const d of discounts) if (d.type === source) return d.discount;
  return undefined;
}

/**
 * Gross, the Item (0) and Employee (1) discounts, and net of a line. At most one of each source counts: the
 * editor replaces by source, and should a list carry two, the first wins. Both are computed on gross, then
 * capped together at gross with the Item discount served first (the Employee one takes what is left).
 */
export function lineDiscounts(
  item: Pick<OrderItem, 'price' | 'unit_price' | 'quantity' | 'discounts'>,
  currency: string = DEFAULT_CURRENCY,
): LineDiscountAmounts {
  const gross = lineGross(item, currency);
  const itemDiscount = discountAmount(firstOfSource(item.discounts, DISCOUNT_SOURCE.ITEM), gross, currency);
  const employeeWanted = discountAmount(
    firstOfSource(item.discounts, DISCOUNT_SOURCE.EMPLOYEE),
    gross,
    currency,
  );
  const employeeDiscount = Math.min(employeeWanted, gross - itemDiscount);
  return {
    gross,
    item_discount: itemDiscount,
    employee_discount: employeeDiscount,
    net: gross - itemDiscount - employeeDiscount,
  };
}
