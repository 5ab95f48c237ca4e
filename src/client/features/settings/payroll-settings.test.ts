/** The settings screen's payroll form (payroll-settings.ts): the store's settings as typed, checked back. */
import { describe, expect, it } from 'vitest';
import { checkStorePayroll, storePayrollValues } from './payroll-settings';

describe('the store payroll form', () => {
  it('reads back what it shows', () => {
    const weekly = { period: { kind: 'weekly', anchor: '2026-01-05' }, deductCardFeeFromTips: true } as const;
    expect(checkStorePayroll(storePayrollValues(weekly))).toEqual({ settings: weekly });
    const monthly = { period: { kind: 'monthly' }, deductCardFeeFromTips: false } as const;
    expect(storePayrollValues(monthly)).toEqual({
      kind: 'monthly',
      anchor: '',
      deductCardFeeFromTips: 'false',
    });
    expect(checkStorePayroll(storePayrollValues(monthly))).toEqual({ settings: monthly });
  });

  it('asks weekly and biweekly periods for a valid anchor day', () => {
    const { issues } = checkStorePayroll({
      kind: 'biweekly',
      anchor: '2026-02-30',
      deductCardFeeFromTips: 'false',
    });
    expect(Object.keys(issues ?? {})).toEqual(['anchor']);
  });
});
