/** Pieces of a sale body's validation shared by prepare, the uuid-reuse check and sale management. */
import { normaliseCode } from '../../../domain/normalise';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { computeOrderTotals } from '../../../domain/order-total';
import type { OrderTotals } from '../../../domain/order-total';
import type { DiscountValue, LineDiscount, Order } from '../../../domain/order.types';
import { unprocessable, VALIDATION_MESSAGE } from '../../errors';
import type { FieldErrors } from '../../../contracts/envelope';
import {
  EARLIEST_ORDER_AT,
  FUTURE_ORDER_AT_MESSAGE,
  ORDER_AT_CLOCK_SKEW_MS,
  TOO_LARGE_MESSAGE,
} from './messages';

export class FieldErrorList {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(message = VALIDATION_MESSAGE): void {
    if (!this.empty) throw unprocessable(message, this.errors);
  }
}

/** computeOrderTotals refuses amounts beyond safe integers by throwing: that is the caller's input. */
export function computeTotalsOr422(order: Order): OrderTotals {
  try {
    return computeOrderTotals(order);
  } catch (error) {
    if (error instanceof RangeError)
      throw unprocessable(TOO_LARGE_MESSAGE, undefined, ERROR_CODE.AMOUNT_TOO_LARGE);
    throw error;
  }
}

/** A gift card number as stored: normaliseCode + upper case (schema-ready.md), or null when nothing is left. */
export function giftcardNumberOf(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const number = normaliseCode(input).toUpperCase();
  return /^[A-Z0-9-]{1,64}$/.test(number) ? number : null;
}

/** Amounts ≤ 0 are never kept as discounts (docs/money.md). */
export function keptDiscount<T extends DiscountValue>(d: T | null | undefined): T | undefined {
  return d && d.value > 0 ? d : undefined;
}

export function keptLineDiscounts(discounts: readonly LineDiscount[] | undefined): LineDiscount[] {
  return (discounts ?? [])
    .filter((d) => d.discount.value > 0)
    .map((d) => ({ ...d, discount: { ...d.discount } }));
}

export function parseOrderAt(
  value: string | null | undefined,
  fallback: Date,
  now: Date,
  errors: FieldErrorList,
) {
  if (value === null || value === undefined) return fallback;
  const at = new Date(value);
  if (at.getTime() > now.getTime() + ORDER_AT_CLOCK_SKEW_MS) errors.add('order_at', FUTURE_ORDER_AT_MESSAGE);
  else if (at.getTime() < EARLIEST_ORDER_AT) errors.add('order_at', 'The order time is too far in the past.');
  return at;
}
