import { describe, expect, it } from 'vitest';
import { DISCOUNT_TYPE } from './constants';
import { membershipDiscountOn, membershipEndsOn, membershipHolds } from './membership';

describe('membershipEndsOn', () => {
  it('holds through the day before the same day of the month, months later', () => {
    expect(membershipEndsOn('2026-01-15', 1)).toBe('2026-02-14');
    expect(membershipEndsOn('2026-01-01', 1)).toBe('2026-01-31');
    expect(membershipEndsOn('2026-03-10', 12)).toBe('2027-03-09');
    expect(membershipEndsOn('2026-11-20', 3)).toBe('2027-02-19');
  });

  it('ends on the last day of a month too short for the joining day', () => {
    expect(membershipEndsOn('2026-01-31', 1)).toBe('2026-02-28');
    expect(membershipEndsOn('2028-01-30', 1)).toBe('2028-02-29');
    expect(membershipEndsOn('2026-08-31', 1)).toBe('2026-09-30');
  });

  it('has no end without a duration, and refuses a day that is not one', () => {
    expect(membershipEndsOn('2026-01-15', null)).toBeNull();
    expect(() => membershipEndsOn('15/01/2026', 1)).toThrow(RangeError);
  });
});

describe('membershipHolds and membershipDiscountOn', () => {
  const discount = { type: DISCOUNT_TYPE.PERCENT, value: 10 };

  it('a membership holds on its last day and not the day after; without an end it always holds', () => {
    expect(membershipHolds('2026-02-14', '2026-02-14')).toBe(true);
    expect(membershipHolds('2026-02-14', '2026-02-15')).toBe(false);
    expect(membershipHolds(null, '2099-01-01')).toBe(true);
    expect(membershipHolds(undefined, '2099-01-01')).toBe(true);
  });

  it('an expired membership takes nothing off; one that holds takes its discount', () => {
    expect(membershipDiscountOn({ discount, expires_on: '2026-02-14' }, '2026-02-15')).toBeUndefined();
    expect(membershipDiscountOn({ discount, expires_on: '2026-02-14' }, '2026-02-14')).toEqual(discount);
    expect(membershipDiscountOn({ discount, expires_on: null }, '2026-02-15')).toEqual(discount);
  });

  it('no membership, no discount, or a zero discount take nothing off', () => {
    expect(membershipDiscountOn(null, '2026-01-01')).toBeUndefined();
    expect(membershipDiscountOn({}, '2026-01-01')).toBeUndefined();
    expect(
      membershipDiscountOn({ discount: { type: DISCOUNT_TYPE.AMOUNT, value: 0 } }, '2026-01-01'),
    ).toBeUndefined();
  });
});
