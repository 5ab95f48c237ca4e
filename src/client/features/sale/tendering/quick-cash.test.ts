import { describe, expect, it } from 'vitest';
import { quickCashAmounts } from './quick-cash';

describe('quick cash', () => {
  it('offers the exact balance, then the next round notes above it', () => {
    expect(quickCashAmounts(3745, 'USD')).toEqual([3745, 3800, 4000, 5000, 10000]);
  });

  it('does not repeat the balance when it is already round', () => {
    expect(quickCashAmounts(4000, 'USD')).toEqual([4000, 5000, 10000]);
  });

  it('uses the notes of the currency: VND has no cents and large notes', () => {
    expect(quickCashAmounts(137_000, 'VND')).toEqual([137_000, 140_000, 150_000, 200_000, 500_000]);
  });

  it('falls back to common notes for a currency it does not list', () => {
    expect(quickCashAmounts(1250, 'CHF')).toEqual([1250, 1300, 1500, 2000, 5000]);
  });

  it('offers nothing when nothing is due', () => {
    expect(quickCashAmounts(0, 'USD')).toEqual([]);
  });
});
