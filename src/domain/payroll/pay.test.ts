import { describe, it, expect } from 'vitest';
import { hourlyPay, planPay, splitPayout } from './pay';
import { tipsPay } from './tips';
import type { PayrollTip } from './types';

const tips: PayrollTip[] = [
  { saleId: 1, amount: 2000, tender: 'cash' },
  { saleId: 2, amount: 1500, tender: 'card', cardFeePercent: 3 },
  { saleId: 3, amount: 850, tender: 'card', cardFeePercent: 2.9 },
];

describe('tips (docs/payroll.md, tips)', () => {
  it('pays 43.50 in full by default; the card fee 0.45 + 0.25 = 0.70 comes off only when allowed', () => {
    expect(tipsPay(tips, false)).toEqual({
      total: 4350,
      byTender: { cash: 2000, card: 2350, other: 0 },
      cardFee: 70,
      feeDeducted: false,
      deduction: 0,
      paid: 4350,
    });
    expect(tipsPay(tips, true)).toMatchObject({ cardFee: 70, deduction: 70, paid: 4280 });
  });

  it('charges no fee on cash tips or a card tip without a percent', () => {
    expect(tipsPay([{ saleId: null, amount: 1000, tender: 'card' }], true).paid).toBe(1000);
  });
});

describe('hourly pay (docs/payroll.md)', () => {
  it('15.25 an hour, 3 × 7 h 25 min = 1,335 minutes → 339.3125 → 339.31, rounded once (per day: 339.30)', () => {
    expect(hourlyPay([445, 445, 445], 1525)).toEqual({ minutes: 1335, ratePerHour: 1525, pay: 33_931 });
    expect(3 * hourlyPay([445], 1525).pay).toBe(33_930);
  });

  it('pays nothing without a rate or minutes', () => {
    expect(hourlyPay([], 1525).pay).toBe(0);
    expect(hourlyPay([480], 0).pay).toBe(0);
  });
});

describe('guaranteed minimum and base (docs/payroll.md)', () => {
  it('higher_of 500.00: earned 380.00 → top-up 120.00; earned 620.00 → 0', () => {
    expect(planPay({ kind: 'higher_of', guarantee: 50_000 }, 38_000).topUp).toBe(12_000);
    expect(planPay({ kind: 'higher_of', guarantee: 50_000 }, 62_000).topUp).toBe(0);
  });

  it('base_plus_commission adds the base; commission adds nothing', () => {
    expect(planPay({ kind: 'base_plus_commission', base: 20_000 }, 1)).toEqual({
      kind: 'base_plus_commission',
      base: 20_000,
      guarantee: 0,
      topUp: 0,
    });
    expect(planPay({ kind: 'commission' }, 1)).toMatchObject({ base: 0, topUp: 0 });
  });
});

describe('cash and check (docs/payroll.md)', () => {
  it.each([
    ['check_percent 65 % of 536.78', 53_678, { kind: 'check_percent', percent: 65 } as const, 18_787, 34_891],
    ['cash_fixed 300.00 of 802.39', 80_239, { kind: 'cash_fixed', amount: 30_000 } as const, 30_000, 50_239],
    ['cash_fixed 300.00 of 250.00', 25_000, { kind: 'cash_fixed', amount: 30_000 } as const, 25_000, 0],
    ['check_fixed 400.00 of 250.00', 25_000, { kind: 'check_fixed', amount: 40_000 } as const, 0, 25_000],
    ['all_cash', 10_000, { kind: 'all_cash' } as const, 10_000, 0],
    ['all_check', 10_000, { kind: 'all_check' } as const, 0, 10_000],
    ['a negative total', -1200, { kind: 'all_cash' } as const, 0, -1200],
  ])('%s', (_name, total, rule, cash, check) => {
    expect(splitPayout(total, rule)).toEqual({ cash, check });
  });
});
