/**
 * What a coupon is worth on a ticket and whether it can be used (docs/back-office.md "Coupons", docs/money.md
 * "Coupons"). A coupon is a discount taken as a tender (docs/sales.md#payments, Coupon 6): the server checks
 * and records it with the sale's payments, and the sale screen asks the same functions what to offer, so the
 * till shows what the server will charge.
 *
 * - The base: the whole ticket's total_price when the coupon names no services; otherwise what the ticket's
 *   lines of those services cost the customer (net + tax, docs/money.md steps 3-4), never more than the total.
 * - Worth: Percent → round(base × v / 100); Amount → min(v, base) (docs/money.md step 6's rule for a discount).
 * - Validity: days, inclusive, compared with the sale's day in the store's time zone (a coupon "until 31
 *   December" holds all that day in the salon, not until midnight UTC).
 * - Refusals in a fixed order, each with its error code: inactive, not yet valid, expired, no applicable
 *   service on the ticket, below the minimum spend (measured on total_price), used up, per-customer limit.
 */
import { DISCOUNT_TYPE, ITEM_TYPE } from './constants';
import type { DiscountType, ItemType } from './constants';
import { percentOf } from './money';
import type { Minor } from './order.types';

/** The rules of a coupon as the domain reads them (the coupons row, the POS lookup's answer). */
export interface CouponRules {
  discount_type: DiscountType;
  /** Percent: 0-100. Amount: minor units. */
  discount_value: number;
  /** Minor units, compared with the ticket's total_price. */
  min_order_amount: Minor;
  /** Services it discounts; empty = the whole ticket. */
  service_ids: readonly number[];
  /** First and last valid day ('YYYY-MM-DD'), inclusive; null = open. */
  starts_at: string | null;
  ends_at: string | null;
  is_active: boolean;
  /** null = unlimited. */
  max_uses: number | null;
  used_count: number;
  /** null = no per-customer limit. */
  max_uses_per_customer: number | null;
}

/** A ticket line as the coupon base reads it: what it is, and what it costs the customer. */
export interface CouponLine {
  item_id: number;
  item_type: ItemType;
  /** gross − line discounts. */
  net: Minor;
  tax: Minor;
}

/** Why a coupon cannot be used: the suffix of its error code (`coupon_<reason>`, src/contracts). */
export const COUPON_REFUSAL = {
  INACTIVE: 'coupon_inactive',
  NOT_YET_VALID: 'coupon_not_yet_valid',
  EXPIRED: 'coupon_expired',
  NOT_APPLICABLE: 'coupon_not_applicable',
  MIN_ORDER: 'coupon_min_order',
  USED_UP: 'coupon_used_up',
  NEEDS_CUSTOMER: 'coupon_needs_customer',
  CUSTOMER_LIMIT: 'coupon_customer_limit',
} as const;
export type CouponRefusal = (typeof COUPON_REFUSAL)[keyof typeof COUPON_REFUSAL];

/** What the coupon's discount is measured on (see the file's comment). */
export function couponBase(
  coupon: Pick<CouponRules, 'service_ids'>,
  lines: readonly CouponLine[],
  totalPrice: Minor,
): Minor {
  if (coupon.service_ids.length === 0) return totalPrice;
  const services = new Set(coupon.service_ids);
  let base = 0;
  for (const line of lines) {
    if (line.item_type === ITEM_TYPE.SERVICE && services.has(line.item_id)) base += line.net + line.tax;
  }
  return Math.min(base, totalPrice);
}

/** The most the coupon takes off a ticket whose base is `base`. */
export function couponWorth(
  coupon: Pick<CouponRules, 'discount_type' | 'discount_value'>,
  base: Minor,
  currency?: string,
): Minor {
  if (base <= 0) return 0;
  return coupon.discount_type === DISCOUNT_TYPE.PERCENT
    ? percentOf(base, coupon.discount_value, currency)
    : Math.min(coupon.discount_value, base);
}

/** What is known of the sale when a coupon is offered or taken. */
export interface CouponUse {
  /** The sale's day in the store's time zone ('YYYY-MM-DD'). */
  day: string;
  totalPrice: Minor;
  /** couponBase of the ticket. */
  base: Minor;
  /** Whether the sale has a customer. */
  hasCustomer: boolean;
  /** The customer's uses of this coupon so far (uses − releases); null when not counted yet. */
  customerUses: number | null;
}

/** The first reason the coupon cannot be used on this sale, or null when it can. */
export function couponRefusal(coupon: CouponRules, use: CouponUse): CouponRefusal | null {
  if (!coupon.is_active) return COUPON_REFUSAL.INACTIVE;
  if (coupon.starts_at !== null && use.day < coupon.starts_at) return COUPON_REFUSAL.NOT_YET_VALID;
  if (coupon.ends_at !== null && use.day > coupon.ends_at) return COUPON_REFUSAL.EXPIRED;
  if (coupon.service_ids.length > 0 && use.base <= 0) return COUPON_REFUSAL.NOT_APPLICABLE;
  if (use.totalPrice < coupon.min_order_amount) return COUPON_REFUSAL.MIN_ORDER;
  if (coupon.max_uses !== null && coupon.used_count >= coupon.max_uses) return COUPON_REFUSAL.USED_UP;
  if (coupon.max_uses_per_customer !== null) {
    if (!use.hasCustomer) return COUPON_REFUSAL.NEEDS_CUSTOMER;
    if (use.customerUses !== null && use.customerUses >= coupon.max_uses_per_customer) {
      return COUPON_REFUSAL.CUSTOMER_LIMIT;
    }
  }
  return null;
}

/** A ticket's lines as the coupon base reads them, from the order's items and their computed totals. */
export function couponLinesOf(
  groups: readonly { orderItems: readonly { item_id: number; item_type: ItemType }[] }[],
  totals: readonly { lines: readonly { net: Minor; tax: Minor }[] }[],
): CouponLine[] {
  return groups.flatMap((g, gi) =>
    g.orderItems.map((item, ii) => {
      const t = totals[gi]?.lines[ii];
      return { item_id: item.item_id, item_type: item.item_type, net: t?.net ?? 0, tax: t?.tax ?? 0 };
    }),
  );
}

/** What a coupon does on a ticket: its base, its worth, and the first reason it cannot be used (or null). */
export interface CouponOffer {
  base: Minor;
  worth: Minor;
  refusal: CouponRefusal | null;
}

/**
 * The coupon on this ticket, as the sale screen offers it and the server then takes it: the same base, worth
 * and refusals (the server counts the customer's uses again under the coupon's lock).
 */
export function couponOnTicket(
  coupon: CouponRules,
  ticket: {
    lines: readonly CouponLine[];
    totalPrice: Minor;
    day: string;
    hasCustomer: boolean;
    customerUses: number | null;
    currency?: string;
  },
): CouponOffer {
  const base = couponBase(coupon, ticket.lines, ticket.totalPrice);
  const refusal = couponRefusal(coupon, {
    day: ticket.day,
    totalPrice: ticket.totalPrice,
    base,
    hasCustomer: ticket.hasCustomer,
    customerUses: ticket.customerUses,
  });
  return { base, worth: refusal === null ? couponWorth(coupon, base, ticket.currency) : 0, refusal };
}
