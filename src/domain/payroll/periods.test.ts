import { describe, it, expect } from 'vitest';
import {
  correctionLanding,
  nextPayPeriod,
  payPeriodAt,
  payPeriodContaining,
  payPeriodDays,
  previousPayPeriod,
  validatePayPeriodRule,
} from './periods';
import type { PayPeriodRule } from './types';

const weekly: PayPeriodRule = { kind: 'weekly', anchor: '2026-01-05' };
const biweekly: PayPeriodRule = { kind: 'biweekly', anchor: '2026-01-05' };
const semi: PayPeriodRule = { kind: 'semi_monthly' };
const monthly: PayPeriodRule = { kind: 'monthly' };
const range = (start: string, end: string) => ({ start, end });

describe('pay periods (docs/payroll.md, pay periods)', () => {
  it('weekly from the anchor: the period of a day, its neighbours, and a day before the anchor', () => {
    const week = payPeriodContaining(weekly, '2026-01-14');
    expect(week).toEqual(range('2026-01-12', '2026-01-18'));
    expect(previousPayPeriod(weekly, week!)).toEqual(range('2026-01-05', '2026-01-11'));
    expect(nextPayPeriod(weekly, week!)).toEqual(range('2026-01-19', '2026-01-25'));
    expect(payPeriodContaining(weekly, '2026-01-04')).toEqual(range('2025-12-29', '2026-01-04'));
  });

  it('biweekly every 14 days from the anchor', () => {
    expect(payPeriodContaining(biweekly, '2026-01-18')).toEqual(range('2026-01-05', '2026-01-18'));
    expect(payPeriodContaining(biweekly, '2026-01-20')).toEqual(range('2026-01-19', '2026-02-01'));
  });

  it('semi-monthly: 1st–15th and 16th–end, leap years and month ends', () => {
    expect(payPeriodContaining(semi, '2024-02-20')).toEqual(range('2024-02-16', '2024-02-29'));
    expect(payPeriodContaining(semi, '2025-02-20')).toEqual(range('2025-02-16', '2025-02-28'));
    expect(payPeriodContaining(semi, '2026-01-15')).toEqual(range('2026-01-01', '2026-01-15'));
    expect(nextPayPeriod(semi, range('2025-12-16', '2025-12-31'))).toEqual(range('2026-01-01', '2026-01-15'));
  });

  it('monthly, across a leap February', () => {
    expect(payPeriodContaining(monthly, '2024-02-10')).toEqual(range('2024-02-01', '2024-02-29'));
    expect(previousPayPeriod(monthly, range('2024-03-01', '2024-03-31'))).toEqual(
      range('2024-02-01', '2024-02-29'),
    );
  });

  it("takes an instant's day in the store's zone: 2026-02-01T07:30Z is January 31 in Los Angeles", () => {
    const at = new Date('2026-02-01T07:30:00Z');
    expect(payPeriodAt(monthly, at, 'America/Los_Angeles')).toEqual(range('2026-01-01', '2026-01-31'));
    expect(payPeriodAt(monthly, at, 'UTC')).toEqual(range('2026-02-01', '2026-02-28'));
  });

  it('gives null for an invalid day, anchor, instant or zone, and names the bad anchor', () => {
    expect(payPeriodContaining(monthly, '2025-02-29')).toBeNull();
    expect(payPeriodContaining(monthly, 'soon')).toBeNull();
    expect(payPeriodContaining({ kind: 'weekly', anchor: '2026-13-01' }, '2026-01-14')).toBeNull();
    expect(payPeriodAt(monthly, new Date('nope'), 'UTC')).toBeNull();
    expect(payPeriodAt(monthly, new Date(), 'Mars/Olympus')).toBeNull();
    expect(validatePayPeriodRule({ kind: 'biweekly', anchor: '' })).toEqual([
      { code: 'anchor_invalid', path: 'rule.anchor' },
    ]);
    expect(validatePayPeriodRule(semi)).toEqual([]);
  });

  it('counts the days of a period', () => {
    expect(payPeriodDays(range('2024-02-16', '2024-02-29'))).toBe(14);
    expect(payPeriodDays(range('2026-01-12', '2026-01-18'))).toBe(7);
    expect(payPeriodDays(range('2026-01-18', '2026-01-12'))).toBe(0);
  });

  it('lands a correction of a locked period in the open period as an adjustment', () => {
    const open = range('2026-01-12', '2026-01-18');
    expect(correctionLanding(weekly, '2026-01-09', open)).toEqual({ period: open, asAdjustment: true });
    expect(correctionLanding(weekly, '2026-01-13', open)).toEqual({ period: open, asAdjustment: false });
  });
});
