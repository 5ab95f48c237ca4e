import { describe, expect, it } from 'vitest';
import { amountText, bodyOf, errorKeyFor, errorKeyOf, validateGroup } from './settings-form';

const PAYMENT = {
  creditcard_fee_percent: 3,
  creditcard_fee_to_customer: false,
  offline_card_limit_per_ticket: 20_000,
  offline_card_limit_total: 100_000,
};

describe('settings form', () => {
  it('shows amounts in the currency and sends typed amounts as minor units', () => {
    expect(amountText(20_000, 'USD')).toBe('200.00');
    expect(amountText(50_000, 'VND')).toBe('50000');
    expect(amountText('1,50', 'USD')).toBe('1,50');
    expect(bodyOf('payment', { ...PAYMENT, offline_card_limit_total: '1,500.5' }, 'USD')).toEqual({
      ...PAYMENT,
      offline_card_limit_total: 150_050,
    });
  });

  it('checks a group with its contract schema and keeps the save key across retries', () => {
    const ok = validateGroup({ group: 'payment', values: PAYMENT, saveKey: null }, 'USD', () => 'new-key');
    expect(ok.saveKey).toBe('new-key');
    expect(
      validateGroup({ group: 'payment', values: PAYMENT, saveKey: 'old' }, 'USD', () => 'x').saveKey,
    ).toBe('old');
  });

  it('names each bad field by its error key', () => {
    const run = (group: 'payment' | 'tax', values: Record<string, unknown>) => {
      try {
        validateGroup({ group, values, saveKey: null }, 'USD', () => 'k');
        return null;
      } catch (error) {
        return (error as { fieldErrors: Record<string, string> }).fieldErrors;
      }
    };
    expect(
      run('payment', { ...PAYMENT, creditcard_fee_percent: '101', offline_card_limit_per_ticket: '2000' }),
    ).toEqual({
      creditcard_fee_percent: 'creditcard_fee_percent',
      offline_card_limit_per_ticket: 'offline_card_limit_over_total',
    });
    expect(
      run('tax', {
        config_tax_on_tax: 0,
        config_indian_tax: '0',
        taxes: [
          { name: 'GST', rate: '5' },
          { name: 'gst', rate: '101' },
        ],
      }),
    ).toEqual({ 'taxes.1.name': 'tax_name', 'taxes.1.rate': 'tax_rate' });
  });

  it('maps a server field to its key, whatever its English says', () => {
    expect(errorKeyOf('taxes.3.rate')).toBe('tax_rate');
    expect(errorKeyOf('payment.creditcard_fee_percent')).toBe('creditcard_fee_percent');
    expect(errorKeyFor('receipt_footer', 'The receipt footer is at most 500 characters.')).toBe(
      'receipt_footer',
    );
    expect(errorKeyFor('offline_card_limit_per_ticket', 'offline_card_limit_over_total')).toBe(
      'offline_card_limit_over_total',
    );
  });
});
