import { describe, expect, it } from 'vitest';
import { parseTip } from './tips-format';

describe('parseTip', () => {
  it('reads a tip typed with thousands commas in minor units', () => {
    expect(parseTip('1,000.50', 'USD')).toEqual({ amount: 100050 });
    expect(parseTip(' 5 ', 'USD')).toEqual({ amount: 500 });
  });

  it('an empty box is no tip, which removes it', () => {
    expect(parseTip('', 'USD')).toEqual({ amount: 0 });
  });

  it('refuses words and negative tips', () => {
    expect(parseTip('five', 'USD')).toEqual({ problem: 'notANumber' });
    expect(parseTip('-2', 'USD')).toEqual({ problem: 'negative' });
  });

  it('rounds more decimals than the currency has half away from zero', () => {
    expect(parseTip('0.125', 'USD')).toEqual({ amount: 13 });
    expect(parseTip('100.5', 'JPY')).toEqual({ amount: 101 });
  });
});
