import { describe, expect, it } from 'vitest';
import { amountOfText, amountTextOf, applyAmountKey, decimalsOf, sanitiseAmountText } from './amount-text';
import type { AmountKey } from './amount-text';

function type(keys: AmountKey[], decimals = 2): string {
  return keys.reduce((text, key) => applyAmountKey(text, key, decimals), '');
}

describe('amount pad text', () => {
  it('types an amount with cents and reads it as minor units', () => {
    const text = type(['3', '7', '.', '4', '5']);
    expect(text).toBe('37.45');
    expect(amountOfText(text, 'USD')).toBe(3745);
  });

  it('takes no more decimals than the currency has, and no point at all for VND', () => {
    expect(type(['1', '.', '2', '3', '4'])).toBe('1.23');
    expect(type(['1', '.', '.', '5'])).toBe('1.5');
    expect(type(['1', '5', '.', '0', '0', '0'], decimalsOf('VND'))).toBe('15000');
    expect(decimalsOf('VND')).toBe(0);
  });

  it('drops leading zeros and starts a bare point with 0', () => {
    expect(type(['0', '0', '7'])).toBe('7');
    expect(type(['.', '5'])).toBe('0.5');
    expect(type(['00', '5'])).toBe('5');
    expect(type(['5', '00'])).toBe('500');
  });

  it('removes the last character on backspace and everything on clear', () => {
    expect(applyAmountKey('12.5', 'backspace', 2)).toBe('12.');
    expect(applyAmountKey('12.5', 'clear', 2)).toBe('');
    expect(applyAmountKey('', 'backspace', 2)).toBe('');
  });

  it('stops at the largest payment the server takes', () => {
    const keys = Array.from({ length: 14 }, () => '9' as const);
    expect(type(keys)).toBe('9999999999');
    expect(type(keys, 0)).toBe('999999999999');
  });

  it('keeps typed or pasted text to what the pad could produce, commas dropped as thousands separators', () => {
    expect(sanitiseAmountText('1,234.567', 2)).toBe('1234.56');
    expect(sanitiseAmountText('$ 20', 2)).toBe('20');
    expect(sanitiseAmountText('-5', 2)).toBe('5');
    expect(sanitiseAmountText('150.000', 0)).toBe('150000');
  });

  it('reads nothing typed as no amount, and a lone "0." as zero', () => {
    expect(amountOfText('', 'USD')).toBeNull();
    expect(amountOfText('0.', 'USD')).toBe(0);
    expect(amountOfText('0', 'USD')).toBe(0);
  });

  it('shows minor units as pad text, empty for nothing', () => {
    expect(amountTextOf(3745, 'USD')).toBe('37.45');
    expect(amountTextOf(4000, 'USD')).toBe('40.00');
    expect(amountTextOf(150000, 'VND')).toBe('150000');
    expect(amountTextOf(0, 'USD')).toBe('');
  });
});
