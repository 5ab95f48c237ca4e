import { describe, it, expect } from 'vitest';
import {
  ANNA,
  ANNA_WEEK,
  BINH,
  BINH_SCHEDULE,
  BINH_WEEK,
  PEDICURE_SPLIT,
  serviceLine,
  settings,
} from './statement.fixtures';
import { adjustmentFromRecompute, buildStatement, type PayStatement } from './statement';
import type { StatementInput } from './types';

function statementOf(input: StatementInput): PayStatement {
  const result = buildStatement(input);
  if (!result.ok) throw new Error(`unexpected issues: ${JSON.stringify(result.issues)}`);
  return result.statement;
}

describe('the statement (docs/payroll.md, the statement)', () => {
  it('Anna: 47.88 + 4.55 earned 52.43, top-up 447.57, tips 43.50, adjustment −6.72 → 536.78; check 348.91, cash 187.87', () => {
    const s = statementOf(ANNA_WEEK);
    expect(s.service).toMatchObject({
      gross: 12_000,
      deductions: 1330,
      commissionable: 10_670,
      tieredBase: 5470,
      ownRateCommission: 2600,
      commission: 4788,
    });
    expect(s.service.tiered.bands).toEqual([
      { tier: 0, from: 0, to: null, rate: 40, base: 5470, commission: 2188 },
    ]);
    expect(s.product).toMatchObject({ sales: 3299, commission: 455 });
    expect(s.earned).toBe(5243);
    expect(s.plan).toEqual({ kind: 'higher_of', base: 0, guarantee: 50_000, topUp: 44_757 });
    expect(s.tips).toMatchObject({ total: 4350, cardFee: 70, feeDeducted: false, paid: 4350 });
    expect(s.hourly.pay).toBe(0);
    expect(s.adjustments.total).toBe(-672);
    expect(s.adjustments.lines[0]?.sourceSaleId).toBe(1032);
    expect(s.total).toBe(53_678);
    expect(s.payout).toEqual({ check: 34_891, cash: 18_787 });
  });

  it('Binh: progressive 105.00 + 60.00 + 22.41, own 9.00, hourly 339.31, base 200.00, tips 60.79, +5.88 → 802.39', () => {
    const s = statementOf(BINH_WEEK);
    expect(s.service).toMatchObject({
      gross: 56_800,
      deductions: 5320,
      commissionable: 51_480,
      tieredBase: 49_980,
      ownRateCommission: 900,
      commission: 19_641,
    });
    expect(s.service.tiered.bands.map((b) => [b.base, b.rate, b.commission])).toEqual([
      [30_000, 35, 10_500],
      [15_000, 40, 6000],
      [4980, 45, 2241],
    ]);
    const zeroBased = statementOf({
      ...BINH_WEEK,
      settings: { ...BINH_WEEK.settings, service: { ...BINH_SCHEDULE, mode: 'zero_based' } },
    });
    expect(zeroBased.service.commission).toBe(22_491 + 900);
    expect(s.product.commission).toBe(0);
    expect(s.hourly).toEqual({ minutes: 1335, ratePerHour: 1525, pay: 33_931 });
    expect(s.plan).toMatchObject({ base: 20_000, topUp: 0 });
    expect(s.earned).toBe(73_572);
    expect(s.tips).toMatchObject({ total: 6235, cardFee: 156, deduction: 156, paid: 6079 });
    expect(s.adjustments.total).toBe(588);
    expect(s.total).toBe(80_239);
    expect(s.payout).toEqual({ cash: 30_000, check: 50_239 });
  });
});

describe('adjustments from a recomputed locked period (docs/payroll.md, adjustments)', () => {
  const lockedWeek = { start: '2026-01-05', end: '2026-01-11' };
  const pedicure = serviceLine(4500, 300, { saleId: 1032 });
  const splitPedicure = { ...pedicure, split: PEDICURE_SPLIT };
  const reason = 'Sale 1032: pedicure shared 60/40';

  function week(technicianId: number, lines: StatementInput['lines'], extra = {}): PayStatement {
    return statementOf({
      technicianId,
      period: lockedWeek,
      lines,
      tips: [],
      workedMinutes: [],
      adjustments: [],
      settings: settings(extra),
    });
  }

  it('Anna: 536.80 paid, 530.08 corrected → −6.72', () => {
    const plan = { plan: { kind: 'higher_of', guarantee: 50_000 } as const };
    const other = serviceLine(140_000, 10_000);
    const paid = week(ANNA, [other, pedicure], plan);
    const corrected = week(ANNA, [other, splitPedicure], plan);
    expect([paid.total, corrected.total]).toEqual([53_680, 53_008]);
    expect(adjustmentFromRecompute(paid, corrected, reason, 1032)).toEqual({
      amount: -672,
      reason,
      sourceSaleId: 1032,
      sourcePeriod: lockedWeek,
    });
  });

  it('Binh: 70.00 + his 16.80 at 35 % → +5.88', () => {
    const plan = { service: BINH_SCHEDULE, plan: { kind: 'base_plus_commission', base: 20_000 } as const };
    const paid = week(BINH, [serviceLine(20_000)], plan);
    const corrected = week(BINH, [serviceLine(20_000), splitPedicure], plan);
    expect(adjustmentFromRecompute(paid, corrected, reason, 1032).amount).toBe(588);
  });

  it('under the guarantee, the same correction changes nothing: 476.80 and 470.08 both paid 500.00', () => {
    const plan = { plan: { kind: 'higher_of', guarantee: 50_000 } as const };
    const other = serviceLine(115_000);
    const paid = week(ANNA, [other, pedicure], plan);
    const corrected = week(ANNA, [other, splitPedicure], plan);
    expect([paid.earned, corrected.earned]).toEqual([47_680, 47_008]);
    expect(adjustmentFromRecompute(paid, corrected, reason, 1032).amount).toBe(0);
  });
});

describe('invalid input (docs/payroll.md, invalid input)', () => {
  it('returns every issue with its path instead of throwing', () => {
    const result = buildStatement({
      ...ANNA_WEEK,
      currency: 'XYZ',
      lines: [
        serviceLine(Number.NaN),
        serviceLine(100, -1, { ownRate: 120 }),
        serviceLine(100, 0, { split: [{ technicianId: BINH, percent: 100 }] }),
      ],
      tips: [{ saleId: 1, amount: 1.5, tender: 'card', cardFeePercent: -3 }],
      workedMinutes: [30, -1],
      adjustments: [{ amount: 100, reason: '  ', sourceSaleId: null }],
      settings: settings({
        service: { mode: 'progressive', tiers: [] },
        productRate: 200,
        hourlyRate: 12.5,
        plan: { kind: 'higher_of', guarantee: -1 },
        payout: { kind: 'check_percent', percent: 150 },
      }),
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues).toEqual([
      { code: 'currency_invalid', path: 'currency' },
      { code: 'tiers_empty', path: 'settings.service.tiers' },
      { code: 'rate_out_of_range', path: 'settings.productRate' },
      { code: 'amount_invalid', path: 'settings.hourlyRate' },
      { code: 'amount_invalid', path: 'settings.plan.guarantee' },
      { code: 'rate_out_of_range', path: 'settings.payout.percent' },
      { code: 'amount_invalid', path: 'lines[0].net' },
      { code: 'amount_invalid', path: 'lines[1].deductible' },
      { code: 'rate_out_of_range', path: 'lines[1].ownRate' },
      { code: 'split_missing_technician', path: 'lines[2].split' },
      { code: 'amount_invalid', path: 'tips[0].amount' },
      { code: 'rate_out_of_range', path: 'tips[0].cardFeePercent' },
      { code: 'minutes_invalid', path: 'workedMinutes[1]' },
      { code: 'reason_missing', path: 'adjustments[0].reason' },
    ]);
  });

  it('refuses a total past 2^53 as invalid instead of throwing in the payout split', () => {
    // Found by the malformed-numbers property: 735,140,773 minutes at 7,351,407.73 an hour, every rule zero.
    const result = buildStatement({
      ...ANNA_WEEK,
      lines: [],
      tips: [],
      adjustments: [],
      workedMinutes: [735_140_773],
      settings: settings({
        service: { mode: 'zero_based', tiers: [{ from: 0, rate: 0 }] },
        productRate: 0,
        hourlyRate: 735_140_773,
        plan: { kind: 'higher_of', guarantee: 0 },
        payout: { kind: 'check_percent', percent: 0 },
      }),
    });
    expect(result).toEqual({ ok: false, issues: [{ code: 'amount_invalid', path: 'total' }] });
  });
});
