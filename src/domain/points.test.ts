import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPE } from './constants';
import {
  MAX_POINT_BALANCE,
  pointsDueBack,
  pointsEarned,
  pointsForAmount,
  pointsForSpend,
  pointsGivenBack,
  pointsSpend,
  pointValueMinor,
} from './points';

const gold = { pointsPerUnit: 3, pointsUnitAmount: 1_000 };

describe('pointsForSpend', () => {
  it('earns per whole unit spent: 3 points per 10.00, 25.99 → 6', () => {
    expect(pointsForSpend(2_599, gold)).toBe(6);
    expect(pointsForSpend(999, gold)).toBe(0);
    expect(pointsForSpend(1_000, gold)).toBe(3);
  });

  it('earns nothing on nothing spent or a rule that is not positive', () => {
    expect(pointsForSpend(0, gold)).toBe(0);
    expect(pointsForSpend(-500, gold)).toBe(0);
    expect(pointsForSpend(5_000, { pointsPerUnit: 0, pointsUnitAmount: 1_000 })).toBe(0);
    expect(pointsForSpend(5_000, { pointsPerUnit: 3, pointsUnitAmount: 0 })).toBe(0);
  });
});

describe('pointsSpend', () => {
  const sale = { totalPrice: 5_000, tipAmount: 0, change: 0 };

  it('counts money tenders, not gift cards, points or coupons', () => {
    const payments = [
      { paymentType: PAYMENT_TYPE.CASH, amount: 2_000 },
      { paymentType: PAYMENT_TYPE.GIFTCARD, amount: 1_000 },
      { paymentType: PAYMENT_TYPE.POINT, amount: 1_000 },
      { paymentType: PAYMENT_TYPE.COUPON, amount: 500 },
      { paymentType: PAYMENT_TYPE.CREDIT, amount: 500 },
    ];
    expect(pointsSpend(sale, payments)).toBe(2_500);
  });

  it('takes off the change handed back', () => {
    expect(pointsSpend({ ...sale, change: 1_000 }, [{ paymentType: PAYMENT_TYPE.CASH, amount: 6_000 }])).toBe(
      5_000,
    );
  });

  it('never counts more than total − tips: a tip is not a purchase', () => {
    const tipped = { totalPrice: 6_000, tipAmount: 1_000, change: 0 };
    expect(pointsSpend(tipped, [{ paymentType: PAYMENT_TYPE.CREDIT, amount: 6_000 }])).toBe(5_000);
  });

  it('is never negative', () => {
    expect(
      pointsSpend({ ...sale, change: 900 }, [{ paymentType: PAYMENT_TYPE.GIFTCARD, amount: 5_900 }]),
    ).toBe(0);
  });
});

describe('pointsEarned', () => {
  it('stops at the largest balance the column holds', () => {
    expect(pointsEarned(10_000, gold, 0)).toBe(30);
    expect(pointsEarned(10_000, gold, MAX_POINT_BALANCE - 10)).toBe(10);
    expect(pointsEarned(10_000, gold, MAX_POINT_BALANCE)).toBe(0);
  });
});

describe('pointsDueBack', () => {
  const base = { earned: 30, taken: 0, whole: false, refundedAmount: 0, totalPrice: 10_000 };

  it('takes back the share refunded, floored: a third of 10.00 refunded of 30 points → 9', () => {
    expect(pointsDueBack({ ...base, refundedAmount: 3_333 })).toBe(9);
  });

  it('takes back only what earlier refunds did not', () => {
    expect(pointsDueBack({ ...base, refundedAmount: 5_000, taken: 9 })).toBe(6);
    expect(pointsDueBack({ ...base, refundedAmount: 3_000, taken: 9 })).toBe(0);
  });

  it('takes everything left on a void or a full refund', () => {
    expect(pointsDueBack({ ...base, whole: true, taken: 9 })).toBe(21);
  });

  it('takes nothing from a sale that earned nothing', () => {
    expect(pointsDueBack({ ...base, earned: 0, whole: true })).toBe(0);
  });

  it('stays exact beyond 2^53', () => {
    const big = {
      earned: 2_000_000_000,
      taken: 0,
      whole: false,
      refundedAmount: 9_000_000,
      totalPrice: 9_000_001,
    };
    expect(pointsDueBack(big)).toBe(1_999_999_777);
  });
});

describe('redeeming points', () => {
  it('a point is worth the store setting, 1 minor unit when unset or invalid', () => {
    expect(pointValueMinor(10)).toBe(10);
    expect(pointValueMinor(undefined)).toBe(1);
    expect(pointValueMinor(0)).toBe(1);
    expect(pointValueMinor(2.5)).toBe(1);
    expect(pointValueMinor('10')).toBe(1);
  });

  it('an amount redeems amount / value points, and must be a multiple of a point', () => {
    expect(pointsForAmount(500, 10)).toBe(50);
    expect(pointsForAmount(505, 10)).toBeNull();
  });

  it('gives back points in parts that add up to what was redeemed', () => {
    // 7 points paid 70; refunds of 25, 25 and 20.
    const payment = { points: 7, paid: 70 };
    const first = pointsGivenBack({ ...payment, refundedBefore: 0 }, 25, 10);
    const second = pointsGivenBack({ ...payment, refundedBefore: 25 }, 25, 10);
    const third = pointsGivenBack({ ...payment, refundedBefore: 50 }, 20, 10);
    expect([first, second, third]).toEqual([2, 3, 2]);
    expect(first + second + third).toBe(7);
  });
});
