import { describe, expect, it } from 'vitest';
import { DISCOUNT_TYPE } from '../../../domain/constants';
import { discountInputText, discountText, parseDiscountInput } from './discounts-format';

const { PERCENT, AMOUNT } = DISCOUNT_TYPE;

describe('order discount input', () => {
  it('a percent is kept as typed; an amount becomes minor units, commas removed', () => {
    expect(parseDiscountInput('12.5', PERCENT, 'USD')).toEqual({ discount: { type: PERCENT, value: 12.5 } });
    expect(parseDiscountInput('1,250.00', AMOUNT, 'USD')).toEqual({
      discount: { type: AMOUNT, value: 125000 },
    });
  });

  it('refuses a value that is not a number, zero or less, and a percent above 100', () => {
    expect(parseDiscountInput('ten', PERCENT, 'USD')).toEqual({ problem: 'notANumber' });
    expect(parseDiscountInput('', AMOUNT, 'USD')).toEqual({ problem: 'notANumber' });
    expect(parseDiscountInput('0', AMOUNT, 'USD')).toEqual({ problem: 'notPositive' });
    expect(parseDiscountInput('-5', AMOUNT, 'USD')).toEqual({ problem: 'notPositive' });
    expect(parseDiscountInput('101', PERCENT, 'USD')).toEqual({ problem: 'over100' });
  });

  it('a discount already set starts its box with its plain value', () => {
    expect(discountInputText({ type: PERCENT, value: 10 }, 'USD')).toBe('10');
    expect(discountInputText({ type: AMOUNT, value: 125000 }, 'USD')).toBe('1250.00');
    expect(discountInputText(undefined, 'USD')).toBe('');
  });

  it('shows a discount in the reader language', () => {
    expect(discountText({ type: AMOUNT, value: 500 }, 'en', 'USD')).toBe('$5.00');
    expect(discountText({ type: PERCENT, value: 10 }, 'en', 'USD')).toBe('10%');
  });
});
