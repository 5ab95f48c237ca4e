/** The pay settings form (pay-settings-form.ts): stored settings to typed strings and back, checked. */
import { describe, expect, it } from 'vitest';
import type { TechnicianPaySettings } from '../../../contracts/payroll';
import { checkPaySettings, paySettingsValues } from './pay-settings-form';

/** Binh of docs/payroll.md: progressive 35/40/45 %, base 200.00, 15.25 an hour, cash_fixed 300.00. */
const BINH: TechnicianPaySettings = {
  service: {
    mode: 'progressive',
    tiers: [
      { from: 0, rate: 35 },
      { from: 30_000, rate: 40 },
      { from: 45_000, rate: 45 },
    ],
  },
  productRate: 0,
  hourlyRate: 1525,
  plan: { kind: 'base_plus_commission', base: 20_000 },
  payout: { kind: 'cash_fixed', amount: 30_000 },
};

describe('the pay settings form', () => {
  it('shows amounts in major units and tiers one a line, and reads them back exactly', () => {
    const values = paySettingsValues(BINH, 40, 'USD');
    expect(values).toMatchObject({
      tiers: '0.00 35\n300.00 40\n450.00 45',
      hourlyRate: '15.25',
      planAmount: '200.00',
      payoutValue: '300.00',
    });
    expect(checkPaySettings(values, 'USD')).toEqual({ settings: BINH });
  });

  it('starts from her commission rate flat when nothing is stored', () => {
    const values = paySettingsValues(null, 40, 'USD');
    expect(checkPaySettings(values, 'USD').settings).toEqual({
      service: { mode: 'zero_based', tiers: [{ from: 0, rate: 40 }] },
      productRate: 0,
      hourlyRate: 0,
      plan: { kind: 'commission' },
      payout: { kind: 'all_check' },
    });
  });

  it('names the problems by field, with the domain’s issue codes', () => {
    const values = { ...paySettingsValues(BINH, 40, 'USD'), tiers: '100 40\n50 45', payoutValue: 'abc' };
    const { issues } = checkPaySettings(values, 'USD');
    expect(issues?.tiers?.map((i) => i.code)).toEqual(
      expect.arrayContaining(['tiers_first_not_zero', 'tiers_not_ascending']),
    );
    expect(issues?.payoutValue).toBeDefined();
  });
});
