import { describe, it, expect } from 'vitest';
import { parseAmount, parsePercent, roundHalfAwayFromZero } from './amount';

describe('parseAmount', () => {
  it('removes thousands commas: "1,234.50" is 123450 cents, the Indian "1,23,456.00" is 12345600', () => {
    expect(parseAmount('1,234.50')).toBe(123450);
    expect(parseAmount('1,23,456.00')).toBe(12345600);
    expect(parseAmount('  45 ')).toBe(4500);
    expect(parseAmount('.5')).toBe(50);
  });

  it('rounds 0.125 to 0.13 and -0.125 to -0.13, half away from zero', () => {
    expect(parseAmount('0.125')).toBe(13);
    expect(parseAmount('-0.125')).toBe(-13);
    expect(parseAmount(0.125)).toBe(13);
  });

  it('takes the minor unit from the currency: "100.5" JPY is 101 yen, "25,000" VND is 25000', () => {
    expect(parseAmount('100.5', 'JPY')).toBe(101);
    expect(parseAmount('25,000', 'VND')).toBe(25000);
    expect(parseAmount('1.2345', 'KWD')).toBe(1235);
  });

  it('refuses garbage, blanks, NaN, a typed exponent and amounts too large to hold exactly', () => {
    for (const bad of ['', '  ', 'abc', '1.2.3', '12a', '$5', '1e3', '.', '-', '1 000']) {
      expect(parseAmount(bad)).toBeNull();
    }
    expect(parseAmount(Number.NaN)).toBeNull();
    expect(parseAmount(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseAmount('99999999999999999999')).toBeNull();
  });

  it('keeps the sign: refusing amounts of zero or less is the payment rule, not the parser', () => {
    expect(parseAmount('-5')).toBe(-500);
    expect(parseAmount('0')).toBe(0);
  });
});

describe('roundHalfAwayFromZero', () => {
  it('rounds decimal strings exactly, ties away from zero', () => {
    expect(roundHalfAwayFromZero('0.125', 2)).toBe('0.13');
    expect(roundHalfAwayFromZero('-0.125', 2)).toBe('-0.13');
    expect(roundHalfAwayFromZero('0.124999999999999999999', 2)).toBe('0.12');
    expect(roundHalfAwayFromZero('9.975', 2)).toBe('9.98');
    expect(roundHalfAwayFromZero('5', 2)).toBe('5.00');
    expect(roundHalfAwayFromZero('2.5', 0)).toBe('3');
    expect(roundHalfAwayFromZero('-0.004', 2)).toBe('0.00');
    expect(roundHalfAwayFromZero('x', 2)).toBeNull();
  });
});

describe('parsePercent', () => {
  it('reads a typed percentage, with or without a % sign', () => {
    expect(parsePercent('9.5')).toBe(9.5);
    expect(parsePercent(' 12.5 % ')).toBe(12.5);
    expect(parsePercent('9.975')).toBe(9.975);
    expect(parsePercent(10)).toBe(10);
    expect(parsePercent('0.1000000')).toBe(0.1);
  });

  it('refuses negatives, garbage, commas and more than six decimals', () => {
    for (const bad of ['-1', 'abc', '', '1,5', '0.1234567', '5%%', '1e2'])
      expect(parsePercent(bad)).toBeNull();
    expect(parsePercent(Number.NaN)).toBeNull();
  });
});

describe('hostile input', () => {
  it('refuses a decimal string with an absurd exponent instead of building a giant number', () => {
    expect(roundHalfAwayFromZero('1e999999999', 2)).toBeNull();
  });
});
