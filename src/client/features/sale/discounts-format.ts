/**
 * Reading and writing an order discount's value (docs/sales.md#the-order "Discount type: Percent=0,
 * Amount=1"): shown in the reader's language, typed as the cashier types it. Parsing is the domain's
 * (src/domain/amount.ts: thousands commas removed, rounded half away from zero to the minor unit), so the
 * screen never parses money itself.
 */
import { DISCOUNT_TYPE } from '../../../domain/constants';
import type { DiscountType, OrderDiscountKind } from '../../../domain/constants';
import { parseAmount, parsePercent } from '../../../domain/amount';
import { toDecimalString } from '../../../domain/money';
import type { DiscountAmounts, DiscountValue } from '../../../domain/order.types';
import { formatMoney, formatPercent } from '../../lib/format';

/** Where the totals keep what each order discount takes off. */
export const ORDER_DISCOUNT_AMOUNT: Record<OrderDiscountKind, keyof DiscountAmounts> = {
  ticket: 'discount_ticket',
  manager: 'discount_manager',
  membership: 'discount_membership',
  other: 'discount_other',
};

/** "10%" or "$5.00" in the reader's language. */
export function discountText(discount: DiscountValue, language: string, currency: string): string {
  return discount.type === DISCOUNT_TYPE.PERCENT
    ? formatPercent(discount.value, language)
    : formatMoney(discount.value, language, currency);
}

/** What an input starts with for a discount already set: "10" or "5.00" (no grouping: it is typed over). */
export function discountInputText(discount: DiscountValue | undefined, currency: string): string {
  if (!discount) return '';
  return discount.type === DISCOUNT_TYPE.PERCENT
    ? String(discount.value)
    : toDecimalString(discount.value, currency);
}

export type DiscountInputProblem = 'notANumber' | 'notPositive' | 'over100';

/**
 * A typed value as a discount, or why not. Zero is refused rather than read as "remove": removing has its
 * own button, and a 0 typed by mistake must not silently drop a discount.
 */
export function parseDiscountInput(
  text: string,
  type: DiscountType,
  currency: string,
): { discount: DiscountValue } | { problem: DiscountInputProblem } {
  if (type === DISCOUNT_TYPE.PERCENT) {
    const value = parsePercent(text);
    if (value === null) return { problem: 'notANumber' };
    if (value <= 0) return { problem: 'notPositive' };
    if (value > 100) return { problem: 'over100' };
    return { discount: { type, value } };
  }
  const value = parseAmount(text, currency);
  if (value === null) return { problem: 'notANumber' };
  if (value <= 0) return { problem: 'notPositive' };
  return { discount: { type, value } };
}
