import { describe, it, expect } from 'vitest';
import { flatSchedule, tieredCommission, validateSchedule } from './tiers';
import type { CommissionSchedule } from './types';

const tiers = [
  { from: 0, rate: 40 },
  { from: 100_000, rate: 45 },
  { from: 200_000, rate: 50 },
];
const zeroBased: CommissionSchedule = { mode: 'zero_based', tiers };
const progressive: CommissionSchedule = { mode: 'progressive', tiers };

describe('commission tiers (docs/payroll.md, tiers)', () => {
  it('base 2,500.00: zero-based 50 % on everything = 1,250.00; progressive 400 + 450 + 250 = 1,100.00', () => {
    expect(tieredCommission(250_000, zeroBased)).toEqual({
      reached: 2,
      bands: [{ tier: 2, from: 200_000, to: null, rate: 50, base: 250_000, commission: 125_000 }],
      commission: 125_000,
    });
    const p = tieredCommission(250_000, progressive);
    expect(p.bands.map((b) => [b.base, b.commission])).toEqual([
      [100_000, 40_000],
      [100_000, 45_000],
      [50_000, 25_000],
    ]);
    expect(p.commission).toBe(110_000);
  });

  it('999.99 reaches the first tier only (399.996 → 400.00); 1,000.00 reaches the second', () => {
    expect(tieredCommission(99_999, zeroBased).commission).toBe(40_000);
    expect(tieredCommission(99_999, progressive).commission).toBe(40_000);
    expect(tieredCommission(100_000, zeroBased).commission).toBe(45_000);
    const p = tieredCommission(100_000, progressive);
    expect(p.commission).toBe(40_000);
    expect(p.bands).toHaveLength(1);
  });

  it('rounds the progressive total once: 0.404 + 0.504 = 0.908 → 0.91, shown as 0.40 + 0.51', () => {
    const schedule: CommissionSchedule = {
      mode: 'progressive',
      tiers: [
        { from: 0, rate: 40.4 },
        { from: 100, rate: 50.4 },
      ],
    };
    const result = tieredCommission(200, schedule);
    expect(result.commission).toBe(91);
    expect(result.bands.map((b) => b.commission)).toEqual([40, 51]);
  });

  it('two bands of 0.01 at 50 % and 51 % pay 0.01, as 0.02 at 51 % does (rounding each band would pay 0.02)', () => {
    const tiers = [
      { from: 0, rate: 50 },
      { from: 1, rate: 51 },
    ];
    expect(tieredCommission(2, { mode: 'progressive', tiers }).commission).toBe(1);
    expect(tieredCommission(2, { mode: 'zero_based', tiers }).commission).toBe(1);
  });

  it('pays nothing on a base of zero or below, and a flat schedule is one tier', () => {
    expect(tieredCommission(0, progressive)).toEqual({ reached: 0, bands: [], commission: 0 });
    expect(tieredCommission(-500, zeroBased).commission).toBe(0);
    expect(tieredCommission(5470, flatSchedule(40)).commission).toBe(2188);
  });

  it('validates: at least one tier, the first from 0, ascending from, rates 0..100', () => {
    expect(validateSchedule(zeroBased)).toEqual([]);
    expect(validateSchedule({ mode: 'zero_based', tiers: [] })).toEqual([
      { code: 'tiers_empty', path: 'schedule.tiers' },
    ]);
    expect(
      validateSchedule({
        mode: 'progressive',
        tiers: [
          { from: 500, rate: 40 },
          { from: 500, rate: 101 },
          { from: 1.5, rate: Number.NaN },
        ],
      }),
    ).toEqual([
      { code: 'tiers_first_not_zero', path: 'schedule.tiers[0].from' },
      { code: 'tiers_not_ascending', path: 'schedule.tiers[1].from' },
      { code: 'rate_out_of_range', path: 'schedule.tiers[1].rate' },
      { code: 'amount_invalid', path: 'schedule.tiers[2].from' },
      { code: 'rate_out_of_range', path: 'schedule.tiers[2].rate' },
    ]);
  });
});
