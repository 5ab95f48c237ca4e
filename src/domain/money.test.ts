import { describe, it, expect } from 'vitest';
import { toSnapshot } from 'dinero.js';
import {
  divideRounded,
  percentOfSum,
  currencyOf,
  fromDinero,
  isSupportedCurrency,
  minorDigits,
  multiplyMinor,
  percentOf,
  percentOfViaDinero,
  scaledDecimal,
  toDecimalString,
  toDinero,
} from './money';

describe('currencies', () => {
  it('defaults to USD with two decimals', () => {
    expect(currencyOf().code).toBe('USD');
    expect(minorDigits()).toBe(2);
  });

  it('takes the minor unit from the currency: JPY and VND have none, KWD has three', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('VND')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('refuses an unknown code and the non-decimal MGA, where a scale counts fifths', () => {
    expect(() => currencyOf('XYZ')).toThrow(RangeError);
    expect(() => currencyOf('add')).toThrow(RangeError);
    expect(() => currencyOf('MGA')).toThrow(/non-decimal/);
    expect(isSupportedCurrency('EUR')).toBe(true);
    expect(isSupportedCurrency('MRU')).toBe(false);
  });
});

describe('dinero round trip', () => {
  it('turns minor units into a dinero object of the currency and back', () => {
    const d = toDinero(11498, 'EUR');
    expect(toSnapshot(d)).toMatchObject({ amount: 11498, scale: 2, currency: { code: 'EUR' } });
    expect(fromDinero(d)).toBe(11498);
  });

  it('refuses an amount that is not a safe integer of minor units', () => {
    expect(() => toDinero(10.5)).toThrow(RangeError);
    expect(() => toDinero(2 ** 53)).toThrow(RangeError);
  });

  it('prints a decimal string in the currency: 114.98 USD, 1150 JPY, 1.234 KWD, -0.05 USD', () => {
    expect(toDecimalString(11498)).toBe('114.98');
    expect(toDecimalString(1150, 'JPY')).toBe('1150');
    expect(toDecimalString(1234, 'KWD')).toBe('1.234');
    expect(toDecimalString(-5)).toBe('-0.05');
  });
});

describe('percentOf', () => {
  it('turns a percent into an exact scaled integer through its decimal string: 9.5 is 95 tenths', () => {
    expect(scaledDecimal(9.5)).toEqual({ amount: 95, scale: 1 });
    expect(scaledDecimal(10.5)).toEqual({ amount: 105, scale: 1 });
    expect(scaledDecimal(9.975)).toEqual({ amount: 9975, scale: 3 });
    expect(scaledDecimal(100)).toEqual({ amount: 100, scale: 0 });
  });

  it('rounds a percent with more than six decimals half away from zero', () => {
    expect(scaledDecimal(100 / 3)).toEqual({ amount: 33333333, scale: 6 });
  });

  it('rounds 9.5 % of 105.00 = 9.975 up to 9.98, where floats give 9.97', () => {
    expect(percentOf(10500, 9.5)).toBe(998);
    // The float trap the scaled integer avoids: 105 * 0.095 is 9.974999… in binary.
    expect((105 * 0.095).toFixed(2)).toBe('9.97');
  });

  it('rounds half away from zero: 12.5 % of 1.00 is 0.13, of -1.00 is -0.13', () => {
    expect(percentOf(100, 12.5)).toBe(13);
    expect(percentOf(-100, 12.5)).toBe(-13);
    expect(percentOf(12345, 15)).toBe(1852); // 18.5175 → 18.52
  });

  it('rounds to the minor unit of the currency: 8 % of 1,250 JPY is 100, of 1,999 VND is 160', () => {
    expect(percentOf(1250, 8, 'JPY')).toBe(100);
    expect(percentOf(1999, 8, 'VND')).toBe(160); // 159.92
  });

  it('never returns -0 for a tiny negative amount', () => {
    expect(Object.is(percentOf(-1, 0.001), 0)).toBe(true);
    expect(Object.is(percentOfViaDinero(-1, 0), 0)).toBe(true);
  });

  it('stays exact past 2^50 by switching to dinero bigint', () => {
    expect(percentOf(9_000_000_000_000, 9.975)).toBe(897_750_000_000);
    expect(percentOf(2 ** 52, 50)).toBe(2 ** 51);
  });

  it('agrees with the full dinero multiply and transformScale pipeline', () => {
    for (const [minor, percent] of [
      [10500, 9.5],
      [-10500, 9.5],
      [100, 12.5],
      [3, 50],
      [-3, 50],
      [123456789, 7.25],
    ] as const) {
      expect(percentOf(minor, percent)).toBe(percentOfViaDinero(minor, percent));
    }
  });
});

describe('multiplyMinor', () => {
  it('multiplies by a whole quantity exactly and rounds a decimal one half away from zero', () => {
    expect(multiplyMinor(2250, 3)).toBe(6750);
    expect(multiplyMinor(999, 1.5)).toBe(1499); // 14.985 → 14.99
  });
});

describe('divideRounded and percentOfSum (docs/payroll.md)', () => {
  it('divides exact bigints half away from zero', () => {
    expect(divideRounded(2_035_875n, 60n)).toBe(33_931n); // 1,335 min × 15.25 / 60 = 339.3125
    expect(divideRounded(30n, 60n)).toBe(1n);
    expect(divideRounded(-30n, 60n)).toBe(-1n);
    expect(divideRounded(29n, 60n)).toBe(0n);
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });

  it('rounds a sum of percentages once: 0.404 + 0.504 = 0.908 → 0.91', () => {
    expect(
      percentOfSum([
        { minor: 100, percent: 40.4 },
        { minor: 100, percent: 50.4 },
      ]),
    ).toBe(91);
    expect(percentOfSum([])).toBe(0);
    expect(percentOfSum([{ minor: 1999, percent: 8 }], 'VND')).toBe(percentOf(1999, 8, 'VND'));
  });
});
