import { describe, it, expect } from 'vitest';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE } from './constants';
import { discountAmount, lineDiscounts, lineGross } from './line-discounts';
import type { LineDiscount } from './order.types';
import { makeItem } from '../../tests/support/domain/orders';

const itemPercent = (value: number): LineDiscount => ({
  type: DISCOUNT_SOURCE.ITEM,
  discount: { type: DISCOUNT_TYPE.PERCENT, value },
});
const itemAmount = (value: number): LineDiscount => ({
  type: DISCOUNT_SOURCE.ITEM,
  discount: { type: DISCOUNT_TYPE.AMOUNT, value },
});
const employeeAmount = (value: number): LineDiscount => ({
  type: DISCOUNT_SOURCE.EMPLOYEE,
  discount: { type: DISCOUNT_TYPE.AMOUNT, value },
});

describe('lineGross', () => {
  it('is the overridden price × quantity: 22.50 (over 25.00) × 3 = 67.50', () => {
    expect(lineGross(makeItem({ unit_price: 2500, price: 2250, quantity: 3 }))).toBe(6750);
  });

  it('is the catalog price × quantity when no price is overridden', () => {
    expect(lineGross(makeItem({ unit_price: 2500, price: null, quantity: 2 }))).toBe(5000);
  });

  it('is never negative: a quantity or price of zero or less gives 0', () => {
    expect(lineGross(makeItem({ quantity: 0 }))).toBe(0);
    expect(lineGross(makeItem({ price: -100 }))).toBe(0);
  });
});

describe('lineDiscounts', () => {
  it('gross 67.50, Item 10 % and Employee 5.00 → 6.75 and 5.00, net 55.75', () => {
    const item = makeItem({
      unit_price: 2500,
      price: 2250,
      quantity: 3,
      discounts: [itemPercent(10), employeeAmount(500)],
    });
    expect(lineDiscounts(item)).toEqual({
      gross: 6750,
      item_discount: 675,
      employee_discount: 500,
      net: 5575,
    });
  });

  it('rounds a percent discount half away from zero: 12.5 % of 1.00 is 0.13; 15 % of 12.45 is 1.87', () => {
    expect(lineDiscounts(makeItem({ unit_price: 100, discounts: [itemPercent(12.5)] })).item_discount).toBe(
      13,
    );
    expect(lineDiscounts(makeItem({ unit_price: 1245, discounts: [itemPercent(15)] })).item_discount).toBe(
      187,
    );
  });

  it('caps an amount discount at gross: 15.00 off a 10.00 line takes 10.00', () => {
    expect(lineDiscounts(makeItem({ unit_price: 1000, discounts: [itemAmount(1500)] })).net).toBe(0);
  });

  it('caps both together at gross, Item first: 80 % and 5.00 on 10.00 → 8.00 and 2.00', () => {
    const item = makeItem({ unit_price: 1000, discounts: [itemPercent(80), employeeAmount(500)] });
    expect(lineDiscounts(item)).toEqual({ gross: 1000, item_discount: 800, employee_discount: 200, net: 0 });
  });

  it('counts at most one discount per source: the first Item discount wins', () => {
    const item = makeItem({ unit_price: 1000, discounts: [itemAmount(100), itemAmount(300)] });
    expect(lineDiscounts(item).item_discount).toBe(100);
  });

  it('ignores values of zero or less', () => {
    const item = makeItem({ unit_price: 1000, discounts: [itemPercent(-10), employeeAmount(0)] });
    expect(lineDiscounts(item)).toEqual({ gross: 1000, item_discount: 0, employee_discount: 0, net: 1000 });
  });

  it('ignores an amount that is not whole minor units and a percent that is not finite', () => {
    expect(discountAmount({ type: DISCOUNT_TYPE.AMOUNT, value: 10.5 }, 1000)).toBe(0);
    expect(discountAmount({ type: DISCOUNT_TYPE.PERCENT, value: Number.NaN }, 1000)).toBe(0);
    expect(discountAmount({ type: DISCOUNT_TYPE.PERCENT, value: 150 }, 1000)).toBe(1000);
  });
});
