/**
 * src/domain/income.ts (docs/reports.md, "Employee income"): the payroll rules' commission and tips, net income
 * = commission + tips paid, and the income per hour rounded once, exactly.
 */
import { describe, expect, it } from 'vitest';
import { ITEM_TYPE } from './constants';
import { employeeIncome, incomePerHour } from './income';
import type { PaySettings } from './payroll';

const FLAT_40: PaySettings = {
  service: { mode: 'zero_based', tiers: [{ from: 0, rate: 40 }] },
  productRate: 10,
  hourlyRate: 1525,
  plan: { kind: 'higher_of', guarantee: 50_000 },
  payout: { kind: 'all_check' },
  deductCardFeeFromTips: true,
};

describe('employeeIncome', () => {
  it("is docs/payroll.md's commission and tips, without hourly pay or a guarantee's top-up", () => {
    const result = employeeIncome({
      technicianId: 7,
      currency: 'USD',
      lines: [
        { saleId: 1, lineId: 1, itemType: ITEM_TYPE.SERVICE, net: 3150, deductible: 200, ownRate: null },
        { saleId: 1, lineId: 2, itemType: ITEM_TYPE.SERVICE, net: 6000, deductible: 800, ownRate: 50 },
        { saleId: 2, lineId: 3, itemType: ITEM_TYPE.PRODUCT, net: 800, deductible: 0, ownRate: null },
      ],
      tips: [
        { saleId: 1, amount: 2000, tender: 'cash' },
        { saleId: 2, amount: 1500, tender: 'card', cardFeePercent: 3 },
      ],
      settings: FLAT_40,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 29.50 × 40 % = 11.80 on the tiers, 52.00 × 50 % = 26.00 at its own rate; 8.00 × 10 % = 0.80.
    expect(result.income).toEqual({
      serviceCommission: 1180 + 2600,
      productCommission: 80,
      commission: 3860,
      tipsByTender: { cash: 2000, card: 1500, other: 0 },
      tipFees: 45,
      tipFeesDeducted: 45,
      netIncome: 3860 + 3500 - 45,
    });
  });

  it('gives the issues of settings the payroll refuses, and computes nothing', () => {
    const result = employeeIncome({
      technicianId: 7,
      currency: 'USD',
      lines: [],
      tips: [],
      settings: { ...FLAT_40, productRate: 150 },
    });
    expect(result).toEqual({
      ok: false,
      issues: [{ code: 'rate_out_of_range', path: 'settings.productRate' }],
    });
  });
});

describe('incomePerHour', () => {
  it('rounds amount × 60 / minutes once, half away from zero; none without minutes', () => {
    expect(incomePerHour(10_000, 450)).toBe(1333); // 1,333.33…
    expect(incomePerHour(1, 120)).toBe(1); // 0.5 → 1
    expect(incomePerHour(-1, 120)).toBe(-1);
    expect(incomePerHour(10_000, 0)).toBeNull();
  });
});
