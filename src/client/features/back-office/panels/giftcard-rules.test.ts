import { describe, expect, it } from 'vitest';
import { reloadBody } from './giftcard-rules';

function issuesOf(run: () => unknown): Record<string, { code: string }[]> {
  try {
    run();
  } catch (error) {
    return (error as { fieldErrors: Record<string, { code: string }[]> }).fieldErrors;
  }
  throw new Error('expected the check to refuse');
}

describe('reloadBody', () => {
  it('sends the amount typed in the currency’s units as minor units, with the note when there is one', () => {
    expect(reloadBody({ amount: '12.50', note: '' }, 'USD')).toEqual({ amount: 1250 });
    expect(reloadBody({ amount: '1,000', note: 'Birthday' }, 'USD')).toEqual({
      amount: 100_000,
      note: 'Birthday',
    });
    // A currency without minor units (docs/money.md): 50000 đồng are 50000 minor units.
    expect(reloadBody({ amount: '50000' }, 'VND')).toEqual({ amount: 50_000 });
  });

  it('refuses an empty, zero, negative or non-numeric amount under the amount field', () => {
    for (const amount of ['', '0', '-5', 'ten']) {
      const issues = issuesOf(() => reloadBody({ amount, note: '' }, 'USD'));
      expect(Object.keys(issues), amount).toEqual(['amount']);
    }
  });

  it('refuses a note longer than 500 characters under the note field', () => {
    const issues = issuesOf(() => reloadBody({ amount: '5', note: 'x'.repeat(501) }, 'USD'));
    expect(Object.keys(issues)).toEqual(['note']);
  });
});
