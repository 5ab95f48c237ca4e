import { describe, expect, it } from 'vitest';
import { averageTicket, cardFees, shareBasisPoints } from './report-ratios';

describe('averageTicket', () => {
  it('divides the net by the visits, half away from zero', () => {
    expect(averageTicket(10_000, 3)).toBe(3333);
    expect(averageTicket(10_001, 2)).toBe(5001); // 5000.5 → 5001
    expect(averageTicket(-10_001, 2)).toBe(-5001);
  });
  it('is 0 without a visit', () => {
    expect(averageTicket(5000, 0)).toBe(0);
  });
});

describe('shareBasisPoints', () => {
  it('is the share in basis points, half away from zero', () => {
    expect(shareBasisPoints(1, 3)).toBe(3333);
    expect(shareBasisPoints(2, 3)).toBe(6667);
    expect(shareBasisPoints(3, 3)).toBe(10_000);
  });
  it('is 0 of nothing', () => {
    expect(shareBasisPoints(0, 0)).toBe(0);
  });
});

describe('cardFees', () => {
  it("rounds each sale's fee, then sums (docs/money.md: 2.9 % of 45.50 = 1.32)", () => {
    expect(
      cardFees([
        { credit: 4550, percent: 2.9, sales: 2 },
        { credit: 10_000, percent: 3, sales: 1 },
      ]),
    ).toBe(2 * 132 + 300);
  });
  it('takes nothing at 0 % or on nothing', () => {
    expect(cardFees([{ credit: 4550, percent: 0, sales: 4 }])).toBe(0);
    expect(cardFees([])).toBe(0);
  });
});
