import { describe, expect, it } from 'vitest';
import { DISCOUNT_TYPE, ITEM_TYPE } from './constants';
import {
  COUPON_REFUSAL,
  couponBase,
  couponLinesOf,
  couponOnTicket,
  couponRefusal,
  couponWorth,
} from './coupons';
import type { CouponLine, CouponRules } from './coupons';

const MANICURE = 11;
const PEDICURE = 12;

const lines: CouponLine[] = [
  // Gel manicure 45.00 with taxes 5 % and 9.5 %: net 45.00, tax 6.53.
  { item_id: MANICURE, item_type: ITEM_TYPE.SERVICE, net: 4500, tax: 653 },
  // Pedicure 30.00, no tax.
  { item_id: PEDICURE, item_type: ITEM_TYPE.SERVICE, net: 3000, tax: 0 },
  // A product that happens to share the manicure's id: not a service, never discounted by a service coupon.
  { item_id: MANICURE, item_type: ITEM_TYPE.PRODUCT, net: 1200, tax: 60 },
];

const rules = (extra: Partial<CouponRules> = {}): CouponRules => ({
  discount_type: DISCOUNT_TYPE.PERCENT,
  discount_value: 10,
  min_order_amount: 0,
  service_ids: [],
  starts_at: null,
  ends_at: null,
  is_active: true,
  max_uses: null,
  used_count: 0,
  max_uses_per_customer: null,
  ...extra,
});

const use = (extra: Partial<Parameters<typeof couponRefusal>[1]> = {}) => ({
  day: '2026-11-27',
  totalPrice: 9413,
  base: 9413,
  hasCustomer: true,
  customerUses: 0,
  ...extra,
});

describe('couponBase', () => {
  it('is the whole total when the coupon names no services', () => {
    expect(couponBase({ service_ids: [] }, lines, 9413)).toBe(9413);
  });

  it("is what the named services' lines cost (net + tax), products with the same id left out", () => {
    expect(couponBase({ service_ids: [MANICURE] }, lines, 9413)).toBe(5153);
    expect(couponBase({ service_ids: [MANICURE, PEDICURE] }, lines, 9413)).toBe(8153);
  });

  it('is never more than the total (an order discount took the rest) and 0 when none is on the ticket', () => {
    expect(couponBase({ service_ids: [MANICURE, PEDICURE] }, lines, 5000)).toBe(5000);
    expect(couponBase({ service_ids: [999] }, lines, 9413)).toBe(0);
  });
});

describe('couponWorth', () => {
  it('takes a percent of the base, rounded half away from zero', () => {
    // 10 % of 51.53 = 5.153 → 5.15; 12.5 % of 0.36 = 0.045 → 0.05.
    expect(couponWorth({ discount_type: DISCOUNT_TYPE.PERCENT, discount_value: 10 }, 5153)).toBe(515);
    expect(couponWorth({ discount_type: DISCOUNT_TYPE.PERCENT, discount_value: 12.5 }, 36)).toBe(5);
  });

  it('takes an amount up to the base, and nothing of an empty base', () => {
    expect(couponWorth({ discount_type: DISCOUNT_TYPE.AMOUNT, discount_value: 2000 }, 5153)).toBe(2000);
    expect(couponWorth({ discount_type: DISCOUNT_TYPE.AMOUNT, discount_value: 2000 }, 1500)).toBe(1500);
    expect(couponWorth({ discount_type: DISCOUNT_TYPE.AMOUNT, discount_value: 2000 }, 0)).toBe(0);
  });
});

describe('couponRefusal', () => {
  it('lets a usable coupon through', () => {
    expect(couponRefusal(rules(), use())).toBeNull();
  });

  it('counts validity in whole days, both ends included', () => {
    const period = rules({ starts_at: '2026-11-27', ends_at: '2026-11-30' });
    expect(couponRefusal(period, use({ day: '2026-11-27' }))).toBeNull();
    expect(couponRefusal(period, use({ day: '2026-11-30' }))).toBeNull();
    expect(couponRefusal(period, use({ day: '2026-11-26' }))).toBe(COUPON_REFUSAL.NOT_YET_VALID);
    expect(couponRefusal(period, use({ day: '2026-12-01' }))).toBe(COUPON_REFUSAL.EXPIRED);
  });

  it('refuses, in order: inactive, no named service on the ticket, below the minimum, used up', () => {
    expect(couponRefusal(rules({ is_active: false, max_uses: 1, used_count: 1 }), use())).toBe(
      COUPON_REFUSAL.INACTIVE,
    );
    expect(couponRefusal(rules({ service_ids: [999], min_order_amount: 1e6 }), use({ base: 0 }))).toBe(
      COUPON_REFUSAL.NOT_APPLICABLE,
    );
    expect(couponRefusal(rules({ min_order_amount: 9414 }), use())).toBe(COUPON_REFUSAL.MIN_ORDER);
    expect(couponRefusal(rules({ min_order_amount: 9413 }), use())).toBeNull();
    expect(couponRefusal(rules({ max_uses: 3, used_count: 3 }), use())).toBe(COUPON_REFUSAL.USED_UP);
    expect(couponRefusal(rules({ max_uses: 3, used_count: 2 }), use())).toBeNull();
  });

  it('needs a customer to count a per-customer limit, and refuses once they reached it', () => {
    const once = rules({ max_uses_per_customer: 1 });
    expect(couponRefusal(once, use({ hasCustomer: false, customerUses: null }))).toBe(
      COUPON_REFUSAL.NEEDS_CUSTOMER,
    );
    expect(couponRefusal(once, use({ customerUses: 0 }))).toBeNull();
    expect(couponRefusal(once, use({ customerUses: 1 }))).toBe(COUPON_REFUSAL.CUSTOMER_LIMIT);
    // Not counted yet (the till before the server counts): not refused on that ground.
    expect(couponRefusal(once, use({ customerUses: null }))).toBeNull();
  });
});

describe('couponLinesOf', () => {
  it("pairs each group's items with their computed totals, in order", () => {
    const groups = [
      { orderItems: [{ item_id: MANICURE, item_type: ITEM_TYPE.SERVICE }] },
      {
        orderItems: [
          { item_id: PEDICURE, item_type: ITEM_TYPE.SERVICE },
          { item_id: 5, item_type: ITEM_TYPE.PRODUCT },
        ],
      },
    ];
    const totals = [
      { lines: [{ net: 4500, tax: 653 }] },
      {
        lines: [
          { net: 3000, tax: 0 },
          { net: 1200, tax: 60 },
        ],
      },
    ];
    expect(couponLinesOf(groups, totals)).toEqual([
      { item_id: MANICURE, item_type: ITEM_TYPE.SERVICE, net: 4500, tax: 653 },
      { item_id: PEDICURE, item_type: ITEM_TYPE.SERVICE, net: 3000, tax: 0 },
      { item_id: 5, item_type: ITEM_TYPE.PRODUCT, net: 1200, tax: 60 },
    ]);
  });
});

describe('couponOnTicket', () => {
  const ticket = { lines, totalPrice: 9413, day: '2026-11-27', hasCustomer: true, customerUses: 0 };

  it("offers 10 % of the named manicure's 51.53: 5.15", () => {
    expect(couponOnTicket(rules({ service_ids: [MANICURE] }), ticket)).toEqual({
      base: 5153,
      worth: 515,
      refusal: null,
    });
  });

  it('offers nothing, with the reason, when a rule refuses it', () => {
    expect(couponOnTicket(rules({ min_order_amount: 10_000 }), ticket)).toEqual({
      base: 9413,
      worth: 0,
      refusal: COUPON_REFUSAL.MIN_ORDER,
    });
    expect(couponOnTicket(rules({ service_ids: [999] }), ticket).refusal).toBe(COUPON_REFUSAL.NOT_APPLICABLE);
  });
});
