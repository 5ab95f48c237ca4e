import { describe, it, expect } from 'vitest';
import { ITEM_TYPE } from './constants';
import {
  commissionRate,
  creditcardFee,
  lineCommission,
  lineCost,
  lineDeductible,
  ownCommissionRate,
} from './commission';
import { makeEmployee, makeItem } from '../../tests/support/domain/orders';

describe('cost and deductible', () => {
  it('costs cost × quantity: 2 cuticle oils at 4.00 cost 8.00, deducting nothing (a product)', () => {
    const oil = makeItem({ item_type: ITEM_TYPE.PRODUCT, cost: 400, quantity: 2 });
    expect(lineCost(oil)).toBe(800);
    expect(lineDeductible(oil, 800)).toBe(0);
  });

  it('deducts a service supply cost: a gel manicure with 2.00 of supplies deducts 2.00', () => {
    const gel = makeItem({ item_type: ITEM_TYPE.SERVICE, cost: 200 });
    expect(lineCost(gel)).toBe(200);
    expect(lineDeductible(gel, 200)).toBe(200);
  });

  it('costs nothing for a gift card or a missing or invalid cost', () => {
    expect(lineCost(makeItem({ item_type: ITEM_TYPE.GIFTCARD, cost: 100 }))).toBe(0);
    expect(lineCost(makeItem({}))).toBe(0);
    expect(lineCost(makeItem({ cost: -5 }))).toBe(0);
  });
});

describe('commission', () => {
  it("takes the item's rate first, else the employee's for a service, else 0", () => {
    const anna = makeEmployee({ commission_rate: 40 });
    expect(commissionRate(makeItem({ commission_rate: 25 }), anna)).toBe(25);
    expect(commissionRate(makeItem({}), anna)).toBe(40);
    expect(commissionRate(makeItem({ item_type: ITEM_TYPE.PRODUCT }), anna)).toBe(0);
    expect(commissionRate(makeItem({ item_type: ITEM_TYPE.PRODUCT, commission_rate: 10 }), anna)).toBe(10);
    expect(commissionRate(makeItem({ item_type: ITEM_TYPE.GIFTCARD, commission_rate: 10 }), anna)).toBe(0);
    expect(commissionRate(makeItem({}), makeEmployee({}))).toBe(0);
  });

  it('is on the net less the deductible: (31.50 − 2.00) × 40 % = 11.80', () => {
    expect(lineCommission(3150, 200, 40)).toBe(1180);
  });

  it('rounds half away from zero: 30.25 × 50 % = 15.125 → 15.13', () => {
    expect(lineCommission(3025, 0, 50)).toBe(1513);
  });

  it('is never negative when the supplies cost more than the net', () => {
    expect(lineCommission(500, 800, 40)).toBe(0);
  });
});

describe('card fee', () => {
  it('is the fee percent of the credit total: 3 % of 100.00 = 3.00; 2.9 % of 45.50 = 1.3195 → 1.32', () => {
    expect(creditcardFee(10000, 3)).toBe(300);
    expect(creditcardFee(4550, 2.9)).toBe(132);
  });

  it('is 0 without card payments or without a fee percent', () => {
    expect(creditcardFee(0, 3)).toBe(0);
    expect(creditcardFee(10000, 0)).toBe(0);
    expect(creditcardFee(10000, Number.NaN)).toBe(0);
  });
});

describe('ownCommissionRate', () => {
  it('tells "own rate 0" from "no own rate" (docs/payroll.md, own rates and tiers)', () => {
    expect(ownCommissionRate({ commission_rate: 0 })).toBe(0);
    expect(ownCommissionRate({ commission_rate: 25 })).toBe(25);
    expect(ownCommissionRate({})).toBeUndefined();
    expect(ownCommissionRate({ commission_rate: null })).toBeUndefined();
    expect(ownCommissionRate({ commission_rate: -1 })).toBeUndefined();
    expect(ownCommissionRate({ commission_rate: Number.NaN })).toBeUndefined();
  });
});
