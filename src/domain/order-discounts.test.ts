import { describe, it, expect } from 'vitest';
import { DISCOUNT_TYPE } from './constants';
import { orderDiscountBase, orderDiscounts } from './order-discounts';

const percent = (value: number) => ({ type: DISCOUNT_TYPE.PERCENT, value });
const amount = (value: number) => ({ type: DISCOUNT_TYPE.AMOUNT, value });

describe('orderDiscountBase', () => {
  it('is sub-total minus item and employee discounts: 149.00 − 3.50 − 3.00 = 142.50', () => {
    expect(orderDiscountBase(14900, 350, 300)).toBe(14250);
  });

  it('is floored at 0', () => {
    expect(orderDiscountBase(1000, 800, 500)).toBe(0);
  });
});

describe('orderDiscounts', () => {
  it('applies each kind on the same base: ticket 10 % and manager 5.00 of 142.50 → 14.25 + 5.00', () => {
    expect(orderDiscounts({ ticket: percent(10), manager: amount(500) }, 14250)).toEqual({
      discount_ticket: 1425,
      discount_membership: 0,
      discount_manager: 500,
      discount_other: 0,
      total: 1925,
    });
  });

  it('caps the sum at the base in the order ticket, membership, manager, other', () => {
    // Base 20.00: ticket 50 % = 10.00, membership 30 % = 6.00, manager 5.00 → 4.00 left, other 3.00 → 0.
    const taken = orderDiscounts(
      { ticket: percent(50), membership: percent(30), manager: amount(500), other: amount(300) },
      2000,
    );
    expect(taken).toEqual({
      discount_ticket: 1000,
      discount_membership: 600,
      discount_manager: 400,
      discount_other: 0,
      total: 2000,
    });
  });

  it('caps an amount at the base and ignores values of zero or less', () => {
    expect(
      orderDiscounts({ other: amount(5000), ticket: percent(0), manager: amount(-1) }, 1999),
    ).toMatchObject({
      discount_other: 1999,
      discount_ticket: 0,
      discount_manager: 0,
      total: 1999,
    });
  });

  it('rounds a percent half away from zero: 12.5 % of 0.20 is 0.03', () => {
    expect(orderDiscounts({ membership: percent(12.5) }, 20).discount_membership).toBe(3);
  });
});
